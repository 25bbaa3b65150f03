import { Alert, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { readTask, TaskFailedError, waitForTask } from '../../tasks/index.ts';
import { linkedDataKey } from '../api/connectors.ts';
import { syncCountsText, syncProgressOf, type TSyncProgressView } from '../provider-link.ts';

/** The dialog is watched while open, so it polls far more often than the task list's 30 s (seed §9). */
const SYNC_POLL_INTERVAL_MS = 1000;

export interface TLinkStart {
  connectorId: string;
  connectorName: string;
  taskId: string | null;
}

type TPhase =
  | { kind: 'starting' }
  | { kind: 'running'; progress: TSyncProgressView }
  | { kind: 'done'; counts: string }
  | { kind: 'failed'; message: string };

/**
 * Follows a link's last step and its first sync: `begun` is the request that made (or re-linked) the connector,
 * sent by the caller's event handler — never from an effect, which React may run twice — and answers the sync
 * task, whose progress shows until the sync event's counts, or the reason it failed.
 */
export function LinkRun({
  repositoryId,
  begun,
  onClose,
}: {
  repositoryId: string;
  begun: Promise<TLinkStart>;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<TPhase>({ kind: 'starting' });
  const [linked, setLinked] = useState<TLinkStart | null>(null);
  useEffect(() => {
    // Closing the dialog stops following the task (the sync itself goes on on the server).
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      try {
        const started = await begun;
        if (signal.aborted) return;
        setLinked(started);
        void queryClient.invalidateQueries({ queryKey: linkedDataKey(repositoryId) });
        if (!started.taskId) {
          setPhase({ kind: 'done', counts: '' });
          return;
        }
        setPhase({ kind: 'running', progress: { percent: 5, label: 'Waiting to sync…' } });
        const task = await waitForTask(started.taskId, {
          readTask,
          intervalMs: SYNC_POLL_INTERVAL_MS,
          signal,
          onPoll: (polled) => setPhase({ kind: 'running', progress: syncProgressOf(polled) }),
        });
        const counts = syncCountsText(task.result);
        setPhase({ kind: 'done', counts });
        notifications.success(`${started.connectorName} synced`, {
          description: counts,
          link: { to: `/connectors/${started.connectorId}`, label: 'Open' },
        });
      } catch (error) {
        if (signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        setPhase({ kind: 'failed', message });
        if (!(error instanceof TaskFailedError)) notifications.error(message);
      } finally {
        if (!signal.aborted) void queryClient.invalidateQueries({ queryKey: linkedDataKey(repositoryId) });
      }
    })();
    return () => controller.abort();
  }, [begun, queryClient, repositoryId]);

  return (
    <Stack gap="sm">
      {phase.kind === 'starting' && (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Connecting…</Text>
        </Group>
      )}
      {phase.kind === 'running' && (
        <Stack gap={4}>
          <Progress value={phase.progress.percent} animated striped aria-label="Sync progress" />
          <Text size="xs" c="dimmed" data-testid="link-progress">
            {phase.progress.label}
          </Text>
        </Stack>
      )}
      {phase.kind === 'done' && (
        <Alert
          color="green"
          title={`${linked?.connectorName ?? 'Connector'} linked`}
          data-testid="link-result"
        >
          <Text size="sm">{phase.counts || 'The first sync is queued.'}</Text>
        </Alert>
      )}
      {phase.kind === 'failed' && (
        <Alert color="red" title="The link did not finish" data-testid="link-failed">
          <Text size="sm">{phase.message}</Text>
        </Alert>
      )}
      <Group justify="flex-end">
        {phase.kind === 'done' && linked && (
          <Button
            variant="default"
            component={Link}
            to={`/connectors/${linked.connectorId}`}
            onClick={onClose}
          >
            Open connector
          </Button>
        )}
        <Button onClick={onClose} variant={phase.kind === 'done' ? 'filled' : 'default'}>
          {phase.kind === 'done' || phase.kind === 'failed' ? 'Done' : 'Close'}
        </Button>
      </Group>
    </Stack>
  );
}
