import { randomUUID } from 'node:crypto';
import { notify, type TDatabaseHandle } from '@strata/db/database';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { createAnalyticsCache, type TAnalyticsCache } from '../features/analytics/analytics-cache.ts';
import { SESSION_CACHE_TTL_MS, type TAuthSession } from '../features/auth/auth.routes.ts';
import { createSessionCache, type TSessionCache } from '../features/auth/session-cache.ts';
import {
  createTransactionCounts,
  type TTransactionCounts,
} from '../features/transactions/transactions.service.ts';

/** The PostgreSQL channel on which instances tell each other what to drop. */
export const CACHE_CHANNEL = 'strata_cache';

const ZCacheMessage = z.discriminatedUnion('cache', [
  /** A session may have ended (sign-out, password change, revocation): every cached session goes. */
  z.object({ cache: z.literal('sessions') }),
  /** 'Clear analytics cache' for one repository. */
  z.object({ cache: z.literal('analytics'), repository_id: z.string() }),
]);
export type TCacheMessage = z.infer<typeof ZCacheMessage>;

/** The in-memory caches of one app instance; the database stays the truth, these only save reads. */
export interface TServerCaches {
  sessions: TSessionCache<TAuthSession>;
  analyticsResults: TAnalyticsCache;
  /** Match counts of transaction lists, keyed by data version: no instance can read a stale one. */
  transactionCounts: TTransactionCounts;
}

export interface TCacheBus {
  /** Tells the other instances on this database to drop what `message` names (this one already did). */
  publish(message: TCacheMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    caches: TServerCaches;
    cacheBus: TCacheBus;
  }
}

export function createServerCaches(): TServerCaches {
  return {
    sessions: createSessionCache<TAuthSession>({ ttlMs: SESSION_CACHE_TTL_MS, maxEntries: 10_000 }),
    analyticsResults: createAnalyticsCache(),
    transactionCounts: createTransactionCounts(),
  };
}

function drop(caches: TServerCaches, message: TCacheMessage | 'everything'): void {
  if (message === 'everything' || message.cache === 'sessions') caches.sessions.clear();
  if (message === 'everything') caches.analyticsResults.clear();
  else if (message.cache === 'analytics') caches.analyticsResults.clearRepository(message.repository_id);
}

/**
 * Decorates `app.caches` and `app.cacheBus`. Clears reach the other server instances on the same database
 * by NOTIFY/LISTEN (PostgreSQL, and PGlite within its one process), so a sign-out on one instance is
 * refused on all of them at once instead of after the session cache's 10 s. Register after the db plugin.
 */
export const cachesPlugin = fp<{ database: TDatabaseHandle; caches: TServerCaches }>(
  async (app: FastifyInstance, { database, caches }) => {
    const origin = randomUUID();
    app.decorate('caches', caches);
    const stopListening = await database.listen?.(CACHE_CHANNEL, {
      onMessage(payload) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(payload);
        } catch {
          return;
        }
        if ((parsed as { origin?: unknown } | null)?.origin === origin) return;
        const message = ZCacheMessage.safeParse(parsed);
        if (message.success) drop(caches, message.data);
      },
      // Whatever was said while the connection was down is unknown: drop it all.
      onGap: () => drop(caches, 'everything'),
    });
    if (!stopListening) app.log.warn('The database cannot LISTEN: cache clears stay in this instance');
    app.addHook('onClose', async () => {
      await stopListening?.();
    });
    app.decorate('cacheBus', {
      async publish(message: TCacheMessage) {
        try {
          await notify(app.db, CACHE_CHANNEL, JSON.stringify({ ...message, origin }));
        } catch (error) {
          // This instance has already dropped its copies; the others keep sessions for their 10 s at most.
          app.log.error({ err: error, message }, 'Could not tell the other instances to clear a cache');
        }
      },
    });
  },
  { name: 'caches', dependencies: ['db'] },
);
