import { createHash } from 'node:crypto';
import { LINKED_PROVIDER_MESSAGES } from '@strata/contracts/linked-providers';
import { toAmountString, toDecimal } from '@strata/core/money/decimal';
import { z } from 'zod';
import { normaliseKrakenAsset } from './kraken-assets.ts';
import { createNonceSource, krakenSignature } from './kraken-signature.ts';
import {
  ProviderError,
  type THolding,
  type TProvider,
  type TProviderAccount,
  type TTransactionChanges,
} from './provider-port.ts';
import { type TFailedCall, type TRetryPolicy, withRetries } from './provider-retry.ts';

/**
 * Kraken (spot REST API, docs.kraken.com as of 2026-11), read-only: POST /0/private/Balance,
 * /0/private/Ledgers and /0/private/TradesHistory (50 rows a page, `ofs` to page on, newest first) signed
 * as kraken-signature.ts says, and GET /0/public/Assets for the assets' names. Kraken answers its errors
 * with HTTP 200 and `error: ["EAPI:Invalid key"]`, so the envelope is read before the result.
 *
 * The sealed secret is the API key and its private key together. The key is one Kraken account: one linked
 * account whose balances are linked positions, and whose ledger entries are linked transactions (the
 * entry's signed amount in its asset; its fee a row of its own, so each row is one movement). The cursor is
 * the newest entry's time; the next sync starts a day before it and the rows it already has (the same ledger
 * id, which Kraken never reuses; the refid stays in the source) are skipped as duplicates.
 */

/** The only account a key reaches. */
const ACCOUNT_ID = 'spot';
/** Entries Kraken books late (staking rewards are credited after the period they reward). */
const OVERLAP_SECONDS = 24 * 60 * 60;
/** Kraken's page size of Ledgers and TradesHistory. */
const PAGE_SIZE = 50;
/** A runaway loop guard (a page that never shrinks): 100,000 entries. */
const MAX_PAGES = 2000;
const ASSETS_TTL_MS = 60 * 60 * 1000;

const ZDecimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const ZEnvelope = z.object({ error: z.array(z.string()), result: z.unknown().optional() });
const ZBalance = z.record(z.string(), ZDecimal);
const ZAssets = z.record(z.string(), z.looseObject({ altname: z.string().min(1) }));
const ZLedgerPage = z.object({ ledger: z.record(z.string(), z.unknown()), count: z.number().int().min(0) });
const ZTradesPage = z.object({ trades: z.record(z.string(), z.unknown()), count: z.number().int().min(0) });
const ZLedgerEntry = z.object({
  refid: z.string(),
  time: z.number().nonnegative(),
  type: z.string().min(1),
  subtype: z.string().optional(),
  asset: z.string().min(1),
  amount: ZDecimal,
  fee: ZDecimal,
});
const ZTrade = z.object({ pair: z.string(), type: z.string(), price: ZDecimal, vol: ZDecimal });
const ZCredentials = z.object({ api_key: z.string().min(1), api_secret: z.string().min(1) });

/** Kraken's error codes (its `error` list) that mean the key no longer signs in. */
const LOGIN_ERRORS = new Set(['EAPI:Invalid key', 'EAPI:Invalid signature']);
const RATE_ERRORS = new Set(['EAPI:Rate limit exceeded', 'EGeneral:Too many requests']);
/** Worth another try: Kraken busy, or a nonce another process of this server used first. */
const TRANSIENT_ERRORS = new Set(['EService:Unavailable', 'EService:Busy', 'EAPI:Invalid nonce']);

class HttpFailure extends Error {
  readonly status: number;
  readonly retryAfter: string | null;

  constructor(status: number, retryAfter: string | null) {
    super(`HTTP ${status}`);
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

/** A refusal in Kraken's own words (the error list's first code). */
class KrakenFailure extends Error {
  readonly code: string;

  constructor(code: string) {
    super(code);
    this.code = code;
  }
}

function failureOf(error: unknown): TFailedCall {
  if (error instanceof HttpFailure) return { status: error.status, retryAfter: error.retryAfter };
  if (error instanceof KrakenFailure) {
    // Kraken sends no Retry-After: the backoff decides the wait.
    if (RATE_ERRORS.has(error.code)) return { status: 429, retryAfter: null };
    return { status: TRANSIENT_ERRORS.has(error.code) ? 503 : 400, retryAfter: null };
  }
  return error instanceof ProviderError
    ? { status: 400, retryAfter: null }
    : { status: null, retryAfter: null };
}

function malformed(where: string): ProviderError {
  return new ProviderError('malformed', `${LINKED_PROVIDER_MESSAGES.MALFORMED} (Kraken ${where})`);
}

function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof KrakenFailure) {
    if (LOGIN_ERRORS.has(error.code))
      return new ProviderError(
        'login_required',
        LINKED_PROVIDER_MESSAGES.loginRequired('kraken'),
        error.code,
      );
    if (RATE_ERRORS.has(error.code))
      return new ProviderError('rate_limited', LINKED_PROVIDER_MESSAGES.RATE_LIMITED, error.code);
    if (TRANSIENT_ERRORS.has(error.code))
      return new ProviderError(
        'unavailable',
        `${LINKED_PROVIDER_MESSAGES.UNREACHABLE} (Kraken ${error.code})`,
        error.code,
      );
    if (error.code === 'EGeneral:Permission denied')
      return new ProviderError(
        'refused',
        'The Kraken API key lacks a permission: it needs Query Funds, Query Ledger Entries and Query Closed Orders & Trades',
        error.code,
      );
    return new ProviderError('refused', `Kraken answered ${error.code}`, error.code);
  }
  if (!(error instanceof HttpFailure))
    return new ProviderError('unavailable', LINKED_PROVIDER_MESSAGES.UNREACHABLE);
  const code = String(error.status);
  if (error.status === 429)
    return new ProviderError('rate_limited', LINKED_PROVIDER_MESSAGES.RATE_LIMITED, code);
  if (error.status >= 500)
    return new ProviderError('unavailable', `${LINKED_PROVIDER_MESSAGES.UNREACHABLE} (Kraken ${code})`, code);
  return new ProviderError('refused', `Kraken answered ${code}`, code);
}

