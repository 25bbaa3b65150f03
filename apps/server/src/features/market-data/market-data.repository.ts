import type { TSecurityEvent } from '@strata/core/market-data/adjusted-closes';
import type { Database } from '@strata/db/schema';
import { type Kysely, sql } from 'kysely';

export const SECURITY_MASTER_SOURCE = 'security master';
export const SECURITY_MASTER_ADJUSTED_SOURCE = 'security master adjusted';

export interface TPriceBatch {
  dates: string[];
  closes: string[];
  adjusted: Array<string | null>;
}

/** SQL of the security master and market data; pass a transaction as `db` to query inside it. */
export function createMarketDataRepository(db: Kysely<Database>) {
  return {
    findAsset(assetId: string) {
      return db
        .selectFrom('assets')
        .select([
          'id',
          'repository_id',
          'name',
          'type',
          'ticker',
          'currency',
          'deleted_at',
          'linked_security_id',
          'security_info_ticker',
          'security_info',
        ])
        .where('id', '=', assetId)
        .executeTakeFirst();
    },

    async setLink(
      assetId: string,
      link: {
        linked_security_id: string | null;
        security_info_ticker: string | null;
        security_info: Record<string, unknown> | null;
      },
    ): Promise<void> {
      await db
        .updateTable('assets')
        .set({
          linked_security_id: link.linked_security_id,
          security_info_ticker: link.security_info_ticker,
          security_info: link.security_info === null ? null : JSON.stringify(link.security_info),
        })
        .where('id', '=', assetId)
        .execute();
    },

    /** Live assets of the repository linked to a security (one of them with `assetId`). */
    linkedAssets(repositoryId: string, assetId?: string) {
      return db
        .selectFrom('assets')
        .select(['id', 'linked_security_id'])
        .where('repository_id', '=', repositoryId)
        .where('deleted_at', 'is', null)
        .where('linked_security_id', 'is not', null)
        .$if(assetId !== undefined, (query) => query.where('id', '=', assetId as string))
        .orderBy('id')
        .execute();
    },

    async countLinkedAssets(repositoryId: string): Promise<number> {
      const row = await db
        .selectFrom('assets')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('repository_id', '=', repositoryId)
        .where('deleted_at', 'is', null)
        .where('linked_security_id', 'is not', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Live currency assets quoted in another currency: their prices are FX rates (core analytics market.ts). */
    currencyAssets(repositoryId: string) {
      return db
        .selectFrom('assets')
        .select(['id', 'ticker', 'currency'])
        .where('repository_id', '=', repositoryId)
        .where('deleted_at', 'is', null)
        .where('type', '=', 'currency')
        .where('ticker', 'is not', null)
        .where('currency', 'is not', null)
        .whereRef('ticker', '<>', 'currency')
        .execute();
    },

    async latestPriceDate(assetId: string, source: string): Promise<string | null> {
      const row = await db
        .selectFrom('asset_prices')
        .select((eb) => eb.fn.max('date').as('latest'))
        .where('asset_id', '=', assetId)
        .where('source', '=', source)
        .executeTakeFirst();
      return (row?.latest as string | null | undefined) ?? null;
    },

    /**
     * Writes one source's prices of an asset in one statement (arrays unnested, so a five-year series is one
     * round trip); a day already held is updated only when its figures changed. Answers rows written.
     */
    async upsertPrices(
      repositoryId: string,
      assetId: string,
      source: string,
      batch: TPriceBatch,
    ): Promise<number> {
      if (batch.dates.length === 0) return 0;
      const result = await sql`
        INSERT INTO asset_prices (repository_id, asset_id, date, close, adjusted_close, source)
        SELECT ${repositoryId}::uuid, ${assetId}::uuid, p.date, p.close, p.adjusted_close, ${source}
        FROM unnest(${batch.dates}::date[], ${batch.closes}::numeric[], ${batch.adjusted}::numeric[])
          AS p(date, close, adjusted_close)
        ON CONFLICT (asset_id, date, source) DO UPDATE
          SET close = excluded.close, adjusted_close = excluded.adjusted_close, updated_at = now(),
              version = asset_prices.version + 1
          WHERE asset_prices.close IS DISTINCT FROM excluded.close
             OR asset_prices.adjusted_close IS DISTINCT FROM excluded.adjusted_close`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },

    /** The asset's prices of both security-master sources and its events (its link changed to another security). */
    async removeSecurityPrices(assetId: string): Promise<void> {
      await db
        .deleteFrom('asset_prices')
        .where('asset_id', '=', assetId)
        .where('source', 'in', [SECURITY_MASTER_SOURCE, SECURITY_MASTER_ADJUSTED_SOURCE])
        .execute();
      await db.deleteFrom('security_events').where('asset_id', '=', assetId).execute();
    },

    /** The splits and dividends held for the asset's linked security, by date. */
    securityEvents(assetId: string, securityId: string) {
      return db
        .selectFrom('security_events')
        .select(['date', 'kind', 'numerator', 'denominator', 'amount', 'currency'])
        .where('asset_id', '=', assetId)
        .where('security_id', '=', securityId)
        .orderBy('date')
        .orderBy('kind')
        .execute();
    },

    /** Replaces the security's events from `from` on with `events` (the provider's whole answer since then). */
    async replaceSecurityEvents(
      repositoryId: string,
      assetId: string,
      securityId: string,
      from: string,
      events: readonly TSecurityEvent[],
      currency: string,
    ): Promise<void> {
      await db
        .deleteFrom('security_events')
        .where('asset_id', '=', assetId)
        .where('security_id', '=', securityId)
        .where('date', '>=', from)
        .execute();
      if (events.length === 0) return;
      await db
        .insertInto('security_events')
        .values(
          events.map((event) => ({
            repository_id: repositoryId,
            asset_id: assetId,
            security_id: securityId,
            date: event.date,
            kind: event.kind,
            numerator: event.kind === 'split' ? event.numerator : null,
            denominator: event.kind === 'split' ? event.denominator : null,
            amount: event.kind === 'dividend' ? event.amount : null,
            currency: event.kind === 'dividend' ? currency : null,
          })),
        )
        // A provider listing one day's event twice: the first is kept.
        .onConflict((conflict) => conflict.constraint('security_events_day_key').doNothing())
        .execute();
    },

    async setSyncedAt(repositoryId: string, at: Date): Promise<void> {
      await db
        .updateTable('repositories')
        .set({ market_data_synced_at: at })
        .where('id', '=', repositoryId)
        .execute();
    },

    /**
     * Repositories with something to sync: a live asset linked to a security (when a securities provider is
     * configured) or a live currency asset quoted in another currency (when an FX provider is).
     */
    repositoriesToSync(has: { securities: boolean; fx: boolean }) {
      return db
        .selectFrom('repositories as r')
        .select(['r.id', 'r.owner_id'])
        .where((eb) =>
          eb.or([
            ...(has.securities
              ? [
                  eb.exists(
                    eb
                      .selectFrom('assets as a')
                      .select('a.id')
                      .whereRef('a.repository_id', '=', 'r.id')
                      .where('a.deleted_at', 'is', null)
                      .where('a.linked_security_id', 'is not', null),
                  ),
                ]
              : []),
            ...(has.fx
              ? [
                  eb.exists(
                    eb
                      .selectFrom('assets as c')
                      .select('c.id')
                      .whereRef('c.repository_id', '=', 'r.id')
                      .where('c.deleted_at', 'is', null)
                      .where('c.type', '=', 'currency')
                      .where('c.ticker', 'is not', null)
                      .where('c.currency', 'is not', null)
                      .whereRef('c.ticker', '<>', 'c.currency'),
                  ),
                ]
              : []),
          ]),
        )
        .orderBy('r.id')
        .execute();
    },

    /**
     * Marks the repository's sync of this cron occurrence as queued; false when it already was. One UPDATE
     * whose condition PostgreSQL re-checks after a concurrent one commits: of two workers handling the same
     * occurrence, exactly one is answered true.
     */
    async claimScheduledSync(repositoryId: string, occurrence: Date): Promise<boolean> {
      const claimed = await db
        .updateTable('repositories')
        .set({ market_data_scheduled_for: occurrence })
        .where('id', '=', repositoryId)
        .where((eb) =>
          eb.or([
            eb('market_data_scheduled_for', 'is', null),
            eb('market_data_scheduled_for', '<', occurrence),
          ]),
        )
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) > 0;
    },

    /** The repository's 'market data sync' still waiting or running, if any. */
    openSync(repositoryId: string) {
      return db
        .selectFrom('tasks')
        .select('id')
        .where('repository_id', '=', repositoryId)
        .where('type', '=', 'market_data_sync')
        .where('status', 'in', ['waiting', 'running'])
        .executeTakeFirst();
    },

    syncedAt(repositoryId: string) {
      return db
        .selectFrom('repositories')
        .select('market_data_synced_at')
        .where('id', '=', repositoryId)
        .executeTakeFirst();
    },

    /** Security-master closes of the repository's live assets with these tickers (any case), from `from`. */
    dailyPrices(repositoryId: string, tickers: readonly string[], from: string) {
      return db
        .selectFrom('asset_prices as p')
        .innerJoin('assets as a', 'a.id', 'p.asset_id')
        .select(['a.ticker', 'p.date', 'p.close', 'p.adjusted_close'])
        .where('a.repository_id', '=', repositoryId)
        .where('p.repository_id', '=', repositoryId)
        .where('a.deleted_at', 'is', null)
        .where(
          sql<string>`lower(a.ticker)`,
          'in',
          tickers.map((ticker) => ticker.toLowerCase()),
        )
        .where('p.source', '=', SECURITY_MASTER_SOURCE)
        .where('p.date', '>=', from)
        .orderBy('a.ticker')
        .orderBy('p.date')
        .execute();
    },
  };
}
