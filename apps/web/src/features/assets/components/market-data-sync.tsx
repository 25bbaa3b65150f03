import { Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type TDateDisplay, useDateDisplay } from '../../../shared/lib/date-format.tsx';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { readTask, TaskFailedError, waitForTask } from '../../tasks/index.ts';
import { marketDataStatusKey, syncMarketData, useMarketDataStatus } from '../api/market-data.ts';

/** Watched while the tab is open, so it polls more often than the task list's 30 s (seed §9). */
const SYNC_POLL_INTERVAL_MS = 1000;

/** Not in the seed (docs/market-data.md): the toasts of 'Sync now'. */
export const MARKET_DATA_SYNC_MESSAGES = {
  IN_PROGRESS: 'Market data sync in progress',
  SUCCEEDED: 'Market data synced',
  FAILED: 'Market data sync failed',
} as const;

function momentOf(at: string | null, display: TDateDisplay): string {
  if (!at) return 'never';
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: display.timeZone,
  }).format(new Date(at));
  return `${display.instant(at)} ${time}`;
}

function progressText(progress: Record<string, unknown> | null): string | undefined {
  const done = progress?.done;
  const total = progress?.total;
  return typeof done === 'number' && typeof total === 'number' ? `${done} of ${total} securities` : undefined;
}

/**
 * The repository's market data (issue 25): when its prices and rates were last synced and when the
 * scheduled sync runs next, and for writers 'Sync now', which queues the 'market data sync' task and follows
 * it in a progress notification. Without a provider it says so and offers nothing to press.
 */
export function MarketDataSync({ repositoryId, canWrite }: { repositoryId: string; canWrite: boolean }) {
  const status = useMarketDataStatus(repositoryId);
  const queryClient = useQueryClient();
  const display = useDateDisplay();
  const [isSyncing, setSyncing] = useState(false);
  if (!status.data) return null;
  const { message, last_synced_at, next_sync_at, provider, fx_provider } = status.data;

  const sync = async () => {
    setSyncing(true);
    let progressId: string | null = null;
    try {
      const task = await syncMarketData(repositoryId);
      progressId = `market-data-sync-${task.id}`;
      const id = progressId;
      notifications.progress(id, MARKET_DATA_SYNC_MESSAGES.IN_PROGRESS);
      const finished = await waitForTask(task.id, {
        readTask,
        intervalMs: SYNC_POLL_INTERVAL_MS,
        onPoll: (polled) =>
          notifications.progress(id, MARKET_DATA_SYNC_MESSAGES.IN_PROGRESS, {
            description: progressText(polled.progress),
          }),
      });
      const written = finished.result?.prices_written;
      notifications.resolve(id, MARKET_DATA_SYNC_MESSAGES.SUCCEEDED, {
        description: typeof written === 'number' ? `${written} prices written` : undefined,
      });
    } catch (error) {
      if (progressId) notifications.remove(progressId);
      if (error instanceof TaskFailedError)
        notifications.error(MARKET_DATA_SYNC_MESSAGES.FAILED, { description: error.message });
      else notifyError(error);
    } finally {
      setSyncing(false);
      await queryClient.invalidateQueries({ queryKey: marketDataStatusKey(repositoryId) });
    }
  };

  const hasProvider = provider !== null || fx_provider !== null;
  return (
    <Stack gap={4} aria-label="Market data">
      {message && (
        <Text size="sm" c="dimmed">
          {message}
        </Text>
      )}
      {hasProvider && (
        <Group justify="space-between" align="center">
          <Stack gap={0}>
            <Text size="sm">Market data last synced: {momentOf(last_synced_at, display)}</Text>
            <Text size="sm" c="dimmed">
              Next scheduled sync: {next_sync_at ? momentOf(next_sync_at, display) : 'off'}
            </Text>
          </Stack>
          {canWrite && (
            <Button variant="light" size="xs" onClick={() => void sync()} loading={isSyncing}>
              Sync now
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
