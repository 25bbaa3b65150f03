import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { krakenSync } from '@strata/contracts/linked-authorizations';
import { useState } from 'react';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
import { modals } from '../../../shared/modals/modal-store.ts';
import { LinkRun, type TLinkStart } from './link-run.tsx';

/**
 * Kraken: a read-only API key and its private key, tried by the server once and sealed (never shown again);
 * then the first sync's progress and counts. The fields are cleared from the form once sent.
 */
export function KrakenLink({ repositoryId, onClose }: { repositoryId: string; onClose: () => void }) {
  const [begun, setBegun] = useState<Promise<TLinkStart> | null>(null);
  const [name, setName] = useState('Kraken');
  const [apiKey, setApiKey] = useState('');
  const [apiSecret, setApiSecret] = useState('');

  if (begun) return <LinkRun repositoryId={repositoryId} begun={begun} onClose={onClose} />;
  const ready = apiKey.trim() !== '' && apiSecret.trim() !== '' && name.trim() !== '';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) return;
        const connectorName = name.trim();
        const started = callEndpoint(krakenSync, {
          body: {
            repository_id: repositoryId,
            api_key: apiKey.trim(),
            api_secret: apiSecret.trim(),
            name: connectorName,
          },
        }).then((made) => ({ connectorId: made.connector_id, connectorName, taskId: made.task_id }));
        // Sent from the submit, once; the dialog follows it and reports a refusal.
        started.catch(() => {});
        setApiKey('');
        setApiSecret('');
        setBegun(started);
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          Make an API key in Kraken (Settings → API) with only Query Funds, Query Ledger Entries and Query
          Closed Orders &amp; Trades. This server reads your balances and ledger with it; it is kept sealed
          and never shown again.
        </Text>
        <TextInput
          label="Connector name"
          value={name}
          maxLength={255}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <TextInput
          label="API key"
          value={apiKey}
          autoComplete="off"
          onChange={(event) => setApiKey(event.currentTarget.value)}
          data-autofocus
        />
        <PasswordInput
          label="Private key"
          value={apiSecret}
          autoComplete="off"
          onChange={(event) => setApiSecret(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready}>
            Connect
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function openKrakenLink(repositoryId: string): void {
  modals.open({
    id: 'connect-kraken',
    kind: 'dialog',
    size: 'md',
    title: 'Connect Kraken',
    render: ({ close }) => <KrakenLink repositoryId={repositoryId} onClose={() => void close()} />,
  });
}
