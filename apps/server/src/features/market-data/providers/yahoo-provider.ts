import { float32Text, majorCurrencyOf, toMajorUnits } from '@strata/core/market-data/minor-units';
import { assetTypeOfKind } from '@strata/core/market-data/security-types';
import { z } from 'zod';

import {
  MarketDataError,
  type TDailyPrice,
  type TDailyPrices,
  type TMarketDataProvider,
  type TSecurityData,
  type TSecurityEvent,
  type TSecurityInfo,
  type TSecuritySearchResult,
} from './market-data-provider.ts';
import { parseProviderJson, providerGet } from './provider-http.ts';

/**
 * Yahoo Finance's public JSON (no key): `GET /v1/finance/search?q=` and `GET /v8/finance/chart/{symbol}`,
 * in the shape those endpoints answer today (the one `yahoo-finance2` 4.x validates). We speak it with
 * fetch rather than through `yahoo-finance2` because that library fixes Yahoo's hosts and its
 * cookie/crumb handshake, so it cannot be pointed at a configured base URL (a mirror, or the loopback
 * server of our tests); the chart and search endpoints need no crumb.
 */

const PROVIDER = 'Yahoo Finance';

const ZNullableNumbers = z.array(z.number().nullable());

const ZChartResult = z.object({
  meta: z
    .object({
      currency: z.string().nullish(),
      symbol: z.string(),
      exchangeName: z.string().nullish(),
      fullExchangeName: z.string().nullish(),
      instrumentType: z.string().nullish(),
      exchangeTimezoneName: z.string().nullish(),
      longName: z.string().nullish(),
      shortName: z.string().nullish(),
    })
    .loose(),
  timestamp: z.array(z.number()).optional(),
  // With events=div,split: keyed by the event's timestamp; a split of numerator for denominator (4:1).
  events: z
    .object({
      dividends: z.record(z.string(), z.object({ amount: z.number(), date: z.number() })).optional(),
      splits: z
        .record(z.string(), z.object({ date: z.number(), numerator: z.number(), denominator: z.number() }))
        .optional(),
    })
    .loose()
    .optional(),
  indicators: z.object({
    quote: z.array(z.object({ close: ZNullableNumbers.optional() }).loose()),
    adjclose: z.array(z.object({ adjclose: ZNullableNumbers })).optional(),
  }),
});

const ZChartAnswer = z.object({
  chart: z.object({
    result: z.array(ZChartResult).nullable(),
    error: z.object({ code: z.string(), description: z.string().nullish() }).nullable(),
  }),
});

const ZSearchAnswer = z.object({
  quotes: z.array(
    z
      .object({
        symbol: z.string(),
        shortname: z.string().nullish(),
        longname: z.string().nullish(),
        quoteType: z.string().nullish(),
        exchange: z.string().nullish(),
        exchDisp: z.string().nullish(),
        isYahooFinance: z.boolean().nullish(),
      })
      .loose(),
  ),
});

function malformed(what: string, cause?: unknown): MarketDataError {
  return new MarketDataError('malformed', `${PROVIDER} sent ${what} Strata cannot read`, { cause });
}

function notFound(symbol: string): MarketDataError {
  return new MarketDataError(
    'not_found',
    `${PROVIDER} has no data for ${symbol}: unknown or delisted symbol`,
  );
}

/** The exchange's calendar day of a bar's timestamp (Yahoo stamps daily bars at the session's open). */
function dayFormatter(timeZone: string | null | undefined): (seconds: number) => string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? 'UTC', dateStyle: 'short' });
  } catch {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', dateStyle: 'short' });
  }
  return (seconds) => format.format(new Date(seconds * 1000));
}

function flatMeta(meta: Record<string, unknown>): TSecurityData {
  const data: TSecurityData = {};
  for (const [key, value] of Object.entries(meta)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      data[key] = value as string | number | boolean | null;
  }
  return data;
}

