import type { TSecurityEvent } from '@strata/core/market-data/adjusted-closes';

/**
 * The market-data port: what Strata asks of a provider of listed securities and of FX rates. Adapters
 * (yahoo-provider.ts, eodhd-provider.ts, ecb-fx-provider.ts) speak one provider's protocol each; features see
 * only this. Prices are decimal text in the listing's major currency (minor units already divided).
 */

export type { TSecurityEvent };

export interface TSecuritySearchResult {
  name: string;
  code: string;
  type: string | null;
  exchange: string | null;
  currency: string | null;
  /** The ticker a link would give, when it is not the code. */
  ticker?: string;
}

/** Flat key/value data, shown as JSON on the Sec master tab (core seed §3 Security info). */
export type TSecurityData = Record<string, string | number | boolean | null>;

export interface TSecurityInfo {
  symbol: string;
  ticker: string;
  name: string | null;
  type: string | null;
  currency: string | null;
  exchange: string | null;
  data: TSecurityData;
}

export interface TDailyPrice {
  date: string;
  close: string;
  /** Split- and dividend-adjusted close; null where the provider gives none for the day. */
  adjusted_close: string | null;
}

export interface TDailyPrices {
  /** The major currency of the prices ('GBP' for a listing quoted in pence). */
  currency: string;
  prices: TDailyPrice[];
  /**
   * Splits and dividends from the same day on, where the provider has them (dividends per share in the
   * major currency); absent when the provider has none to give (crypto).
   */
  events?: TSecurityEvent[];
}

export interface TMarketDataProvider {
  /** Stable name, the prefix of the security ids it hands out ('yahoo', 'eodhd'). */
  readonly id: string;
  search(query: string): Promise<TSecuritySearchResult[]>;
  securityInfo(symbol: string): Promise<TSecurityInfo>;
  /** Daily closes from `from` (inclusive) to the latest the provider has, by date ascending. */
  dailyPrices(symbol: string, from: string): Promise<TDailyPrices>;
}

export interface TFxRate {
  date: string;
  /** Units of `currency` one euro buys (the ECB's quotation), decimal text. */
  per_eur: string;
}

export interface TFxProvider {
  readonly id: string;
  /** Daily reference rates from `from`, by currency; the euro itself is implied (1). */
  dailyRates(currencies: readonly string[], from: string): Promise<Map<string, TFxRate[]>>;
}

export type TMarketDataErrorKind =
  | 'not_found'
  | 'rate_limited'
  | 'malformed'
  | 'unavailable'
  | 'unauthorized';

/** What went wrong talking to a provider, worded for the user (a task's error, a 502 answer). */
export class MarketDataError extends Error {
  readonly kind: TMarketDataErrorKind;

  constructor(kind: TMarketDataErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MarketDataError';
    this.kind = kind;
  }
}

export function isMarketDataError(error: unknown): error is MarketDataError {
  return error instanceof MarketDataError;
}
