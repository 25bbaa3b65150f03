import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { LinkRun, type TLinkStart } from './link-run.tsx';

export interface TKeyPair {
  name: string;
  key: string;
  secret: string;
}

export interface TKeyPairLinkProps {
  repositoryId: string;
  onClose: () => void;
  /** What to make at the provider and what this server does with it. */
  intro: string;
  defaultName: string;
  keyLabel: string;
  secretLabel: string;
  /** Sends the pair to the provider's link endpoint; answers the connector and its first sync's task. */
  send: (pair: TKeyPair) => Promise<{ connector_id: string; task_id: string }>;
}

/**
 * The providers linked with credentials the user makes at the provider (Kraken's API key, Arch's API client):
 * the pair is tried by the server once and sealed (never shown again), then the first sync's progress and counts.
 * The fields are cleared from the form once sent.
 */
export function KeyPairLink({
  repositoryId,
  onClose,
  intro,
  defaultName,
  keyLabel,
  secretLabel,
  send,
}: TKeyPairLinkProps) {
  const [begun, setBegun] = useState<Promise<TLinkStart> | null>(null);
  const [name, setName] = useState(defaultName);
  const [key, setKey] = useState('');
  const [secret, setSecret] = useState('');

  if (begun) return <LinkRun repositoryId={repositoryId} begun={begun} onClose={onClose} />;
  const ready = key.trim() !== '' && secret.trim() !== '' && name.trim() !== '';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) return;
        const connectorName = name.trim();
        const started = send({ name: connectorName, key: key.trim(), secret: secret.trim() }).then(
          (made) => ({
            connectorId: made.connector_id,
            connectorName,
            taskId: made.task_id,
          }),
        );
        // Sent from the submit, once; the dialog follows it and reports a refusal.
        started.catch(() => {});
        setKey('');
        setSecret('');
        setBegun(started);
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{intro}</Text>
        <TextInput
          label="Connector name"
          value={name}
          maxLength={255}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <TextInput
          label={keyLabel}
          value={key}
          autoComplete="off"
          onChange={(event) => setKey(event.currentTarget.value)}
          data-autofocus
        />
        <PasswordInput
          label={secretLabel}
          value={secret}
          autoComplete="off"
          onChange={(event) => setSecret(event.currentTarget.value)}
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
