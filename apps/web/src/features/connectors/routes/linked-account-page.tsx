import { Anchor, Breadcrumbs, Center, Loader, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { NotFoundPage } from '../../../shared/ui/status-page.tsx';
import { TabbedItemPage, type TItemTab } from '../../../shared/ui/tabbed-item-page.tsx';
import { useCurrentRepository } from '../../repositories/index.ts';
import { useLinkedAccount } from '../api/connectors.ts';
import { linkedAccountTitle } from '../components/connector-card.tsx';

const TABS: readonly TItemTab[] = [
  { label: 'Transactions', path: '' },
  { label: 'Positions', path: 'positions' },
];

export function Component() {
  const { connectorId = '', accountId = '' } = useParams();
  const { repository } = useCurrentRepository();
  if (!repository) return null;
  return <LinkedAccountFrame repositoryId={repository.id} connectorId={connectorId} accountId={accountId} />;
}

/**
 * /connectors/{connector}/{account} (linked seed §2): the linked account titled with its name and type, and
 * its Transactions / Positions tabs. An account that is not there — or not this connector's — is a 404.
 */
export function LinkedAccountFrame({
  repositoryId,
  connectorId,
  accountId,
}: {
  repositoryId: string;
  connectorId: string;
  accountId: string;
}) {
  const account = useLinkedAccount(repositoryId, accountId);
  if (account.isPending) {
    return (
      <Center h={200}>
        <Loader aria-label="Loading account" />
      </Center>
    );
  }
  if (account.isError) {
    if (isApiError(account.error) && (account.error.status === 404 || account.error.status === 400)) {
      return <NotFoundPage />;
    }
    return (
      <Text c="red" p="md">
        {account.error.message}
      </Text>
    );
  }
  if (account.data.connector_id !== connectorId) return <NotFoundPage />;
  const title = [linkedAccountTitle(account.data), account.data.type].filter(Boolean).join(' · ');
  return (
    <Stack p="md" gap="xs">
      <Breadcrumbs>
        <Anchor component={Link} to="/connectors" size="sm">
          Connectors
        </Anchor>
        <Anchor component={Link} to={`/connectors/${connectorId}`} size="sm">
          {account.data.connector_name}
        </Anchor>
        <Text size="sm">{linkedAccountTitle(account.data)}</Text>
      </Breadcrumbs>
      <TabbedItemPage title={title} basePath={`/connectors/${connectorId}/${accountId}`} tabs={TABS} />
    </Stack>
  );
}
