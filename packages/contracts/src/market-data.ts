import { z } from 'zod';
import { ZAsset } from './assets.ts';
import { ZCalendarDay } from './calendar-day.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody } from './errors.ts';
import { ZRecordId } from './repositories.ts';
import { ZTask } from './tasks.ts';

// Security master and market data (core seed §3 Security info, §4 Security master, §7; docs/market-data.md).

export const SECURITY_MASTER_MESSAGES = {
  SYMBOL_REQUIRED: 'Field is required',
  UNKNOWN_PROVIDER: 'This market-data provider is not configured',
  NOT_LINKED: 'The asset is not linked to a security',
} as const;

/** A security-master search result (core seed §3). */
export const ZSecuritySearchResult = z.object({
  name: z.string(),
  code: z.string(),
  type: z.string().nullable(),
  exchange: z.string().nullable(),
  currency: z.string().nullable(),
  /** The provider that knows this code ('yahoo', 'eodhd', 'coingecko'): a search asks every one configured. */
  provider: z.string(),
  /** The ticker a link would give the asset, when it is not the code (CoinGecko: code 'bitcoin', ticker 'BTC'). */
  ticker: z.string().optional(),
});
export type TSecuritySearchResult = z.infer<typeof ZSecuritySearchResult>;

/** Security info (core seed §3): symbol, ticker, type, and data as flat key/value pairs. */
export const ZSecurityInfo = z.object({
  symbol: z.string(),
  ticker: z.string(),
  type: z.string().nullable(),
  name: z.string().nullable(),
  currency: z.string().nullable(),
  exchange: z.string().nullable(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type TSecurityInfo = z.infer<typeof ZSecurityInfo>;

export const ZSecMasterParams = z.object({ id: ZRecordId });

/** GET sec_master/{id}: the linked security of asset {id}, as stored when it was linked. */
/** A linked security's split (numerator new shares for denominator old) or dividend (amount per share). */
export const ZSecurityEvent = z.object({
  date: z.string(),
  kind: z.enum(['split', 'dividend']),
  numerator: z.string().nullable(),
  denominator: z.string().nullable(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
});
export type TSecurityEventView = z.infer<typeof ZSecurityEvent>;

export const ZSecMasterView = z.object({
  asset_id: z.string(),
  linked_security_id: z.string().nullable(),
  security_info_ticker: z.string().nullable(),
  security_info: ZSecurityInfo.nullable(),
  /** The linked security's splits and dividends the syncs found, by date (none where the provider has none). */
  events: z.array(ZSecurityEvent),
});
export type TSecMasterView = z.infer<typeof ZSecMasterView>;

/** Which of the asset's own fields take the security's values ('Warning of changes'). */
export const ZSecurityChanges = z.object({
  name: z.boolean().default(false),
  type: z.boolean().default(false),
  ticker: z.boolean().default(false),
});

export const ZLinkSecurityBody = z.object({
  symbol: z.string().trim().min(1, { error: SECURITY_MASTER_MESSAGES.SYMBOL_REQUIRED }).max(64),
  /** The search result's provider; the equities provider when absent. */
  provider: z.string().max(32).optional(),
  apply: ZSecurityChanges.default({ name: false, type: false, ticker: false }),
});
export type TLinkSecurityBody = z.infer<typeof ZLinkSecurityBody>;

export const ZLinkSecurityResponse = z.object({
  asset: ZAsset,
  security_info: ZSecurityInfo,
  /** The 'market data sync' task bringing the security's prices, when jobs run in this install. */
  task: ZTask.nullable(),
});

const errors = { 400: ZErrorBody, 401: ZErrorBody, 402: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const providerErrors = { 409: ZErrorBody, 429: ZErrorBody, 503: ZErrorBody };

export const getSecMaster = defineEndpoint({
  method: 'GET',
  url: '/sec_master/:id',
  summary: "An asset's linked security and its info",
  params: ZSecMasterParams,
  response: { 200: ZSecMasterView, ...errors },
});

export const linkSecurity = defineEndpoint({
  method: 'PUT',
  url: '/sec_master/:id',
  summary: 'Link an asset to a security (and apply the chosen changes of name, type, ticker)',
  params: ZSecMasterParams,
  body: ZLinkSecurityBody,
  response: { 200: ZLinkSecurityResponse, ...errors, ...providerErrors },
});

export const unlinkSecurity = defineEndpoint({
  method: 'DELETE',
  url: '/sec_master/:id',
  summary: 'Reset: unlink the security (clears the linked id and info)',
  params: ZSecMasterParams,
  response: { 200: ZAsset, ...errors },
});

// --- market data -------------------------------------------------------------------------------------------

export const ZDailyPricesQuery = z.object({
  repo_id: ZRecordId,
  from_dt: ZCalendarDay.optional(),
  /** Comma-separated tickers, or a JSON list of them. */
  tickers: z.string().max(20_000),
});

export const ZDailyPrice = z.object({
  date: z.string(),
  close: z.string(),
  adjusted_close: z.string().nullable(),
});

export const ZDailyPricesResponse = z.object({
  /** Ticker → its security-master closes by date; a ticker without a linked asset has no key. */
  data: z.record(z.string(), z.array(ZDailyPrice)),
});

export const getDailyPrices = defineEndpoint({
  method: 'GET',
  url: '/market_data/daily_prices',
  summary: "Security-master daily closes of the repository's assets with these tickers, from from_dt",
  querystring: ZDailyPricesQuery,
  response: { 200: ZDailyPricesResponse, ...errors },
});

export const ZMarketDataSyncBody = z.object({ repository_id: ZRecordId });

export const ZMarketDataStatus = z.object({
  repository_id: z.string(),
  /** null: no provider configured (the message says which setting). */
  provider: z.string().nullable(),
  crypto_provider: z.string().nullable(),
  fx_provider: z.string().nullable(),
  message: z.string().nullable(),
  last_synced_at: z.iso.datetime().nullable(),
  /** The scheduled sync's cron expression (UTC, MARKET_DATA_SYNC_CRON); null when it is off. */
  sync_cron: z.string().nullable(),
  /** When the scheduled sync runs next; null when it is off or no provider is configured. */
  next_sync_at: z.iso.datetime().nullable(),
  linked_assets: z.number().int(),
});
export type TMarketDataStatus = z.infer<typeof ZMarketDataStatus>;

export const getMarketDataStatus = defineEndpoint({
  method: 'GET',
  url: '/market_data/status',
  summary: "A repository's market-data providers, last sync time and next scheduled sync",
  querystring: z.object({ repo_id: ZRecordId }),
  response: { 200: ZMarketDataStatus, ...errors },
});

export const startMarketDataSync = defineEndpoint({
  method: 'POST',
  url: '/market_data/sync',
  summary: "Start the repository's 'market data sync' task now",
  body: ZMarketDataSyncBody,
  response: { 202: ZTask, ...errors, 503: ZErrorBody },
});

// --- WebSocket channel 'security_master' (GET /api/ws/security_master) --------------------------------------

export const openSecurityMasterChannel = defineEndpoint({
  method: 'GET',
  url: '/ws/security_master',
  summary: "The WebSocket channel 'security_master'",
  response: { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody },
});

/** What a client sends: action eod_search with payload symbol (core seed §7). */
export const ZSecurityMasterClientMessage = z.object({
  action: z.literal('eod_search'),
  payload: z.object({
    symbol: z.string().trim().min(1, { error: SECURITY_MASTER_MESSAGES.SYMBOL_REQUIRED }).max(64),
  }),
  /** Echoed in the answer, so a client typing fast can drop answers to older searches. */
  request_id: z.string().max(100).optional(),
});
export type TSecurityMasterClientMessage = z.infer<typeof ZSecurityMasterClientMessage>;

export const ZSecurityMasterServerMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('eod_search'),
    request_id: z.string().optional(),
    symbol: z.string(),
    data: z.array(ZSecuritySearchResult),
  }),
  z.object({
    type: z.literal('error'),
    request_id: z.string().optional(),
    status: z.number().int(),
    message: z.string(),
  }),
]);
export type TSecurityMasterServerMessage = z.infer<typeof ZSecurityMasterServerMessage>;
