import { addDays } from '@strata/core/dates/epoch-day';
import { adjustedCloses, type TSecurityEvent } from '@strata/core/market-data/adjusted-closes';
import { crossRate } from '@strata/core/market-data/minor-units';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { bumpDataVersion } from '../../shared/data-version.ts';
import {
  createMarketDataRepository,
  SECURITY_MASTER_ADJUSTED_SOURCE,
  SECURITY_MASTER_SOURCE,
} from './market-data.repository.ts';
import { isMarketDataError, type TDailyPrices, type TFxRate } from './providers/market-data-provider.ts';
import { securityProviderById, type TMarketDataProviders } from './providers/provider-registry.ts';
import { parseSecurityId } from './security-id.ts';

/** Securities fetched at once: enough to hide a provider's latency, few enough to stay polite and small. */
const CONCURRENCY = 8;
/** Days re-read before the latest held price: providers correct recent closes. */
const OVERLAP_DAYS = 7;

export interface TSyncFailure {
  asset_id: string;
  message: string;
}

export interface TSyncResult {
  assets: number;
  prices_written: number;
  fx_rates_written: number;
  failed: TSyncFailure[];
}

export interface TSyncOptions {
  db: Kysely<Database>;
  providers: TMarketDataProviders;
  repositoryId: string;
  /** Only this asset (the sync a new link starts). */
  assetId?: string;
  onProgress?: (progress: { done: number; total: number }) => Promise<void> | void;
}

/** Runs `work` over `items`, `limit` at a time, in order of start. */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function fromDateOf(db: Kysely<Database>, assetId: string, start: string): Promise<string> {
  const latest = await createMarketDataRepository(db).latestPriceDate(assetId, SECURITY_MASTER_SOURCE);
  if (!latest) return start;
  const from = addDays(latest, -OVERLAP_DAYS);
  return from < start ? start : from;
}

/** The security's events are held to the last one: an event the provider now lists that we do not is new. */
async function hasNewEvents(
  db: Kysely<Database>,
  assetId: string,
  securityId: string,
  events: readonly TSecurityEvent[],
): Promise<boolean> {
  if (events.length === 0) return false;
  const held = new Set(
    (await createMarketDataRepository(db).securityEvents(assetId, securityId)).map(
      (event) => `${event.date}|${event.kind}`,
    ),
  );
  return events.some((event) => !held.has(`${event.date}|${event.kind}`));
}

/**
 * Adjusted closes the provider left out, computed from the closes and the events it listed since the
 * series' first day (every event that adjusts a day of the series is on or after that day).
 */
function withAdjustedCloses(series: TDailyPrices): TDailyPrices {
  if (!series.events || series.prices.every((price) => price.adjusted_close !== null)) return series;
  const computed = adjustedCloses(series.prices, series.events);
  return {
    ...series,
    prices: series.prices.map((price, index) =>
      price.adjusted_close === null ? { ...price, adjusted_close: computed[index] as string } : price,
    ),
  };
}

/** One security's series, both sources, in one transaction: a failure leaves none of it written. */
async function writeSeries(
  db: Kysely<Database>,
  repositoryId: string,
  assetId: string,
  series: TDailyPrices,
  events?: { securityId: string; from: string },
): Promise<number> {
  const dates = series.prices.map((price) => price.date);
  const closes = series.prices.map((price) => price.close);
  const adjusted = series.prices.map((price) => price.adjusted_close);
  const adjustedDays = series.prices.filter((price) => price.adjusted_close !== null);
  return db.transaction().execute(async (trx) => {
    const prices = createMarketDataRepository(trx);
    let written = await prices.upsertPrices(repositoryId, assetId, SECURITY_MASTER_SOURCE, {
      dates,
      closes,
      adjusted,
    });
    written += await prices.upsertPrices(repositoryId, assetId, SECURITY_MASTER_ADJUSTED_SOURCE, {
      dates: adjustedDays.map((price) => price.date),
      closes: adjustedDays.map((price) => price.adjusted_close as string),
      adjusted: adjustedDays.map((price) => price.adjusted_close),
    });
    if (events && series.events)
      await prices.replaceSecurityEvents(
        repositoryId,
        assetId,
        events.securityId,
        events.from,
        series.events,
        series.currency,
      );
    if (written > 0) await bumpDataVersion(trx, repositoryId);
    return written;
  });
}

