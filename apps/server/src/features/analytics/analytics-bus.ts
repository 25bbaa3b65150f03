import { randomUUID } from 'node:crypto';
import { notify, type TDatabaseHandle } from '@strata/db/database';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { TAnalyticsEvents } from './analytics-events.ts';

/** The PostgreSQL channel on which instances pass analytics news to each other's sockets. */
export const ANALYTICS_CHANNEL = 'strata_analytics';

/** A compute finished somewhere: its result is in analytics_results (a NOTIFY carries 8,000 bytes at most). */
export const ZResultNote = z.object({
  repository_id: z.string(),
  request_hash: z.string(),
  data_version: z.number(),
  status: z.enum(['done', 'error']),
  compute_ms: z.number(),
});
export type TResultNote = z.infer<typeof ZResultNote>;

const ZBusMessage = z.discriminatedUnion('kind', [
  /** A socket message as it is sent (progress, deprecated): small, passed through whole. */
  z.object({ kind: z.literal('event'), origin: z.string(), repository_id: z.string(), json: z.string() }),
  z.object({ kind: z.literal('result'), origin: z.string(), note: ZResultNote }),
]);

interface TLogger {
  error(object: object, message: string): void;
  warn(message: string): void;
}

export interface TAnalyticsBus {
  /** To this instance's subscribers of the repository at once, and to every other instance's. */
  publish(repositoryId: string, json: string): void;
  /** Tells the other instances that a result is stored (this instance delivers its own). */
  announceResult(note: TResultNote): void;
  stop(): Promise<void>;
}

/**
 * Fans analytics socket messages out across the server instances of one database (docs/deploy.md): the
 * instance whose write deprecated the results, or the worker that computed one, NOTIFYs; every instance
 * LISTENs and hands the message to its own subscribers. Only on PostgreSQL: PGlite is one process, whose
 * subscribers hear everything locally, so no NOTIFY round trip is spent on its one connection.
 */
export async function createAnalyticsBus(deps: {
  db: Kysely<Database>;
  listen: TDatabaseHandle['listen'];
  isShared: boolean;
  events: TAnalyticsEvents;
  log: TLogger;
  /** A result computed by another instance: read it and deliver it (waiting requests, subscribers). */
  onResult: (note: TResultNote) => void;
  /** The listening connection was lost and is back: results announced meanwhile were missed. */
  onGap?: () => void;
}): Promise<TAnalyticsBus> {
  const { db, events, log } = deps;
  const origin = randomUUID();
  const send = (message: z.input<typeof ZBusMessage>) => {
    notify(db, ANALYTICS_CHANNEL, JSON.stringify(message)).catch((error: unknown) =>
      log.error({ err: error, channel: ANALYTICS_CHANNEL }, 'Could not tell the other instances'),
    );
  };
  const stop = deps.isShared
    ? await deps.listen?.(ANALYTICS_CHANNEL, {
        onMessage(payload) {
          let raw: unknown;
          try {
            raw = JSON.parse(payload);
          } catch {
            return;
          }
          const parsed = ZBusMessage.safeParse(raw);
          if (!parsed.success || parsed.data.origin === origin) return;
          const message = parsed.data;
          if (message.kind === 'event') events.publish(message.repository_id, message.json);
          else deps.onResult(message.note);
        },
        onGap: deps.onGap,
      })
    : undefined;
  if (deps.isShared && !stop) log.warn('The database cannot LISTEN: analytics news stays in this instance');
  return {
    publish(repositoryId, json) {
      events.publish(repositoryId, json);
      if (stop) send({ kind: 'event', origin, repository_id: repositoryId, json });
    },
    announceResult(note) {
      if (stop) send({ kind: 'result', origin, note });
    },
    async stop() {
      await stop?.();
    },
  };
}
