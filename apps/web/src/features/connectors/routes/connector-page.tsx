import { Anchor, Badge, Breadcrumbs, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../shared/ui/status-page.tsx';
import { useCurrentRepository } from '../../repositories/index.ts';
import { useConnectors, useLinkedAccounts } from '../api/connectors.ts';
import {
  ACCESS_METHOD_LABELS,
  ConnectorActions,
  ConnectorStatus,
  ProviderSyncButtons,
} from '../components/connector-actions.tsx';
import { LinkedAccountsTable } from '../components/connector-card.tsx';
import { NoRepository } from '../components/no-repository.tsx';
import { PoweredBy } from '../components/powered-by.tsx';

export function Component() {
  const { connectorId = '' } = useParams();
  const { repository, permissions } = useCurrentRepository();
  if (!repository) return <NoRepository title="Connector" />;
  return (
    <ConnectorDetail
      key={`${repository.id}:${connectorId}`}
      repositoryId={repository.id}
      connectorId={connectorId}
      canWrite={Boolean(permissions?.canWrite)}
    />
  );
}

/** /connectors/{id} (linked seed §2): one connector, its status and accounts; an unknown id is a 404. */
export function ConnectorDetail({
  repositoryId,
  connectorId,
  canWrite,
}: {
  repositoryId: string;
  connectorId: string;
  canWrite: boolean;
}) {
  const navigate = useNavigate();
  const connectors = useConnectors(repositoryId);
  const accounts = useLinkedAccounts(repositoryId, connectorId);
  if (connectors.isPending) {
    return (
      <Center h={200}>
        <Loader aria-label="Loading connector" />
      </Center>
    );
  }
  const connector = connectors.data?.find((item) => item.id === connectorId);
  if (!connector) return <NotFoundPage />;
  return (
    <Stack p="md" gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/connectors" size="sm">
          Connectors
        </Anchor>
        <Text size="sm">{connector.name}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Title order={1} size="h3">
            {connector.name}
          </Title>
          <Group gap="xs">
            <Badge variant="outline" color="gray">
              {ACCESS_METHOD_LABELS[connector.access_method]}
            </Badge>
            <ConnectorStatus connector={connector} />
          </Group>
          <PoweredBy connector={connector} />
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <ProviderSyncButtons connector={connector} canWrite={canWrite} />
          <ConnectorActions
            connector={connector}
            canWrite={canWrite}
            onDeleted={() => navigate('/connectors')}
          />
        </Group>
      </Group>
      <Title order={2} size="h4">
        Accounts
      </Title>
      {accounts.isPending ? (
        <Loader size="sm" aria-label="Loading accounts" />
      ) : (
        <LinkedAccountsTable connectorId={connector.id} accounts={accounts.data ?? []} />
      )}
    </Stack>
  );
}
