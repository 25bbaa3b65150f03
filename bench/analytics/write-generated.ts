// The generated repository (packages/core/src/testing/generate-repository.ts) written into the database with
// array-parameter inserts (`INSERT … SELECT FROM unnest`), the fastest path both databases share; the benchmarks of
// analytics through the API start from it.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { generateRepository } from '../../packages/core/src/testing/generate-repository.ts';
import type { Database } from '../../packages/db/src/schema.ts';

type TGeneratedInput = ReturnType<typeof generateRepository>['input'];

/** `INSERT INTO table (columns) SELECT * FROM unnest($1::type[], …)` in chunks: one parameter per column. */
async function insertColumns(
  db: Kysely<Database>,
  table: string,
  columns: Array<[name: string, type: string]>,
  rows: unknown[][],
  chunk = 50_000,
) {
  for (let from = 0; from < rows.length; from += chunk) {
    const part = rows.slice(from, from + chunk);
    const arrays = columns.map((_, index) => part.map((row) => row[index] ?? null));
    const list = sql.join(columns.map(([name]) => sql.id(name)));
    const unnest = sql.join(columns.map(([, type], index) => sql`${arrays[index]}::${sql.raw(type)}[]`));
    await sql`INSERT INTO ${sql.id(table)} (${list}) SELECT * FROM unnest(${unnest})`.execute(db);
  }
}

/**
 * Writes a generated repository (assets, tags, transactions, entries, prices) into an existing repository
 * straight into the tables, then vacuums: answers the milliseconds it took.
 */
export async function writeGeneratedRepository(
  db: Kysely<Database>,
  repositoryId: string,
  input: TGeneratedInput,
  { vacuum = true }: { vacuum?: boolean } = {},
): Promise<number> {
  const t0 = performance.now();
  const existing = await db
    .selectFrom('assets')
    .select(['id', 'ticker'])
    .where('repository_id', '=', repositoryId)
    .where('type', '=', 'currency')
    .execute();
  const ids = new Map<string, string>();
  const assetRows: unknown[][] = [];
  for (const asset of input.assets) {
    const reuse = asset.type === 'currency' ? existing.find((row) => row.ticker === asset.ticker) : undefined;
    ids.set(asset.id, reuse?.id ?? randomUUID());
  }
  for (const asset of input.assets) {
    if (existing.some((row) => row.id === ids.get(asset.id))) continue;
    const parent = asset.parent_id ? ids.get(asset.parent_id) : null;
    assetRows.push([
      ids.get(asset.id),
      repositoryId,
      asset.name ?? asset.id,
      asset.ticker ?? null,
      asset.currency,
      asset.type,
      parent,
    ]);
  }
  await insertColumns(
    db,
    'assets',
    [
      ['id', 'uuid'],
      ['repository_id', 'uuid'],
      ['name', 'text'],
      ['ticker', 'text'],
      ['currency', 'text'],
      ['type', 'text'],
      ['parent_id', 'uuid'],
    ],
    assetRows,
  );

  const tagIds = new Map<string, string>();
  const tagRows = await db
    .selectFrom('tags')
    .select(['id', 'tag_name', 'tag_value'])
    .where('repository_id', '=', repositoryId)
    .execute();
  for (const tag of tagRows) tagIds.set(`${tag.tag_name}\u0000${tag.tag_value}`, tag.id);
  const assetTagRows: unknown[][] = [];
  for (const asset of input.assets) {
    for (const tag of asset.tags ?? []) {
      const key = `${tag.name}\u0000${tag.value}`;
      if (!tagIds.has(key)) {
        const created = await db
          .insertInto('tags')
          .values({ repository_id: repositoryId, tag_name: tag.name, tag_value: tag.value })
          .returning('id')
          .executeTakeFirstOrThrow();
        tagIds.set(key, created.id);
      }
      assetTagRows.push([repositoryId, ids.get(asset.id), tagIds.get(key)]);
    }
  }
  await insertColumns(
    db,
    'asset_tags',
    [
      ['repository_id', 'uuid'],
      ['asset_id', 'uuid'],
      ['tag_id', 'uuid'],
    ],
    assetTagRows,
  );

  const transactionRows: unknown[][] = [];
  const entryRows: unknown[][] = [];
  for (const transaction of input.transactions) {
    const id = randomUUID();
    transactionRows.push([id, repositoryId, transaction.type, transaction.date]);
    transaction.entries.forEach((entry, position) => {
      entryRows.push([
        id,
        position,
        repositoryId,
        ids.get(entry.account_id),
        ids.get(entry.asset_id),
        entry.amount,
        entry.pos_id ? ids.get(entry.pos_id) : null,
      ]);
    });
  }
  await insertColumns(
    db,
    'transactions',
    [
      ['id', 'uuid'],
      ['repository_id', 'uuid'],
      ['type', 'text'],
      ['date', 'date'],
    ],
    transactionRows,
  );
  await insertColumns(
    db,
    'transaction_entries',
    [
      ['transaction_id', 'uuid'],
      ['position', 'smallint'],
      ['repository_id', 'uuid'],
      ['account_id', 'uuid'],
      ['asset_id', 'uuid'],
      ['amount', 'numeric'],
      ['pos_id', 'uuid'],
    ],
    entryRows,
  );
  const priceRows = (input.prices ?? []).map((price) => [
    repositoryId,
    ids.get(price.asset_id),
    price.date,
    String(price.close),
    price.source,
  ]);
  await insertColumns(
    db,
    'asset_prices',
    [
      ['repository_id', 'uuid'],
      ['asset_id', 'uuid'],
      ['date', 'date'],
      ['close', 'numeric'],
      ['source', 'text'],
    ],
    priceRows,
  );
  await sql`UPDATE repositories SET data_version = data_version + 1 WHERE id = ${repositoryId}`.execute(db);
  // What autovacuum does on a default server soon after a bulk insert (this machine's PostgreSQL runs with
  // autovacuum off): statistics, and the visibility map that lets the price read be an index-only scan —
  // without it every one of 2.6M price rows is also fetched from the table. `vacuum: false` measures that case.
  await sql.raw(vacuum ? 'VACUUM (ANALYZE)' : 'ANALYZE').execute(db);
  return performance.now() - t0;
}
