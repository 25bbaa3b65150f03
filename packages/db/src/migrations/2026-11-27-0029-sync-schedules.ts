import { type Kysely, sql } from 'kysely';

/**
 * Scheduled syncs (issues 24 and 25). A provider connector may sync on a schedule (off by default): every
 * `sync_every_hours`, due at `next_sync_at`; failures in a row (`sync_failures`) lengthen the wait, and a
 * login the provider refused stops the schedule until a sync succeeds again (`is_login_required`). A
 * repository records the market-data cron occurrence it was last queued for, so two workers handling the
 * same occurrence queue its sync once.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE provider_connections
    ADD COLUMN sync_every_hours integer CHECK (sync_every_hours BETWEEN 1 AND 168),
    ADD COLUMN next_sync_at timestamptz,
    ADD COLUMN sync_failures integer NOT NULL DEFAULT 0,
    ADD COLUMN is_login_required boolean NOT NULL DEFAULT false`.execute(db);
  // The scheduler's one question: which scheduled connectors are due.
  await sql`CREATE INDEX provider_connections_due_idx ON provider_connections (next_sync_at)
    WHERE sync_every_hours IS NOT NULL`.execute(db);
  await sql`ALTER TABLE repositories ADD COLUMN market_data_scheduled_for timestamptz`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE repositories DROP COLUMN IF EXISTS market_data_scheduled_for`.execute(db);
  await sql`DROP INDEX IF EXISTS provider_connections_due_idx`.execute(db);
  await sql`ALTER TABLE provider_connections
    DROP COLUMN IF EXISTS is_login_required,
    DROP COLUMN IF EXISTS sync_failures,
    DROP COLUMN IF EXISTS next_sync_at,
    DROP COLUMN IF EXISTS sync_every_hours`.execute(db);
}
