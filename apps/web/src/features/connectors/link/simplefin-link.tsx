import { Anchor, Button, Group, List, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { modals } from '../../../shared/modals/modal-store.ts';
import { linkProviderConnector } from '../api/providers.ts';
import { ConsentStep } from './consent-step.tsx';
import { LinkRun, type TLinkStart } from './link-run.tsx';

type TStep = { kind: 'consent' } | { kind: 'token' } | { kind: 'run'; begun: Promise<TLinkStart> };

/**
 * SimpleFIN (protocol 1.0): the consent step, then the setup token the user made at their bridge, claimed by
 * the server once; then the first sync's progress and counts.
 */
export function SimplefinLink({ repositoryId, onClose }: { repositoryId: string; onClose: () => void }) {
  const [step, setStep] = useState<TStep>({ kind: 'consent' });
  const [name, setName] = useState('SimpleFIN');
  const [setupToken, setSetupToken] = useState('');
  const connect = (connectorName: string, token: string) => {
    const begun = linkProviderConnector({
      repository_id: repositoryId,
      name: connectorName,
      access_method: 'simplefin',
      setup_token: token,
    }).then((made) => ({ connectorId: made.id, connectorName: made.name, taskId: made.task_id }));
    // Sent from the click, once; the dialog follows it and reports a refusal.
    begun.catch(() => {});
    setStep({ kind: 'run', begun });
  };

  if (step.kind === 'consent') {
    return (
      <ConsentStep providerName="SimpleFIN" onNext={() => setStep({ kind: 'token' })} onCancel={onClose}>
        <Stack gap={6}>
          <span>Your SimpleFIN bridge will let this server read, until you revoke it there:</span>
          <List size="sm" spacing={2}>
            <List.Item>the accounts you chose at the bridge, with their names and balances;</List.Item>
            <List.Item>their transactions, including pending ones, from 90 days back.</List.Item>
          </List>
          <span>
            The access is kept sealed on this server and never shown again; your bank password stays with the
            bridge.
          </span>
        </Stack>
      </ConsentStep>
    );
  }
  if (step.kind === 'token') {
    const trimmed = setupToken.trim();
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed && name.trim()) connect(name.trim(), trimmed);
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Connector name"
            value={name}
            maxLength={255}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Textarea
            label="Setup token"
            description={
              <>
                Make one at your bridge (e.g.{' '}
                <Anchor href="https://beta-bridge.simplefin.org" target="_blank" rel="noreferrer" size="xs">
                  beta-bridge.simplefin.org
                </Anchor>
                ) and paste it here. It works once.
              </>
            }
            rows={3}
            value={setupToken}
            onChange={(event) => setSetupToken(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep({ kind: 'consent' })}>
              Back
            </Button>
            <Button type="submit" disabled={!trimmed || !name.trim()}>
              Connect
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }
  return <LinkRun repositoryId={repositoryId} begun={step.begun} onClose={onClose} />;
}

export function openSimplefinLink(repositoryId: string): void {
  modals.open({
    id: 'connect-simplefin',
    kind: 'dialog',
    size: 'md',
    title: 'Connect SimpleFIN',
    render: ({ close }) => <SimplefinLink repositoryId={repositoryId} onClose={() => void close()} />,
  });
}
