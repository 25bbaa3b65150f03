import type { Database } from '@strata/db/schema';
import { type Kysely, sql } from 'kysely';

type TDb = Kysely<Database>;

/** A provider connector's schedule columns (migration 2026-11-27-0029). */
export interface TScheduleRow {
  connector_id: string;
  sync_every_hours: number | null;
  next_sync_at: Date | null;
  last_synced_at: Date | null;
  sync_failures: number;
  is_login_required: boolean;
}

export async function findSchedule(db: TDb, connectorId: string): Promise<TScheduleRow | undefined> {
  const row = await db
    .selectFrom('provider_connections')
    .select([
      'connector_id',
      'sync_every_hours',
      'next_sync_at',
      'last_synced_at',
      'sync_failures',
      'is_login_required',
    ])
    .where('connector_id', '=', connectorId)
    .executeTakeFirst();
  return row
    ? { ...row, last_synced_at: row.last_synced_at === null ? null : new Date(row.last_synced_at) }
    : undefined;
}

export async function setSchedule(
  db: TDb,
  connectorId: string,
  schedule: { everyHours: number | null; nextSyncAt: Date | null },
): Promise<void> {
  await db
    .updateTable('provider_connections')
    .set({ sync_every_hours: schedule.everyHours, next_sync_at: schedule.nextSyncAt, updated_at: new Date() })
    .where('connector_id', '=', connectorId)
    .execute();
}

export interface TDueConnector {
  connector_id: string;
  repository_id: string;
  provider: string;
  sync_every_hours: number;
  /** Who the task is queued for: the connector's maker, else its home repository's owner. */
  user_id: string;
}

/** Scheduled connectors due at `now`, oldest due first; none whose login the provider refused. */
export async function dueConnectors(db: TDb, now: Date, limit: number): Promise<TDueConnector[]> {
  const rows = await db
    .selectFrom('provider_connections as p')
    .innerJoin('connectors as c', 'c.id', 'p.connector_id')
    .innerJoin('repositories as r', 'r.id', 'c.repository_id')
    .select([
      'p.connector_id',
      'c.repository_id',
      'p.provider',
      'p.sync_every_hours',
      'c.created_by',
      'r.owner_id',
    ])
    .where('p.sync_every_hours', 'is not', null)
    .where('p.is_login_required', '=', false)
    .where('p.next_sync_at', '<=', now)
    .orderBy('p.next_sync_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    connector_id: row.connector_id,
    repository_id: row.repository_id,
    provider: row.provider,
    sync_every_hours: row.sync_every_hours as number,
    user_id: row.created_by ?? row.owner_id,
  }));
}

/**
 * Takes the connector's due sync: moves its next due time to `nextSyncAt` only if it is still due at `now`.
 * PostgreSQL re-checks the condition after a concurrent UPDATE of the row commits, so of two schedulers
 * claiming the same connector exactly one is answered true.
 */
export async function claimDueSync(
  db: TDb,
  connectorId: string,
  now: Date,
  nextSyncAt: Date,
): Promise<boolean> {
  const claimed = await db
    .updateTable('provider_connections')
    .set({ next_sync_at: nextSyncAt })
    .where('connector_id', '=', connectorId)
    .where('sync_every_hours', 'is not', null)
    .where('is_login_required', '=', false)
    .where('next_sync_at', '<=', now)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

/** One more failed sync in a row (the provider refusing the login stops the schedule); answers the count. */
export async function addSyncFailure(
  db: TDb,
  connectorId: string,
  isLoginRequired: boolean,
): Promise<{ sync_failures: number; sync_every_hours: number | null } | undefined> {
  return db
    .updateTable('provider_connections')
    .set((eb) => ({
      sync_failures: eb('sync_failures', '+', 1),
      ...(isLoginRequired ? { is_login_required: true } : {}),
    }))
    .where('connector_id', '=', connectorId)
    .returning(['sync_failures', 'sync_every_hours'])
    .executeTakeFirst();
}

export async function setNextSyncAt(db: TDb, connectorId: string, nextSyncAt: Date): Promise<void> {
  await db
    .updateTable('provider_connections')
    .set({ next_sync_at: nextSyncAt })
    .where('connector_id', '=', connectorId)
    .where('sync_every_hours', 'is not', null)
    .execute();
}

/**
 * A sync succeeded (after recordProviderSync stamped last_synced_at): no failures in a row, the login works
 * again, and a scheduled connector is next due an interval after this sync (a backoff is over).
 */
export async function recordSyncSuccess(db: TDb, connectorId: string): Promise<void> {
  await db
    .updateTable('provider_connections')
    .set({
      sync_failures: 0,
      is_login_required: false,
      next_sync_at: sql<Date | null>`CASE WHEN sync_every_hours IS NULL THEN NULL
        ELSE last_synced_at + sync_every_hours * interval '1 hour' END`,
    })
    .where('connector_id', '=', connectorId)
    .execute();
}
