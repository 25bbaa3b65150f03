import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { completeAuthorization } from '../api/authorizations.ts';
import { LinkRun, type TLinkStart } from '../link/link-run.tsx';

type TOutcome =
  | { kind: 'checking' }
  | { kind: 'linked'; repositoryId: string; begun: Promise<TLinkStart> }
  | { kind: 'refused'; message: string };

/**
 * /connectors/callback/{connector}: where the bank (GoCardless) sends the browser back. The page hands what the
 * redirect carried (`ref`, or `state`, and the bank's `error`) to `GET linked_data/callback/{connector}`, then
 * follows the new connector's first sync; a refusal shows the server's reason and the way back to Connect.
 */
export function Component() {
  const { connector = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const ref = search.get('ref') ?? undefined;
  const state = search.get('state') ?? undefined;
  const error = search.get('error') ?? undefined;
  // An OAuth provider (the cap table) sends the authorization code with the state.
  const code = search.get('code') ?? undefined;
  const [outcome, setOutcome] = useState<TOutcome>({ kind: 'checking' });

  useEffect(() => {
    let isCurrent = true;
    // One request per state even when the effect runs twice: completeAuthorization keeps it.
    const sent = completeAuthorization(connector, { ref, state, code, error });
    sent.then(
      (made) => {
        if (isCurrent)
          setOutcome({ kind: 'linked', repositoryId: made.repositoryId, begun: Promise.resolve(made) });
      },
      (failure: unknown) => {
        if (isCurrent)
          setOutcome({
            kind: 'refused',
            message: failure instanceof Error ? failure.message : String(failure),
          });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [connector, ref, state, code, error]);

  // GoCardless links a bank; an OAuth provider (the cap table) links an account held with it.
  const party = connector === 'gocardless' ? 'bank' : 'provider';
  return (
    <Stack gap="md" maw={560}>
      <Title order={2}>{party === 'bank' ? 'Linking your bank' : 'Linking your account'}</Title>
      <Card withBorder padding="md">
        {outcome.kind === 'checking' && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">Checking the link with your {party}…</Text>
          </Group>
        )}
        {outcome.kind === 'linked' && (
          <LinkRun
            repositoryId={outcome.repositoryId}
            begun={outcome.begun}
            onClose={() => void navigate('/connectors')}
          />
        )}
        {outcome.kind === 'refused' && (
          <Stack gap="sm">
            <Alert
              color="red"
              title={`The ${party === 'bank' ? 'bank link' : 'link'} did not finish`}
              data-testid="callback-refused"
            >
              <Text size="sm">{outcome.message}</Text>
            </Alert>
            <Group justify="flex-end">
              <Button component={Link} to="/connectors">
                Connect again
              </Button>
            </Group>
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
