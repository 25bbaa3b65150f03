import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconFileImport, IconPlugConnected, IconUpload } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useCurrentRepository } from '../../repositories/index.ts';
import { type TLinkedAccount, useConnectors, useLinkedAccounts } from '../api/connectors.ts';
import { ConnectorCard } from '../components/connector-card.tsx';
import { ConnectorsEmpty } from '../components/connectors-empty.tsx';
import { openImportStatement } from '../components/open-dialogs.ts';
import { openConnect, resumePlaidLinkAfterRedirect } from '../link/connect-entry.ts';
import { isPlaidOAuthReturn } from '../link/plaid-link-resume.ts';

export function Component() {
  const { repository, permissions } = useCurrentRepository();
  // An OAuth bank sends the browser back here (PLAID_REDIRECT_URI): Plaid Link resumes where it was.
  useEffect(() => {
    if (isPlaidOAuthReturn(window.location.href)) resumePlaidLinkAfterRedirect(window.location.href);
  }, []);
  if (!repository) {
    return (
      <Stack p="md">
        <Title order={1} size="h3">
          Connectors
        </Title>
        <Text c="dimmed">Create or pick a repository in the header first.</Text>
      </Stack>
    );
  }
  return (
    <ConnectorsList
      key={repository.id}
      repositoryId={repository.id}
      canWrite={Boolean(permissions?.canWrite)}
    />
  );
}

/** /connectors (linked seed §2): the no-data view, else each connector with its accounts and actions. */
export function ConnectorsList({ repositoryId, canWrite }: { repositoryId: string; canWrite: boolean }) {
  const connectors = useConnectors(repositoryId);
  const accounts = useLinkedAccounts(repositoryId);
  const byConnector = useMemo(() => {
    const map = new Map<string, TLinkedAccount[]>();
    for (const account of accounts.data ?? []) {
      map.set(account.connector_id, [...(map.get(account.connector_id) ?? []), account]);
    }
    return map;
  }, [accounts.data]);

  const error = connectors.error ?? accounts.error;
  let body: React.ReactNode;
  if (error) {
    body = (
      <Alert color="red" title="Connectors could not be loaded">
        {error.message}
      </Alert>
    );
  } else if (connectors.isPending || accounts.isPending) {
    body = (
      <Center h={200}>
        <Loader aria-label="Loading connectors" />
      </Center>
    );
  } else if ((connectors.data ?? []).length === 0) {
    body = <ConnectorsEmpty repositoryId={repositoryId} canWrite={canWrite} />;
  } else {
    body = (
      <Stack gap="md">
        {(connectors.data ?? []).map((connector) => (
          <ConnectorCard
            key={connector.id}
            connector={connector}
            accounts={byConnector.get(connector.id) ?? []}
            canWrite={canWrite}
          />
        ))}
      </Stack>
    );
  }

  const hasConnectors = (connectors.data?.length ?? 0) > 0;
  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={1} size="h3">
          Connectors
        </Title>
        {canWrite && hasConnectors && (
          <Group gap="xs">
            <Button leftSection={<IconPlugConnected size={16} />} onClick={() => openConnect(repositoryId)}>
              Connect
            </Button>
            <Button
              variant="default"
              leftSection={<IconUpload size={16} />}
              onClick={() => openImportStatement({ repositoryId, mode: 'ofx' })}
            >
              Import OFX/QFX
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} />}
              onClick={() => openImportStatement({ repositoryId, mode: 'manual' })}
            >
              Load a file
            </Button>
          </Group>
        )}
      </Group>
      {body}
    </Stack>
  );
}
