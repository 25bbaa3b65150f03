import type { Database } from '@strata/db/schema';
import { type Kysely, sql } from 'kysely';
import { orderedIdPrefix } from '../../shared/ordered-ids.ts';
import { priceChunks, pricesInIndexOrder, type TPackedPrices } from './packed-prices.ts';

/** Rows per statement when a journal brings many prices or keys. */
const CHUNK = 5000;
/** Prices per statement: three array parameters whatever the count, so fewer round trips cost nothing. */
const PRICE_CHUNK = 20_000;

/** What a journal import reads and writes besides assets and transactions (their features write those). */
export function createJournalImportsRepository(db: Kysely<Database>) {
  return {
    /**
     * The keys among `keys` that an earlier journal import of the repository wrote. Joined from one array
     * parameter: an IN list of thousands of parameters, planned generically (app connections force generic
     * plans), compared every row with every value — 22 s for 10k keys against 10k rows.
     */
    async existingKeys(repositoryId: string, keys: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let start = 0; start < keys.length; start += CHUNK * 10) {
        const rows = await sql<{ key: string }>`
          select k.key from unnest(${keys.slice(start, start + CHUNK * 10)}::text[]) as k(key)
          join journal_import_keys j on j.repository_id = ${repositoryId}::uuid and j.key = k.key`.execute(
          db,
        );
        for (const row of rows.rows) found.add(row.key);
      }
      return found;
    },

    /**
     * Records the written transactions' keys, as two column arrays a statement; a key already there (an
     * import running beside) is a unique violation.
     */
    async insertKeys(repositoryId: string, rows: readonly { key: string; transactionId: string }[]) {
      for (let start = 0; start < rows.length; start += CHUNK) {
        const chunk = rows.slice(start, start + CHUNK);
        await sql`
          insert into journal_import_keys (repository_id, key, transaction_id)
          select ${repositoryId}::uuid, k.key, k.transaction_id
          from unnest(${chunk.map((row) => row.key)}::text[], ${chunk.map((row) => row.transactionId)}::uuid[])
               as k(key, transaction_id)`.execute(db);
      }
    },

    /** The Category/Subcategory tag ids, made where missing. */
    async ensureTags(
      repositoryId: string,
      userId: string,
      pairs: readonly { tag_name: string; tag_value: string }[],
    ): Promise<Map<string, string>> {
      if (pairs.length > 0)
        await db
          .insertInto('tags')
          .values(
            pairs.map((pair) => ({
              ...pair,
              repository_id: repositoryId,
              created_by: userId,
              updated_by: userId,
            })),
          )
          .onConflict((conflict) => conflict.columns(['repository_id', 'tag_name', 'tag_value']).doNothing())
          .execute();
      const rows = await db
        .selectFrom('tags')
        .select(['id', 'tag_name', 'tag_value'])
        .where('repository_id', '=', repositoryId)
        .execute();
      return new Map(rows.map((row) => [`${row.tag_name}\u0000${row.tag_value}`, row.id]));
    },

    /** How many of the prices already have a manual price that day (those of tickers `idOf` knows). */
    async countExistingPrices(
      prices: TPackedPrices,
      idOf: (ticker: string) => string | undefined,
    ): Promise<number> {
      let count = 0;
      for (const chunk of priceChunks(prices, CHUNK)) {
        const assetIds: string[] = [];
        const dates: string[] = [];
        chunk.tickers.forEach((ticker, index) => {
          const id = idOf(ticker);
          if (id === undefined) return;
          assetIds.push(id);
          dates.push(chunk.dates[index] as string);
        });
        if (assetIds.length === 0) continue;
        const row = await sql<{ count: string }>`
          select count(*)::text as count
          from unnest(${assetIds}::uuid[], ${dates}::date[]) as p(asset_id, date)
          join asset_prices ap on ap.asset_id = p.asset_id and ap.date = p.date and ap.source = 'manual'`.execute(
          db,
        );
        count += Number(row.rows[0]?.count ?? 0);
      }
      return count;
    },

    /**
     * Inserts manual prices, keeping any the asset already has on that day (a second import, or the user's
     * own); answers how many were added. The rows go in the order of the table's indexes (asset, then
     * date) with ids that follow one another, so each index grows at its end (pricesInIndexOrder,
     * ordered-ids.ts). Prices of assets made in this transaction (`isNew`) cannot meet one already there
     * (the plan has one per asset and day), so they skip the conflict check.
     */
    async insertPrices(
      repositoryId: string,
      userId: string,
      prices: TPackedPrices,
      idOf: (ticker: string) => string,
      isNew: (ticker: string) => boolean,
    ): Promise<number> {
      const assetIds = [...new Set(prices.tickers.map(idOf))].sort();
      const rankOf = new Map(assetIds.map((id, rank) => [id, rank]));
      const order = pricesInIndexOrder(prices, (ticker) => rankOf.get(idOf(ticker)) as number);
      const prefix = orderedIdPrefix();
      let base = 0;
      let added = 0;
      for (const chunk of priceChunks(prices, PRICE_CHUNK, order)) {
        const parts = [
          { isGuarded: false, assetIds: [] as string[], dates: [] as string[], closes: [] as string[] },
          { isGuarded: true, assetIds: [] as string[], dates: [] as string[], closes: [] as string[] },
        ] as const;
        chunk.tickers.forEach((ticker, index) => {
          const part = parts[isNew(ticker) ? 0 : 1];
          part.assetIds.push(idOf(ticker));
          part.dates.push(chunk.dates[index] as string);
          part.closes.push(chunk.closes[index] as string);
        });
        for (const part of parts) {
          if (part.assetIds.length === 0) continue;
          const result = await sql`
            insert into asset_prices (id, repository_id, asset_id, date, close, source, created_by, updated_by)
            select (${prefix} || lpad(to_hex(${base}::bigint + p.n), 12, '0'))::uuid, ${repositoryId}::uuid,
                   p.asset_id, p.date, p.close, 'manual', ${userId}, ${userId}
            from unnest(${part.assetIds}::uuid[], ${part.dates}::date[], ${part.closes}::numeric[])
                 with ordinality as p(asset_id, date, close, n)
            ${part.isGuarded ? sql`on conflict (asset_id, date, source) do nothing` : sql``}`.execute(db);
          base += part.assetIds.length;
          added += Number(result.numAffectedRows ?? 0);
        }
      }
      return added;
    },
  };
}

