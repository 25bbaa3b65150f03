import type { QueryClient } from '@tanstack/react-query';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { readTask, waitForTask } from '../../tasks/index.ts';
import { linkedDataKey } from '../api/connectors.ts';
import { syncConnectorNow } from '../api/providers.ts';
import { syncCountsText, syncProgressOf } from '../provider-link.ts';

/** Followed from a toast, which the user watches: polled more often than the task list's 30 s (seed §9). */
const SYNC_POLL_INTERVAL_MS = 1000;

/**
 * 'Sync now' (linked seed §2 'Connector actions'): a progress notification that follows the sync task, then the
 * success with the sync's counts and 'Open' — or, on failure, the progress removed and the error shown (§8).
 */
export async function syncNowFlow(
  connector: { id: string; name: string; repository_id: string },
  queryClient: QueryClient,
): Promise<void> {
  const id = `sync-connector-${connector.id}`;
  const title = `Syncing ${connector.name}`;
  notifications.progress(id, title);
  try {
    const { task_id } = await syncConnectorNow(connector.id);
    const task = await waitForTask(task_id, {
      readTask,
      intervalMs: SYNC_POLL_INTERVAL_MS,
      onPoll: (polled) => notifications.progress(id, title, { description: syncProgressOf(polled).label }),
    });
    notifications.resolve(id, `${connector.name} synced`, {
      description: syncCountsText(task.result),
      link: { to: `/connectors/${connector.id}`, label: 'Open' },
    });
  } catch (error) {
    notifications.remove(id);
    notifyError(error);
  } finally {
    await queryClient.invalidateQueries({ queryKey: linkedDataKey(connector.repository_id) });
  }
}
