import { Stack, Tabs, Text } from '@mantine/core';
import type { TSort } from '@strata/core/filters/sort-model';
import { useState } from 'react';
import { modals } from '../../../shared/modals/modal-store.ts';
import { LinkedPositionsGrid, LinkedTransactionsGrid } from '../../linked-data/index.ts';
import { useConnectors, useLinkedAccount } from '../api/connectors.ts';
import { PoweredBy } from './powered-by.tsx';

const DEFAULT_SORT: TSort = [{ field: 'date', sortDirection: 'descending' }];
const POSITIONS_SORT: TSort = [{ field: 'as_of_date', sortDirection: 'descending' }];

export interface TAccountConnectorPanelProps {
  repositoryId: string;
  /** The repository's account (asset) a linked account is mapped to. */
  assetId: string;
  /** The linked account itself: positions belong to it (a statement's holdings), not to the asset. */
  linkedAccountId?: string | null;
  accountName: string;
  accountType: string;
}

/** '{name} · {type}': the panel's title (linked seed §2). */
export function accountPanelTitle(
  props: Pick<TAccountConnectorPanelProps, 'accountName' | 'accountType'>,
): string {
  return [props.accountName, props.accountType].filter(Boolean).join(' · ');
}

/** The panel's 'Powered by' (linked seed §2): the connector behind the linked account, when it is the known source. */
function PanelPoweredBy({
  repositoryId,
  linkedAccountId,
}: {
  repositoryId: string;
  linkedAccountId: string;
}) {
  const account = useLinkedAccount(repositoryId, linkedAccountId);
  const connectors = useConnectors(repositoryId);
  const connector = connectors.data?.find((item) => item.id === account.data?.connector_id);
  return <PoweredBy connector={connector} />;
}

/**
 * The account connector panel's body (linked seed §2): tabs Transactions — the linked list limited to the one
 * account, without the connector, account and access-method columns — and Positions, the linked account's
 * holdings as its statements gave them.
 */
export function AccountConnectorPanel({
  repositoryId,
  assetId,
  linkedAccountId,
}: TAccountConnectorPanelProps) {
  const [sort, setSort] = useState<TSort>(DEFAULT_SORT);
  const [positionsSort, setPositionsSort] = useState<TSort>(POSITIONS_SORT);
  return (
    <Stack gap="xs">
      {linkedAccountId && <PanelPoweredBy repositoryId={repositoryId} linkedAccountId={linkedAccountId} />}
      <Tabs defaultValue="transactions" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="transactions">Transactions</Tabs.Tab>
          <Tabs.Tab value="positions">Positions</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="transactions" pt="sm">
          <LinkedTransactionsGrid
            repositoryId={repositoryId}
            view="account"
            assetId={assetId}
            sort={sort}
            onSortChange={setSort}
            height="calc(100vh - 220px)"
          />
        </Tabs.Panel>
        <Tabs.Panel value="positions" pt="sm">
          {linkedAccountId ? (
            <LinkedPositionsGrid
              repositoryId={repositoryId}
              view="account"
              linkedAccountId={linkedAccountId}
              sort={positionsSort}
              onSortChange={setPositionsSort}
              height="calc(100vh - 220px)"
            />
          ) : (
            <Stack>
              <Text c="dimmed" size="sm">
                Linked positions arrive with the investment statements.
              </Text>
            </Stack>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** Opens the panel as a minimizable slide-over on the app's modal stack, one per account. */
export function openAccountConnectorPanel(props: TAccountConnectorPanelProps): void {
  modals.open({
    id: `account-connector-${props.assetId}`,
    kind: 'slidepanel',
    size: 'xl',
    title: accountPanelTitle(props),
    render: () => <AccountConnectorPanel {...props} />,
  });
}
