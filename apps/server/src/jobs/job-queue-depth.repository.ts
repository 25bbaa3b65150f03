import { type Kysely, sql } from 'kysely';

export interface TQueueDepth {
  queue: string;
  /** Waiting to be taken (created or handed back for a retry), including jobs not due yet. */
  waiting: number;
  /** Taken by a worker and not settled. */
  active: number;
}

/**
 * Counted from pg-boss's job table itself, not its cached queue counts (which only a monitoring pass
 * refreshes): a scrape reads the queues as they are. Cheap: the states counted are the few unsettled jobs.
 */
// biome-ignore lint/suspicious/noExplicitAny: pg-boss's tables are not part of the app's schema.
export async function readQueueDepths(db: Kysely<any>): Promise<TQueueDepth[]> {
  const { rows } = await sql<{ queue: string; waiting: string | number; active: string | number }>`
    select name as queue,
           count(*) filter (where state in ('created', 'retry')) as waiting,
           count(*) filter (where state = 'active') as active
      from pgboss.job
     where state in ('created', 'retry', 'active')
     group by name`.execute(db);
  return rows.map((row) => ({ queue: row.queue, waiting: Number(row.waiting), active: Number(row.active) }));
}
