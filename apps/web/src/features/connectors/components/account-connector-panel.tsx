import { Stack, Tabs, Text } from '@mantine/core';
import type { TSort } from '@strata/core/filters/sort-model';
import { useState } from 'react';
import { modals } from '../../../shared/modals/modal-store.ts';
import { LinkedTransactionsGrid } from '../../linked-data/index.ts';

const DEFAULT_SORT: TSort = [{ field: 'date', sortDirection: 'descending' }];

export interface TAccountConnectorPanelProps {
  repositoryId: string;
  /** The repository's account (asset) a linked account is mapped to. */
  assetId: string;
  accountName: string;
  accountType: string;
}

/** '{name} · {type}': the panel's title (linked seed §2). */
export function accountPanelTitle(
  props: Pick<TAccountConnectorPanelProps, 'accountName' | 'accountType'>,
): string {
  return [props.accountName, props.accountType].filter(Boolean).join(' · ');
}

/**
 * The account connector panel's body (linked seed §2): tabs Transactions — the linked list limited to the one
 * account, without the connector, account and access-method columns — and Positions (no API yet).
 */
export function AccountConnectorPanel({ repositoryId, assetId }: TAccountConnectorPanelProps) {
  const [sort, setSort] = useState<TSort>(DEFAULT_SORT);
  return (
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
        <Stack>
          <Text c="dimmed" size="sm">
            Linked positions arrive with the investment statements.
          </Text>
        </Stack>
      </Tabs.Panel>
    </Tabs>
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
