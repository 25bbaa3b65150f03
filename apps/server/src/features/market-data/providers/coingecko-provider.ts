import { addDays, toEpochDay } from '@strata/core/dates/epoch-day';
import { priceText } from '@strata/core/market-data/minor-units';
import { assetTypeOfKind } from '@strata/core/market-data/security-types';
import { z } from 'zod';

import {
  MarketDataError,
  type TDailyPrice,
  type TMarketDataProvider,
  type TSecurityData,
  type TSecuritySearchResult,
} from './market-data-provider.ts';
import { parseProviderJson, providerGet } from './provider-http.ts';

/**
 * CoinGecko's public API v3 (keyless, or with a free demo key), as its reference documents it (2025):
 * `GET /api/v3/search?query=`, `GET /api/v3/coins/{id}` and
 * `GET /api/v3/coins/{id}/market_chart?vs_currency=&days=&interval=daily`. A coin is addressed by
 * CoinGecko's id ('bitcoin'), its ticker is its symbol upper-cased ('BTC').
 */

const PROVIDER = 'CoinGecko';

/** The public and demo plans serve this many days of history (a paid plan more). */
const PUBLIC_HISTORY_DAYS = 365;

const ZSearchAnswer = z.object({
  coins: z.array(
    z
      .object({
        id: z.string(),
        name: z.string(),
        symbol: z.string(),
        market_cap_rank: z.number().nullish(),
      })
      .loose(),
  ),
});

const ZCoin = z
  .object({
    id: z.string(),
    symbol: z.string(),
    name: z.string(),
  })
  .loose();

const ZMarketChart = z.object({
  prices: z.array(z.tuple([z.number(), z.number().nullable()])),
});

function malformed(what: string, cause?: unknown): MarketDataError {
  return new MarketDataError('malformed', `${PROVIDER} sent ${what} Strata cannot read`, { cause });
}

const notFound = (id: string) => `${PROVIDER} has no data for ${id}: unknown or delisted coin`;

function flat(record: Record<string, unknown>): TSecurityData {
  const data: TSecurityData = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      data[key] = value as string | number | boolean | null;
  }
  return data;
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface TCoinGeckoOptions {
  baseUrl: string;
  /** The currency prices are asked in (vs_currency), ISO code. */
  vsCurrency: string;
  /** A demo plan's key, sent as `x-cg-demo-api-key`; keyless without. */
  demoApiKey?: string;
  /** Today's UTC date (the tests fix it). */
  today?: () => string;
}

export function createCoinGeckoProvider(options: TCoinGeckoOptions): TMarketDataProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const vsCurrency = options.vsCurrency.toLowerCase();
  const currency = options.vsCurrency.toUpperCase();
  const today = options.today ?? (() => new Date().toISOString().slice(0, 10));
  const headers = options.demoApiKey ? { 'x-cg-demo-api-key': options.demoApiKey } : undefined;

  async function get(path: string, params: Record<string, string>, notFoundMessage?: string) {
    const url = new URL(`${base}/api/v3${path}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const text = await providerGet(url, {
      provider: PROVIDER,
      ...(headers ? { headers } : {}),
      ...(notFoundMessage ? { notFound: notFoundMessage } : {}),
    });
    return parseProviderJson(text, PROVIDER);
  }

  async function coin(id: string) {
    const parsed = ZCoin.safeParse(
      await get(
        `/coins/${encodeURIComponent(id)}`,
        {
          localization: 'false',
          tickers: 'false',
          market_data: 'false',
          community_data: 'false',
          developer_data: 'false',
          sparkline: 'false',
        },
        notFound(id),
      ),
    );
    if (!parsed.success) throw malformed(`a coin for ${id}`, parsed.error);
    return parsed.data;
  }

  return {
    id: 'coingecko',

    async search(query) {
      const parsed = ZSearchAnswer.safeParse(await get('/search', { query }));
      if (!parsed.success) throw malformed('search results', parsed.error);
      return parsed.data.coins.map(
        (row): TSecuritySearchResult => ({
          name: row.name,
          code: row.id,
          ticker: row.symbol.toUpperCase(),
          type: assetTypeOfKind('cryptocurrency'),
          exchange: null,
          currency,
        }),
      );
    },

    async securityInfo(id) {
      const found = await coin(id);
      return {
        symbol: found.id,
        ticker: found.symbol.toUpperCase(),
        name: found.name,
        type: assetTypeOfKind('cryptocurrency'),
        currency,
        exchange: null,
        data: { ...flat(found), vs_currency: vsCurrency },
      };
    },

    /**
     * Crypto trades around the clock: the close of a UTC day is the price CoinGecko stamps at the next
     * midnight (00:00 UTC); the last point, stamped now, is today's price so far. History starts at most a
     * year back (what the public and demo plans serve).
     */
    async dailyPrices(id, from) {
      const now = today();
      const earliest = addDays(now, -(PUBLIC_HISTORY_DAYS - 1));
      // biome-ignore lint/complexity/useMathMinMax: ISO dates compare as text, Math.max would make them numbers
      const start = from < earliest ? earliest : from;
      const days = Math.max(1, toEpochDay(now) - toEpochDay(start) + 1);
      const parsed = ZMarketChart.safeParse(
        await get(
          `/coins/${encodeURIComponent(id)}/market_chart`,
          { vs_currency: vsCurrency, days: String(days), interval: 'daily', precision: 'full' },
          notFound(id),
        ),
      );
      if (!parsed.success) throw malformed(`prices for ${id}`, parsed.error);
      const byDay = new Map<string, TDailyPrice>();
      for (const [ms, price] of parsed.data.prices) {
        // A missing price is a gap: skipped, never guessed.
        if (price === null || !Number.isFinite(ms)) continue;
        const atMidnight = ms % 86_400_000 === 0;
        const date = atMidnight ? addDays(utcDay(ms), -1) : utcDay(ms);
        if (date < start || date > now) continue;
        byDay.set(date, { date, close: priceText(price, currency), adjusted_close: null });
      }
      const prices = [...byDay.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
      return { currency, prices };
    },
  };
}
