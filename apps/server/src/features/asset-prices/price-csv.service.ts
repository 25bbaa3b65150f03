import type {
  TPriceCsvBody,
  TPriceCsvImported,
  TPriceCsvPreview,
  TPriceCsvProblem,
} from '@strata/contracts/asset-prices';
import { planPriceCsv } from '@strata/core/market-data/price-csv';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { bumpDataVersion } from '../../shared/data-version.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import { ASSET_MESSAGES } from '../assets/index.ts';
import { countCsvPricesReplaced, listPricedAssets, upsertCsvPrices } from './price-csv.repository.ts';

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
    const assets = await listPricedAssets(db, body.repository_id);
    let only: (typeof assets)[number] | undefined;
    if (body.asset_id) {
      only = assets.find((asset) => asset.id === body.asset_id);
      if (!only) throw AppError.notFound(ASSET_MESSAGES.NOT_FOUND);
    }
    return { assets, plan: planPriceCsv(body.text, assets, only) };
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
        replaced: await countCsvPricesReplaced(db, body.repository_id, planned.prices),
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
        const replaced = await countCsvPricesReplaced(trx, body.repository_id, prices);
        await upsertCsvPrices(trx, body.repository_id, userId, prices);
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
