import { z } from 'zod';
import { cronProblem } from '../../../jobs/cron-times.ts';
import { createCoinGeckoProvider } from './coingecko-provider.ts';
import { createEcbFxProvider } from './ecb-fx-provider.ts';
import { createEodhdProvider } from './eodhd-provider.ts';
import type { TFxProvider, TMarketDataProvider } from './market-data-provider.ts';
import { createYahooProvider } from './yahoo-provider.ts';

export const DEFAULT_MARKET_DATA_SYNC_CRON = '30 22 * * 1-5';

/** Market-data settings (README configuration table); none set = no provider, and the features say so. */
export const ZMarketDataEnv = z.object({
  /** Which provider answers security searches and daily prices: none (default), yahoo, or eodhd. */
  MARKET_DATA_PROVIDER: z
    .enum(['none', 'yahoo', 'eodhd'], { error: 'must be none, yahoo or eodhd' })
    .default('none'),
  YAHOO_BASE_URL: z.url({ error: 'must be a URL' }).default('https://query2.finance.yahoo.com'),
  EODHD_API_KEY: z.string().min(1).optional(),
  EODHD_BASE_URL: z.url({ error: 'must be a URL' }).default('https://eodhd.com'),
  /** Which provider answers crypto beside the equities one: none (default) or coingecko (keyless). */
  CRYPTO_PROVIDER: z.enum(['none', 'coingecko'], { error: 'must be none or coingecko' }).default('none'),
  COINGECKO_BASE_URL: z.url({ error: 'must be a URL' }).default('https://api.coingecko.com'),
  /** A CoinGecko demo plan's key (sent as x-cg-demo-api-key); keyless without. */
  COINGECKO_DEMO_API_KEY: z.string().min(1).optional(),
  /** The currency crypto prices are asked in (CoinGecko's vs_currency). */
  COINGECKO_VS_CURRENCY: z
    .string()
    .regex(/^[A-Za-z]{3}$/, { error: 'must be a currency code such as USD' })
    .transform((code) => code.toUpperCase())
    .default('USD'),
  /** Where FX rates of currency assets come from: none (default) or ecb. */
  FX_PROVIDER: z.enum(['none', 'ecb'], { error: 'must be none or ecb' }).default('none'),
  ECB_BASE_URL: z.url({ error: 'must be a URL' }).default('https://www.ecb.europa.eu'),
  /** First day of synced prices (core seed §9: 2020-01-01). */
  MARKET_DATA_START: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date YYYY-MM-DD' })
    .default('2020-01-01'),
  /**
   * When the scheduled 'market data sync' runs, a cron expression in UTC (worker processes only), or `off`.
   * Default: weekdays 22:30 UTC, after the New York close in winter and in summer (and the ECB's fixing).
   */
  MARKET_DATA_SYNC_CRON: z
    .string()
    .trim()
    .refine((value) => value === 'off' || cronProblem(value) === null, {
      error: 'must be a cron expression (UTC, e.g. 30 22 * * 1-5) or off',
    })
    .default(DEFAULT_MARKET_DATA_SYNC_CRON),
});
export type TMarketDataEnv = z.infer<typeof ZMarketDataEnv>;

export interface TMarketDataProviders {
  /** Equities and ETFs (MARKET_DATA_PROVIDER). */
  securities: TMarketDataProvider | null;
  /** Crypto (CRYPTO_PROVIDER), beside the equities provider: a search asks both. */
  crypto: TMarketDataProvider | null;
  fx: TFxProvider | null;
  start: string;
  /** The scheduled sync's cron expression (UTC), null when off. */
  syncCron: string | null;
}

export const MARKET_DATA_MESSAGES = {
  NO_PROVIDER:
    'No market-data provider is configured: set MARKET_DATA_PROVIDER (yahoo or eodhd) or CRYPTO_PROVIDER (coingecko) to search securities and sync prices',
  EODHD_KEY_MISSING: 'MARKET_DATA_PROVIDER=eodhd needs EODHD_API_KEY',
} as const;

/** The configured providers; throws at start when the choice cannot work (EODHD without its key). */
export function createMarketDataProviders(env: Partial<TMarketDataEnv>): TMarketDataProviders {
  const config = ZMarketDataEnv.parse(env);
  let securities: TMarketDataProvider | null = null;
  if (config.MARKET_DATA_PROVIDER === 'yahoo')
    securities = createYahooProvider({ baseUrl: config.YAHOO_BASE_URL });
  if (config.MARKET_DATA_PROVIDER === 'eodhd') {
    if (!config.EODHD_API_KEY) throw new Error(MARKET_DATA_MESSAGES.EODHD_KEY_MISSING);
    securities = createEodhdProvider({ baseUrl: config.EODHD_BASE_URL, apiKey: config.EODHD_API_KEY });
  }
  const crypto =
    config.CRYPTO_PROVIDER === 'coingecko'
      ? createCoinGeckoProvider({
          baseUrl: config.COINGECKO_BASE_URL,
          vsCurrency: config.COINGECKO_VS_CURRENCY,
          ...(config.COINGECKO_DEMO_API_KEY ? { demoApiKey: config.COINGECKO_DEMO_API_KEY } : {}),
        })
      : null;
  const fx = config.FX_PROVIDER === 'ecb' ? createEcbFxProvider({ baseUrl: config.ECB_BASE_URL }) : null;
  const syncCron = config.MARKET_DATA_SYNC_CRON === 'off' ? null : config.MARKET_DATA_SYNC_CRON;
  return { securities, crypto, fx, start: config.MARKET_DATA_START, syncCron };
}

/** The configured security providers, equities first. */
export function securityProvidersOf(providers: TMarketDataProviders): TMarketDataProvider[] {
  return [providers.securities, providers.crypto].filter((provider) => provider !== null);
}

/** The configured provider with this id (a linked security's prefix), or null. */
export function securityProviderById(
  providers: TMarketDataProviders,
  id: string,
): TMarketDataProvider | null {
  return securityProvidersOf(providers).find((provider) => provider.id === id) ?? null;
}
