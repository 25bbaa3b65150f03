import { majorCurrencyOf, priceText } from '@strata/core/market-data/minor-units';
import { assetTypeOfKind } from '@strata/core/market-data/security-types';
import { toAmountString } from '@strata/core/money/decimal';
import { z } from 'zod';

import {
  MarketDataError,
  type TDailyPrice,
  type TMarketDataProvider,
  type TSecurityData,
  type TSecurityEvent,
  type TSecuritySearchResult,
} from './market-data-provider.ts';
import { parseProviderJson, providerGet } from './provider-http.ts';

/**
 * EOD Historical Data (eodhd.com, key required), as documented in its API reference (2025): Search API
 * `GET /api/search/{query}?api_token=&fmt=json` and End-of-Day API
 * `GET /api/eod/{CODE.EXCHANGE}?api_token=&fmt=json&period=d&order=a&from=YYYY-MM-DD`, with the Splits and
 * Dividends API `GET /api/splits/{CODE.EXCHANGE}` and `GET /api/div/{CODE.EXCHANGE}` (same key, `from`).
 * A security is addressed as CODE.EXCHANGE (AAPL.US, VOD.LSE); its info is its search row, which every
 * plan may read (the Fundamentals API is a paid extra).
 */

const PROVIDER = 'EODHD';

const ZSearchRow = z
  .object({
    Code: z.string(),
    Exchange: z.string(),
    Name: z.string().nullish(),
    Type: z.string().nullish(),
    Country: z.string().nullish(),
    Currency: z.string().nullish(),
    ISIN: z.string().nullish(),
  })
  .loose();

const ZEodRow = z
  .object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    close: z.number().nullable(),
    adjusted_close: z.number().nullable().optional(),
  })
  .loose();

const ZDividendRow = z
  .object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    // `value` is adjusted for later splits; `unadjustedValue` is what was paid per share then.
    value: z.number(),
    unadjustedValue: z.number().nullish(),
    currency: z.string().nullish(),
  })
  .loose();

const ZSplitRow = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  // 'new/old', as '4.000000/1.000000'.
  split: z.string().regex(/^\d+(\.\d+)?\/\d+(\.\d+)?$/),
});

function malformed(what: string, cause?: unknown): MarketDataError {
  return new MarketDataError('malformed', `${PROVIDER} sent ${what} Strata cannot read`, { cause });
}

function flatRow(row: Record<string, unknown>): TSecurityData {
  const data: TSecurityData = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      data[key] = value as string | number | boolean | null;
  }
  return data;
}

export function createEodhdProvider(options: { baseUrl: string; apiKey: string }): TMarketDataProvider {
  const base = options.baseUrl.replace(/\/+$/, '');

  async function get(path: string, params: Record<string, string>, notFound?: string): Promise<unknown> {
    const url = new URL(`${base}${path}`);
    url.searchParams.set('api_token', options.apiKey);
    url.searchParams.set('fmt', 'json');
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return parseProviderJson(
      await providerGet(url, { provider: PROVIDER, ...(notFound ? { notFound } : {}) }),
      PROVIDER,
    );
  }

  async function searchRows(query: string) {
    const parsed = z
      .array(ZSearchRow)
      .safeParse(await get(`/api/search/${encodeURIComponent(query)}`, { limit: '15' }));
    if (!parsed.success) throw malformed('search results', parsed.error);
    return parsed.data;
  }

  const notFound = (symbol: string) => `${PROVIDER} has no data for ${symbol}: unknown or delisted symbol`;

  async function info(symbol: string) {
    const [code, exchange] = symbol.split('.');
    const row = (await searchRows(symbol)).find(
      (candidate) =>
        candidate.Code.toUpperCase() === code?.toUpperCase() &&
        (!exchange || candidate.Exchange.toUpperCase() === exchange.toUpperCase()),
    );
    if (!row) throw new MarketDataError('not_found', notFound(symbol));
    return row;
  }

  /** Splits and dividends (Splits and Dividends API), dividends in the listing's major currency. */
  async function events(symbol: string, from: string, quoteCurrency: string): Promise<TSecurityEvent[]> {
    const path = encodeURIComponent(symbol);
    const dividends = z
      .array(ZDividendRow)
      .safeParse(await get(`/api/div/${path}`, { from }, notFound(symbol)));
    if (!dividends.success) throw malformed(`dividends for ${symbol}`, dividends.error);
    const splits = z.array(ZSplitRow).safeParse(await get(`/api/splits/${path}`, { from }, notFound(symbol)));
    if (!splits.success) throw malformed(`splits for ${symbol}`, splits.error);
    const found: TSecurityEvent[] = [];
    for (const split of splits.data) {
      const [numerator, denominator] = split.split.split('/') as [string, string];
      if (Number(numerator) <= 0 || Number(denominator) <= 0) throw malformed(`a split for ${symbol}`);
      found.push({
        date: split.date,
        kind: 'split',
        numerator: toAmountString(numerator),
        denominator: toAmountString(denominator),
      });
    }
    for (const dividend of dividends.data) {
      found.push({
        date: dividend.date,
        kind: 'dividend',
        amount: priceText(dividend.unadjustedValue ?? dividend.value, dividend.currency ?? quoteCurrency),
      });
    }
    return found
      .filter((event) => event.date >= from)
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.kind < b.kind ? -1 : 1));
  }

  return {
    id: 'eodhd',

    async search(query) {
      return (await searchRows(query)).map(
        (row): TSecuritySearchResult => ({
          name: row.Name ?? row.Code,
          code: `${row.Code}.${row.Exchange}`,
          type: assetTypeOfKind(row.Type),
          exchange: row.Exchange,
          currency: row.Currency ? majorCurrencyOf(row.Currency) : null,
        }),
      );
    },

    async securityInfo(symbol) {
      const row = await info(symbol);
      return {
        symbol: `${row.Code}.${row.Exchange}`,
        ticker: row.Code,
        name: row.Name ?? null,
        type: assetTypeOfKind(row.Type),
        currency: row.Currency ? majorCurrencyOf(row.Currency) : null,
        exchange: row.Exchange,
        data: flatRow(row),
      };
    },

    async dailyPrices(symbol, from) {
      // The end-of-day rows carry no currency: the listing's is its search row's (GBX for London pence).
      const row = await info(symbol);
      const quoteCurrency = row.Currency;
      if (!quoteCurrency) throw malformed(`a listing without a currency for ${symbol}`);
      const parsed = z
        .array(ZEodRow)
        .safeParse(
          await get(
            `/api/eod/${encodeURIComponent(symbol)}`,
            { period: 'd', order: 'a', from },
            notFound(symbol),
          ),
        );
      if (!parsed.success) throw malformed(`prices for ${symbol}`, parsed.error);
      const prices: TDailyPrice[] = [];
      for (const eod of parsed.data) {
        if (eod.close === null || eod.date < from) continue;
        prices.push({
          date: eod.date,
          close: priceText(eod.close, quoteCurrency),
          adjusted_close:
            eod.adjusted_close === null || eod.adjusted_close === undefined
              ? null
              : priceText(eod.adjusted_close, quoteCurrency),
        });
      }
      return {
        currency: majorCurrencyOf(quoteCurrency),
        prices,
        events: await events(symbol, from, quoteCurrency),
      };
    },
  };
}