const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

export function createKrakenProvider(settings: { baseUrl: string; retry: TRetryPolicy }): TProvider {
  const base = settings.baseUrl.replace(/\/+$/, '');
  /** One increasing nonce per key, in this process (docs/connectors.md: several processes, one key). */
  const nonces = new Map<string, () => string>();
  let assets: { altnames: Map<string, string>; until: number } | null = null;

  function credentialsOf(secret: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(secret);
    } catch {
      throw new ProviderError('refused', 'Not Kraken credentials');
    }
    const result = ZCredentials.safeParse(parsed);
    if (!result.success) throw new ProviderError('refused', 'Not Kraken credentials');
    return result.data;
  }

  /** One call, retried as provider-retry says; answers the envelope's result once its error list is empty. */
  async function call(path: string, init: () => RequestInit): Promise<unknown> {
    try {
      return await withRetries(
        async () => {
          const response = await fetch(`${base}${path}`, {
            ...init(),
            redirect: 'error',
            signal: AbortSignal.timeout(60_000),
          });
          const text = await response.text();
          if (!response.ok) throw new HttpFailure(response.status, response.headers.get('retry-after'));
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            throw malformed(path);
          }
          const envelope = ZEnvelope.safeParse(json);
          if (!envelope.success) throw malformed(path);
          const [first] = envelope.data.error;
          if (first !== undefined) throw new KrakenFailure(first);
          return envelope.data.result;
        },
        failureOf,
        settings.retry,
      );
    } catch (error) {
      throw toProviderError(error);
    }
  }

  function privateCall(secret: string, path: string, params: Record<string, string> = {}) {
    const { api_key, api_secret } = credentialsOf(secret);
    let nonceOf = nonces.get(api_key);
    if (!nonceOf) {
      nonceOf = createNonceSource();
      nonces.set(api_key, nonceOf);
    }
    const next = nonceOf;
    // A fresh nonce each attempt: a retried body with the old one would be refused as a replay.
    return call(path, () => {
      const nonce = next();
      const body = new URLSearchParams({ nonce, ...params }).toString();
      return {
        method: 'POST',
        headers: {
          'API-Key': api_key,
          'API-Sign': krakenSignature({ path, nonce, body, privateKey: api_secret }),
          'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
          accept: 'application/json',
        },
        body,
      };
    });
  }

  async function altnames(): Promise<Map<string, string>> {
    if (assets && assets.until > Date.now()) return assets.altnames;
    const parsed = ZAssets.safeParse(
      await call('/0/public/Assets', () => ({ headers: { accept: 'application/json' } })),
    );
    if (!parsed.success) throw malformed('/0/public/Assets');
    const map = new Map(Object.entries(parsed.data).map(([code, asset]) => [code, asset.altname]));
    assets = { altnames: map, until: Date.now() + ASSETS_TTL_MS };
    return map;
  }

  async function balances(secret: string) {
    const parsed = ZBalance.safeParse(await privateCall(secret, '/0/private/Balance'));
    if (!parsed.success) throw malformed('/0/private/Balance');
    return parsed.data;
  }

  /** Every page of a Ledgers or TradesHistory list from `start` (exclusive, seconds), keyed by id. */
  async function pages(
    secret: string,
    path: string,
    field: 'ledger' | 'trades',
    start: number | null,
  ): Promise<Map<string, unknown>> {
    const rows = new Map<string, unknown>();
    const schema = field === 'ledger' ? ZLedgerPage : ZTradesPage;
    for (let ofs = 0, page = 0; page < MAX_PAGES; page += 1) {
      const params: Record<string, string> = { ofs: String(ofs) };
      if (start !== null) params.start = String(start);
      const parsed = schema.safeParse(await privateCall(secret, path, params));
      if (!parsed.success) throw malformed(path);
      const entries = Object.entries(
        field === 'ledger'
          ? (parsed.data as z.infer<typeof ZLedgerPage>).ledger
          : (parsed.data as z.infer<typeof ZTradesPage>).trades,
      );
      // An entry booked while paging shifts the pages by one: the id keeps it once.
      for (const [id, row] of entries) rows.set(id, row);
      ofs += entries.length;
      if (entries.length < PAGE_SIZE || ofs >= parsed.data.count) break;
    }
    return rows;
  }

  return {
    id: 'kraken',
    name: 'Kraken',

    async startLink() {
      throw new ProviderError('refused', LINKED_PROVIDER_MESSAGES.NOT_AVAILABLE);
    },

    /** The key tried once (its balances): only a working one is sealed. */
    async exchange(secret) {
      try {
        await balances(secret);
      } catch (error) {
        // At the link, a refused key is the user's typo, not an expired login.
        if (error instanceof ProviderError && error.kind === 'login_required')
          throw new ProviderError('refused', 'Kraken refused the API key', error.providerCode);
        throw error;
      }
      const apiKey = credentialsOf(secret).api_key;
      // Not the key itself: the connection names the key without keeping any credential in clear.
      return { secret, externalId: `key-${createHash('sha256').update(apiKey).digest('hex').slice(0, 32)}` };
    },

    async listAccounts(): Promise<TProviderAccount[]> {
      return [
        {
          externalId: ACCOUNT_ID,
          name: 'Kraken',
          number: null,
          type: 'crypto exchange',
          currency: null,
          balance: null,
          isInvestment: true,
        },
      ];
    },

    async fetchTransactions(secret, cursor) {
      const last = cursor && /^\d+$/.test(cursor) ? Number(cursor) : null;
      const start = last === null ? null : Math.max(last - OVERLAP_SECONDS, 0);
      const names = await altnames();
      const ledger = await pages(secret, '/0/private/Ledgers', 'ledger', start);
      const trades = await pages(secret, '/0/private/TradesHistory', 'trades', start);
      const changes: TTransactionChanges = {
        added: [],
        modified: [],
        removed: [],
        failures: [],
        notices: [],
        nextCursor: cursor,
      };
      let newest = last ?? 0;
      for (const [id, raw] of ledger) {
        const result = ZLedgerEntry.safeParse(raw);
        if (!result.success) {
          const issue = result.error.issues[0];
          changes.failures.push({
            externalId: id,
            accountExternalId: ACCOUNT_ID,
            message: `${issue?.path.join('.') || 'ledger entry'}: ${issue?.message ?? 'unreadable'}`,
          });
          continue;
        }
        const entry = result.data;
        newest = Math.max(newest, Math.floor(entry.time));
        const asset = normaliseKrakenAsset(entry.asset, names);
        const trade = entry.type === 'trade' ? ZTrade.safeParse(trades.get(entry.refid)) : null;
        const description = trade?.success
          ? `${trade.data.type} ${trade.data.vol} ${trade.data.pair} @ ${trade.data.price}`
          : null;
        const source = { ledger_id: id, ...(raw as Record<string, unknown>) };
        const common = {
          accountExternalId: ACCOUNT_ID,
          date: dayOf(entry.time),
          currency: asset,
          counterparty: null,
          status: 'posted' as const,
          replacesPendingId: null,
          source,
        };
        changes.added.push({
          ...common,
          externalId: id,
          amount: toAmountString(entry.amount),
          description,
          category: entry.type,
          subcategory: entry.subtype || null,
        });
        const fee = toDecimal(entry.fee);
        if (!fee.isZero())
          changes.added.push({
            ...common,
            externalId: `${id}:fee`,
            amount: toAmountString(fee.neg().toString()),
            description: `Fee of ${entry.type} ${entry.refid}`,
            category: 'fee',
            subcategory: entry.type,
          });
      }
      if (newest > 0) changes.nextCursor = String(newest);
      return changes;
    },

    async fetchHoldings(secret) {
      const names = await altnames();
      const holdings: THolding[] = [];
      for (const [code, amount] of Object.entries(await balances(secret))) {
        if (toDecimal(amount).isZero()) continue;
        const asset = normaliseKrakenAsset(code, names);
        holdings.push({
          accountExternalId: ACCOUNT_ID,
          securityId: asset,
          name: asset,
          ticker: asset,
          kind: 'other',
          source: { asset: code, balance: amount },
          quantity: toAmountString(amount),
          // Balance has no prices: the market data prices the positions.
          price: null,
          value: null,
          currency: null,
          date: null,
        });
      }
      return holdings;
    },

    async refresh() {
      // Kraken's ledger is live: nothing to ask for.
    },

    async disconnect(secret) {
      // Kraken has no call to revoke a key through itself: the user deletes it in Kraken's settings.
      nonces.delete(credentialsOf(secret).api_key);
    },
  };
}