/**
 * FX rates of the repository's currency assets from the FX provider: a currency asset X quoted in Q gets,
 * each day both have a reference rate, the price of one X in Q = (Q per EUR) / (X per EUR).
 */
async function syncFx(options: TSyncOptions): Promise<number> {
  const { db, providers, repositoryId } = options;
  if (!providers.fx) return 0;
  const repository = createMarketDataRepository(db);
  const assets = await repository.currencyAssets(repositoryId);
  if (assets.length === 0) return 0;
  const codes = [...new Set(assets.flatMap((asset) => [asset.ticker as string, asset.currency as string]))];
  // One file read serves every currency: from the earliest day any of them still needs.
  let from: string | null = null;
  for (const asset of assets) {
    const assetFrom = await fromDateOf(db, asset.id, providers.start);
    if (from === null || assetFrom < from) from = assetFrom;
  }
  const rates = await providers.fx.dailyRates(codes, from ?? providers.start);
  const perEur = (code: string): Map<string, string> | null => {
    if (code === 'EUR') return null;
    return new Map((rates.get(code) ?? []).map((rate: TFxRate) => [rate.date, rate.per_eur]));
  };
  let written = 0;
  for (const asset of assets) {
    const base = perEur(asset.ticker as string);
    const quote = perEur(asset.currency as string);
    const days = [...new Set([...(base?.keys() ?? []), ...(quote?.keys() ?? [])])].sort();
    const prices = days.flatMap((date) => {
      const basePerEur = base ? base.get(date) : '1';
      const quotePerEur = quote ? quote.get(date) : '1';
      if (!basePerEur || !quotePerEur) return [];
      const close = crossRate(quotePerEur, basePerEur);
      return [{ date, close, adjusted_close: null }];
    });
    written += await writeSeries(db, repositoryId, asset.id, { currency: asset.currency as string, prices });
  }
  return written;
}

/**
 * Brings the repository's security-master prices up to date: each linked asset's daily closes and adjusted
 * closes from the configured start (or a week before the latest held day), then its currencies' FX rates.
 * A security the provider cannot answer for is listed in `failed` and the others go on; each security's
 * prices are written whole or not at all.
 */
export async function syncMarketData(options: TSyncOptions): Promise<TSyncResult> {
  const { db, providers, repositoryId } = options;
  const result: TSyncResult = { assets: 0, prices_written: 0, fx_rates_written: 0, failed: [] };
  const assets = await createMarketDataRepository(db).linkedAssets(repositoryId, options.assetId);
  let done = 0;
  await eachLimited(assets, CONCURRENCY, async (asset) => {
    const security = parseSecurityId(asset.linked_security_id as string);
    const securities = security ? securityProviderById(providers, security.providerId) : null;
    try {
      if (!securities || !security) {
        result.failed.push({
          asset_id: asset.id,
          message: `The asset is linked through ${security?.providerId ?? 'an unknown provider'}, which is not configured`,
        });
        return;
      }
      const securityId = asset.linked_security_id as string;
      let from = await fromDateOf(db, asset.id, providers.start);
      let series = await securities.dailyPrices(security.symbol, from);
      // A split or dividend not seen before changes every earlier adjusted close: read the whole history.
      if (from > providers.start && (await hasNewEvents(db, asset.id, securityId, series.events ?? []))) {
        from = providers.start;
        series = await securities.dailyPrices(security.symbol, from);
      }
      // Awaited first: `a += await b` reads `a` before the await and loses the other workers' additions.
      const written = await writeSeries(db, repositoryId, asset.id, withAdjustedCloses(series), {
        securityId,
        from,
      });
      result.prices_written += written;
      result.assets += 1;
    } catch (error) {
      if (!isMarketDataError(error)) throw error;
      result.failed.push({ asset_id: asset.id, message: error.message });
    } finally {
      done += 1;
      await options.onProgress?.({ done, total: assets.length });
    }
  });
  if (!options.assetId) result.fx_rates_written = await syncFx(options);
  await createMarketDataRepository(db).setSyncedAt(repositoryId, new Date());
  return result;
}