export function createYahooProvider(options: { baseUrl: string }): TMarketDataProvider {
  const base = options.baseUrl.replace(/\/+$/, '');

  async function chart(symbol: string, params: Record<string, string>) {
    const url = new URL(`${base}/v8/finance/chart/${encodeURIComponent(symbol)}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    // Yahoo answers an unknown or delisted symbol 404 with a chart.error body.
    const text = await providerGet(url, { provider: PROVIDER, notFound: notFound(symbol).message });
    const parsed = ZChartAnswer.safeParse(parseProviderJson(text, PROVIDER));
    if (!parsed.success) throw malformed(`a chart for ${symbol}`, parsed.error);
    const { result, error } = parsed.data.chart;
    if (error || !result?.[0]) throw notFound(symbol);
    return result[0];
  }

  return {
    id: 'yahoo',

    async search(query) {
      const url = new URL(`${base}/v1/finance/search`);
      url.searchParams.set('q', query);
      url.searchParams.set('quotesCount', '10');
      url.searchParams.set('newsCount', '0');
      const parsed = ZSearchAnswer.safeParse(
        parseProviderJson(await providerGet(url, { provider: PROVIDER }), PROVIDER),
      );
      if (!parsed.success) throw malformed('search results', parsed.error);
      return parsed.data.quotes
        .filter((quote) => quote.isYahooFinance !== false)
        .map(
          (quote): TSecuritySearchResult => ({
            name: quote.longname ?? quote.shortname ?? quote.symbol,
            code: quote.symbol,
            type: assetTypeOfKind(quote.quoteType),
            exchange: quote.exchDisp ?? quote.exchange ?? null,
            // Yahoo's search does not say; the chart (security info) does.
            currency: null,
          }),
        );
    },

    async securityInfo(symbol): Promise<TSecurityInfo> {
      const { meta } = await chart(symbol, { range: '5d', interval: '1d' });
      return {
        symbol: meta.symbol,
        ticker: meta.symbol,
        name: meta.longName ?? meta.shortName ?? null,
        type: assetTypeOfKind(meta.instrumentType),
        currency: meta.currency ? majorCurrencyOf(meta.currency) : null,
        exchange: meta.fullExchangeName ?? meta.exchangeName ?? null,
        data: flatMeta(meta),
      };
    },

    async dailyPrices(symbol, from): Promise<TDailyPrices> {
      const period1 = Math.floor(Date.parse(`${from}T00:00:00Z`) / 1000);
      const period2 = Math.floor(Date.now() / 1000);
      const result = await chart(symbol, {
        period1: String(period1),
        period2: String(period2),
        interval: '1d',
        events: 'div,split',
        includeAdjustedClose: 'true',
      });
      const quoteCurrency = result.meta.currency;
      if (!quoteCurrency) throw malformed(`a chart without a currency for ${symbol}`);
      const timestamps = result.timestamp ?? [];
      const closes = result.indicators.quote[0]?.close ?? [];
      const adjusted = result.indicators.adjclose?.[0]?.adjclose;
      if (closes.length !== timestamps.length || (adjusted && adjusted.length !== timestamps.length))
        throw malformed(`a chart whose series do not line up for ${symbol}`);
      const dayOf = dayFormatter(result.meta.exchangeTimezoneName);
      const toMajor = toMajorUnits(quoteCurrency);
      const prices: TDailyPrice[] = [];
      for (let i = 0; i < timestamps.length; i += 1) {
        const close = closes[i];
        // A day without a close (a halt, a gap in Yahoo's data) is skipped, never guessed.
        if (close === null || close === undefined) continue;
        const date = dayOf(timestamps[i] as number);
        if (date < from) continue;
        const adjustedClose = adjusted?.[i];
        const price: TDailyPrice = {
          date,
          close: toMajor(float32Text(close)),
          adjusted_close:
            adjustedClose === null || adjustedClose === undefined
              ? null
              : toMajor(float32Text(adjustedClose)),
        };
        // Yahoo repeats the running session's bar; the later one is the current figure.
        if (prices.at(-1)?.date === date) prices[prices.length - 1] = price;
        else prices.push(price);
      }
      const events: TSecurityEvent[] = [];
      for (const split of Object.values(result.events?.splits ?? {})) {
        if (!(split.numerator > 0 && split.denominator > 0))
          throw malformed(`a split Strata cannot read for ${symbol}`);
        events.push({
          date: dayOf(split.date),
          kind: 'split',
          numerator: float32Text(split.numerator),
          denominator: float32Text(split.denominator),
        });
      }
      for (const dividend of Object.values(result.events?.dividends ?? {})) {
        events.push({
          date: dayOf(dividend.date),
          kind: 'dividend',
          amount: toMajor(float32Text(dividend.amount)),
        });
      }
      events.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.kind < b.kind ? -1 : 1));
      return {
        currency: majorCurrencyOf(quoteCurrency),
        prices,
        events: events.filter((event) => event.date >= from),
      };
    },
  };
}
