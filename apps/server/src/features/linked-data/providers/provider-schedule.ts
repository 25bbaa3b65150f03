import {
  LINKED_PROVIDER_MESSAGES,
  type TConnectorSchedule,
  type TConnectorScheduleBody,
} from '@strata/contracts/linked-providers';
import {
  backoffDueAt,
  everyHoursOf,
  firstDueAt,
  nextDueAt,
  scheduleOf,
} from '@strata/core/linked-data/sync-schedule';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../../plugins/app-error.ts';
import type { TTaskExecutor } from '../../tasks/index.ts';
import type { TConnectorRow } from '../linked-data.repository.ts';
import { findOpenProviderSync } from './provider-connections.repository.ts';
import type { TProviderRegistry } from './provider-registry.ts';
import {
  addSyncFailure,
  claimDueSync,
  dueConnectors,
  findSchedule,
  setNextSyncAt,
  setSchedule,
  type TScheduleRow,
} from './provider-schedules.repository.ts';
import { queueProviderSyncTask } from './provider-sync-queue.ts';

/** The pg-boss queue of the scheduler's tick, and how often it runs: it queues the connectors then due. */
export const CONNECTOR_SCHEDULE_QUEUE = 'linked-data.scheduled-syncs';
export const CONNECTOR_SCHEDULE_CRON = '*/5 * * * *';
/** Connectors queued by one tick at most; the rest are still due at the next. */
const TICK_BATCH = 200;

function toView(connectorId: string, row: TScheduleRow | undefined): TConnectorSchedule {
  const everyHours = row?.sync_every_hours ?? null;
  return {
    connector_id: connectorId,
    ...scheduleOf(everyHours),
    next_sync_at:
      everyHours !== null && row?.next_sync_at && !row.is_login_required
        ? row.next_sync_at.toISOString()
        : null,
    last_synced_at: row?.last_synced_at?.toISOString() ?? null,
    failures: row?.sync_failures ?? 0,
    is_login_required: row?.is_login_required ?? false,
  };
}

function isFileConnector(connector: TConnectorRow): boolean {
  return connector.kind === 'manual' || connector.kind === 'file';
}

/**
 * Scheduled syncs of provider connectors (issue 24): off by default, set per connector; a tick (pg-boss
 * cron, every five minutes, in workers) queues the 'sync linked account' task of each connector then due,
 * exactly as 'sync now' does. A failed sync waits longer each time; one the provider refused for the login
 * stops the schedule until a sync succeeds again.
 */
export function createProviderSchedules(deps: {
  db: Kysely<Database>;
  tasks: TTaskExecutor;
  providers: TProviderRegistry;
}) {
  const { db, tasks, providers } = deps;

  return {
    async view(connector: TConnectorRow): Promise<TConnectorSchedule> {
      return toView(
        connector.id,
        isFileConnector(connector) ? undefined : await findSchedule(db, connector.id),
      );
    },

    async set(
      connector: TConnectorRow,
      body: TConnectorScheduleBody,
      now: Date,
    ): Promise<TConnectorSchedule> {
      if (isFileConnector(connector))
        throw new AppError('BAD_REQUEST', LINKED_PROVIDER_MESSAGES.FILE_CONNECTOR_SYNC);
      providers.require(connector.kind);
      const current = await findSchedule(db, connector.id);
      if (!current) throw new AppError('BAD_REQUEST', LINKED_PROVIDER_MESSAGES.NOT_AVAILABLE);
      const everyHours = everyHoursOf(body.schedule, body.every_hours);
      await setSchedule(db, connector.id, {
        everyHours,
        nextSyncAt:
          everyHours === null ? null : firstDueAt({ everyHours, lastSyncedAt: current.last_synced_at, now }),
      });
      return toView(connector.id, await findSchedule(db, connector.id));
    },

    /**
     * The scheduler's tick: queues the sync of every connector due at `now`. Each connector is claimed (its
     * next due time moved on) in the transaction that queues its task, so two workers ticking at once queue
     * it once; a connector whose sync is still open, or whose provider is not configured any more, is moved
     * on without a task.
     */
    async queueDue(
      now: Date,
    ): Promise<{ queued: { connector_id: string; task_id: string }[]; skipped: string[] }> {
      const queued: { connector_id: string; task_id: string }[] = [];
      const skipped: string[] = [];
      for (const due of await dueConnectors(db, now, TICK_BATCH)) {
        const taskId = await db.transaction().execute(async (trx) => {
          const next = nextDueAt({ everyHours: due.sync_every_hours, from: now });
          if (!(await claimDueSync(trx, due.connector_id, now, next))) return null;
          if (!providers.get(due.provider) || (await findOpenProviderSync(trx, due.connector_id)))
            return null;
          return queueProviderSyncTask(tasks, trx, {
            provider: due.provider,
            connectorId: due.connector_id,
            repositoryId: due.repository_id,
            userId: due.user_id,
          });
        });
        if (taskId) queued.push({ connector_id: due.connector_id, task_id: taskId });
        else skipped.push(due.connector_id);
      }
      return { queued, skipped };
    },
  };
}

export type TProviderSchedules = ReturnType<typeof createProviderSchedules>;

/**
 * A failed sync (scheduled or not): one more failure in a row, a scheduled connector waits twice as long as
 * before (at most a week), and 'login required' stops the schedule. Written outside the task's transaction,
 * like the connector's failed status.
 */
export async function recordScheduledSyncFailure(
  db: Kysely<Database>,
  connectorId: string,
  failure: { isLoginRequired: boolean; failedAt: Date },
): Promise<void> {
  const counted = await addSyncFailure(db, connectorId, failure.isLoginRequired);
  if (!counted?.sync_every_hours) return;
  await setNextSyncAt(
    db,
    connectorId,
    backoffDueAt({
      everyHours: counted.sync_every_hours,
      failures: counted.sync_failures,
      failedAt: failure.failedAt,
    }),
  );
}
