import type {
  TPriceCsvBody,
  TPriceCsvImported,
  TPriceCsvPreview,
  TPriceCsvProblem,
} from '@strata/contracts/asset-prices';
import { CSV_PRICE_SOURCE, planPriceCsv, type TPriceCsvPlan } from '@strata/core/market-data/price-csv';
import type { Database } from '@strata/db/schema';
import { type Kysely, sql } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { bumpDataVersion } from '../../shared/data-version.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import { ASSET_MESSAGES } from '../assets/index.ts';

/** Rows of the preview's sample. */
const SAMPLE_ROWS = 10;

function problemsMessage(problems: readonly TPriceCsvProblem[]): string {
  const [first] = problems;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return `Line ${first?.line}, ${first?.field}: ${first?.message}${more}; nothing was imported`;
}

/**
 * CSV price files: the plan (core `planPriceCsv`) previewed, then written whole as the source 'csv' in one
 * transaction, or not at all when the file has any problem. A day already holding a CSV price of the asset
 * is replaced; manual and override prices are never touched (the precedence decides between them).
 */
export function createPriceCsvService(db: Kysely<Database>) {
  async function plan(user: TAccessUser | null, body: TPriceCsvBody) {
    await requireRepositoryAccess(db, user, body.repository_id, 'write');
    const assets = await db
      .selectFrom('assets')
      .select(['id', 'name', 'ticker', 'currency'])
      .where('repository_id', '=', body.repository_id)
      .where('deleted_at', 'is', null)
      .execute();
    let only: (typeof assets)[number] | undefined;
    if (body.asset_id) {
      only = assets.find((asset) => asset.id === body.asset_id);
      if (!only) throw AppError.notFound(ASSET_MESSAGES.NOT_FOUND);
    }
    return { assets, plan: planPriceCsv(body.text, assets, only) };
  }

  /** Days of the plan that already hold a CSV price. */
  async function countReplaced(trx: Kysely<Database>, repositoryId: string, prices: TPriceCsvPlan['prices']) {
    if (prices.length === 0) return 0;
    const row = await sql<{ count: string }>`
      SELECT count(*) AS count FROM asset_prices p
      JOIN unnest(${prices.map((price) => price.asset_id)}::uuid[], ${prices.map((price) => price.date)}::date[])
        AS f(asset_id, date) ON p.asset_id = f.asset_id AND p.date = f.date
      WHERE p.repository_id = ${repositoryId}::uuid AND p.source = ${CSV_PRICE_SOURCE}`.execute(trx);
    return Number(row.rows[0]?.count ?? 0);
  }

  return {
    async preview(user: TAccessUser | null, body: TPriceCsvBody): Promise<TPriceCsvPreview> {
      const { assets, plan: planned } = await plan(user, body);
      const byAsset = new Map<string, { rows: number; first_date: string; last_date: string }>();
      for (const price of planned.prices) {
        const seen = byAsset.get(price.asset_id);
        if (!seen) byAsset.set(price.asset_id, { rows: 1, first_date: price.date, last_date: price.date });
        else {
          seen.rows += 1;
          if (price.date < seen.first_date) seen.first_date = price.date;
          if (price.date > seen.last_date) seen.last_date = price.date;
        }
      }
      return {
        rows: planned.prices.length,
        replaced: await countReplaced(db, body.repository_id, planned.prices),
        assets: assets
          .filter((asset) => byAsset.has(asset.id))
          .map((asset) => ({
            asset_id: asset.id,
            name: asset.name,
            ticker: asset.ticker,
            ...(byAsset.get(asset.id) as { rows: number; first_date: string; last_date: string }),
          })),
        sample: planned.prices.slice(0, SAMPLE_ROWS),
        problems: planned.problems,
      };
    },

    async import(user: TAccessUser | null, body: TPriceCsvBody): Promise<TPriceCsvImported> {
      const { plan: planned } = await plan(user, body);
      if (planned.problems.length > 0)
        throw new AppError('BAD_REQUEST', problemsMessage(planned.problems), {
          details: { problems: planned.problems },
        });
      const { prices } = planned;
      const userId = (user as TAccessUser).id;
      return db.transaction().execute(async (trx) => {
        const replaced = await countReplaced(trx, body.repository_id, prices);
        await sql`
          INSERT INTO asset_prices (repository_id, asset_id, date, close, source, created_by, updated_by)
          SELECT ${body.repository_id}::uuid, f.asset_id, f.date, f.close, ${CSV_PRICE_SOURCE}, ${userId}, ${userId}
          FROM unnest(${prices.map((price) => price.asset_id)}::uuid[], ${prices.map((price) => price.date)}::date[],
                      ${prices.map((price) => price.close)}::numeric[]) AS f(asset_id, date, close)
          ON CONFLICT (asset_id, date, source) DO UPDATE
            SET close = excluded.close, adjusted_close = NULL, updated_at = now(), updated_by = excluded.updated_by,
                version = asset_prices.version + 1`.execute(trx);
        await bumpDataVersion(trx, body.repository_id);
        return {
          rows: prices.length,
          added: prices.length - replaced,
          replaced,
          assets: new Set(prices.map((price) => price.asset_id)).size,
        };
      });
    },
  };
}