/** A journal import's task row. */
export function findJournalImportTask(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('id', '=', id)
    .where('type', '=', 'journal_import')
    .executeTakeFirst();
}

/**
 * Starts an uploaded import that waited for its preview: still waiting, held and its file stored. Once: a
 * second start (or one racing it) finds nothing to change. Answers the task, now no longer held.
 */
export function releaseHeldJournalImport(db: Kysely<Database>, id: string, skipUnmapped: boolean) {
  const started = JSON.stringify({ skip_unmapped: skipUnmapped });
  return db
    .updateTable('tasks')
    .set({ payload: sql`(payload - 'held') || ${started}::jsonb`, updated_at: new Date() })
    .where('id', '=', id)
    .where('type', '=', 'journal_import')
    .where('status', '=', 'waiting')
    .where(sql<boolean>`payload->'held' = 'true'::jsonb`)
    .where(sql<boolean>`payload ? 'uploaded_at'`)
    .returningAll()
    .executeTakeFirst();
}

/** Ends a held import nobody started: waiting → time_out, unless it was started in the meantime. */
export async function expireHeldJournalImport(db: Kysely<Database>, id: string, error: string) {
  const now = new Date();
  const updated = await db
    .updateTable('tasks')
    .set({ status: 'time_out', error, updated_at: now, finished_at: now })
    .where('id', '=', id)
    .where('type', '=', 'journal_import')
    .where('status', '=', 'waiting')
    .where(sql<boolean>`payload->'held' = 'true'::jsonb`)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}
