import { createHash } from 'node:crypto';
import { LINKED_PROVIDER_MESSAGES } from '@strata/contracts/linked-providers';
import { addDays } from '@strata/core/dates/epoch-day';
import { toAmountString } from '@strata/core/money/decimal';
import { z } from 'zod';
import {
  ProviderError,
  type TInstitution,
  type TProviderAccount,
  type TProviderTransaction,
  type TRedirectProvider,
  type TTransactionChanges,
} from './provider-port.ts';
import { type TFailedCall, type TRetryPolicy, withRetries } from './provider-retry.ts';

/**
 * GoCardless Bank Account Data (formerly Nordigen), API v2 as its public reference describes it
 * (bankaccountdata.gocardless.com/api/docs): the server's secret_id/secret_key buy a JWT pair
 * (POST token/new/, renewed with token/refresh/); a link is an end-user agreement (the consent the user gave
 * in the seed's dialog) and a requisition whose `link` the user follows to the bank; the requisition's
 * status LN means linked, EX expired (the user must link again). Its accounts' details, balances and
 * transactions (`booked` and `pending`) are read with `date_from`.
 *
 * The connector's sealed secret is the requisition id: with the server's keys it is what reads the accounts.
 * The JWTs live in this process only (never stored), so no table ever holds them.
 *
 * GoCardless does not tie a booked transaction to the pending one it was: the cursor keeps the last fetch's
 * pending rows, and one that is gone is matched to a booked row of the same account, amount and currency
 * within a week (the row keeps its tags, as Plaid's pending → posted does), or else removed.
 */

const FIRST_FETCH_DAYS = 90;
const OVERLAP_DAYS = 7;
const PENDING_MATCH_DAYS = 7;
const BALANCE_PREFERENCE = [
  'interimAvailable',
  'closingBooked',
  'interimBooked',
  'expected',
  'openingBooked',
];

const ZTokenNew = z.object({
  access: z.string().min(1),
  access_expires: z.number(),
  refresh: z.string().min(1),
  refresh_expires: z.number(),
});
const ZTokenRefresh = z.object({ access: z.string().min(1), access_expires: z.number() });
const ZInstitution = z.object({
  id: z.string().min(1),
  name: z.string(),
  countries: z.array(z.string()).default([]),
  logo: z.string().nullable().optional(),
});
const ZAgreement = z.object({ id: z.string().min(1) });
const ZRequisition = z.object({
  id: z.string().min(1),
  status: z.string(),
  link: z.string().optional(),
  accounts: z.array(z.string()).default([]),
});
const ZDetails = z.object({
  account: z.object({
    resourceId: z.string().nullable().optional(),
    iban: z.string().nullable().optional(),
    bban: z.string().nullable().optional(),
    currency: z.string().nullable().optional(),
    name: z.string().nullable().optional(),
    product: z.string().nullable().optional(),
    ownerName: z.string().nullable().optional(),
    cashAccountType: z.string().nullable().optional(),
  }),
});
const ZAmount = z.object({ amount: z.string().regex(/^[-+]?\d+(\.\d+)?$/), currency: z.string() });
const ZBalances = z.object({
  balances: z.array(z.object({ balanceAmount: ZAmount, balanceType: z.string() })),
});
const ZTransactionsAnswer = z.object({
  transactions: z.object({ booked: z.array(z.unknown()), pending: z.array(z.unknown()).default([]) }),
});
const ZTransaction = z.object({
  transactionId: z.string().min(1).nullable().optional(),
  internalTransactionId: z.string().min(1).nullable().optional(),
  bookingDate: z.iso.date().nullable().optional(),
  valueDate: z.iso.date().nullable().optional(),
  bookingDateTime: z.string().nullable().optional(),
  transactionAmount: ZAmount,
  creditorName: z.string().nullable().optional(),
  debtorName: z.string().nullable().optional(),
  remittanceInformationUnstructured: z.string().nullable().optional(),
  remittanceInformationUnstructuredArray: z.array(z.string()).nullable().optional(),
  remittanceInformationStructured: z.string().nullable().optional(),
  additionalInformation: z.string().nullable().optional(),
  proprietaryBankTransactionCode: z.string().nullable().optional(),
});

/** A pending row of the last fetch, kept in the cursor until it books or goes. */
interface TPendingSeen {
  id: string;
  date: string;
  amount: string;
  currency: string;
}
const ZCursor = z.object({
  last: z.iso.date(),
  pending: z.record(
    z.string(),
    z.array(z.object({ id: z.string(), date: z.string(), amount: z.string(), currency: z.string() })),
  ),
});

class HttpFailure extends Error {
  readonly status: number;
  readonly retryAfter: string | null;
  readonly summary: string | null;

  constructor(status: number, retryAfter: string | null, summary: string | null) {
    super(`HTTP ${status}`);
    this.status = status;
    this.retryAfter = retryAfter;
    this.summary = summary;
  }
}

/**
 * GoCardless answers 429 with the seconds until its window resets, in its own headers (the reference names
 * them HTTP_X_RATELIMIT_*; on the wire they come as X-RateLimit-* or with the HTTP_ prefix kept). The
 * per-account limit (a few calls a day) has its own reset. Retry-After is read first should a proxy add one.
 */
function rateLimitReset(headers: Headers): string | null {
  for (const name of [
    'retry-after',
    'x-ratelimit-account-success-reset',
    'http_x_ratelimit_account_success_reset',
    'x-ratelimit-reset',
    'http_x_ratelimit_reset',
  ]) {
    const value = headers.get(name);
    if (value !== null && value.trim() !== '') return value.trim();
  }
  return null;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The day a row counts on: booked on its booking date, pending on its value date, whichever it has. */
function dayOf(row: z.infer<typeof ZTransaction>, pending: boolean): string | null {
  const time =
    row.bookingDateTime && /^\d{4}-\d{2}-\d{2}/.test(row.bookingDateTime) ? row.bookingDateTime : null;
  const candidates = pending
    ? [row.valueDate, row.bookingDate, time?.slice(0, 10)]
    : [row.bookingDate, time?.slice(0, 10), row.valueDate];
  return candidates.find((day): day is string => typeof day === 'string') ?? null;
}

function textOf(row: z.infer<typeof ZTransaction>): string | null {
  return (
    row.remittanceInformationUnstructured ||
    row.remittanceInformationUnstructuredArray?.filter(Boolean).join(' ') ||
    row.remittanceInformationStructured ||
    row.additionalInformation ||
    null
  );
}

function daysBetween(a: string, b: string): number {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;
}

export interface TGocardlessSettings {
  secretId: string;
  secretKey: string;
  baseUrl: string;
  /** Origins the page's img-src allows for institution logos (GOCARDLESS_LOGO_ORIGINS). */
  logoOrigins: readonly string[];
  retry: TRetryPolicy;
  now?: () => Date;
}

/**
 * The institution's own logo when it is served from an origin the page's img-src allows (an address elsewhere
 * would be blocked by it), else none: the picker then shows a bank icon, rather than another brand's logo beside
 * the bank's name.
 */
export function institutionLogo(logo: string | null | undefined, allowed: readonly string[]): string | null {
  const url = logo ? URL.parse(logo) : null;
  if (url && (url.protocol === 'https:' || url.protocol === 'http:') && allowed.includes(url.origin))
    return url.href;
  return null;
}

export function createGocardlessProvider(settings: TGocardlessSettings): TRedirectProvider {
  const base = `${settings.baseUrl.replace(/\/+$/, '')}/api/v2`;
  const now = settings.now ?? (() => new Date());
  let tokens: { access: string; accessUntil: number; refresh: string; refreshUntil: number } | null = null;

  function malformed(where: string): ProviderError {
    return new ProviderError('malformed', `${LINKED_PROVIDER_MESSAGES.MALFORMED} (GoCardless ${where})`);
  }

  function toProviderError(error: unknown): ProviderError {
    if (error instanceof ProviderError) return error;
    if (!(error instanceof HttpFailure))
      return new ProviderError('unavailable', LINKED_PROVIDER_MESSAGES.UNREACHABLE);
    const code = String(error.status);
    if (error.status === 429)
      return new ProviderError(
        'rate_limited',
        `${LINKED_PROVIDER_MESSAGES.RATE_LIMITED}${error.retryAfter ? ` (GoCardless: ${error.retryAfter} s)` : ''}`,
        code,
      );
    if (error.status >= 500)
      return new ProviderError(
        'unavailable',
        `${LINKED_PROVIDER_MESSAGES.UNREACHABLE} (GoCardless ${code})`,
        code,
      );
    return new ProviderError('refused', `GoCardless: ${error.summary ?? `HTTP ${code}`}`, code);
  }

  /** One call with the retries; the answer's JSON (not yet checked against its shape). */
  async function call(
    path: string,
    init: { method?: string; body?: unknown; access?: string | null },
  ): Promise<unknown> {
    const failureOf = (error: unknown): TFailedCall => {
      if (error instanceof HttpFailure) {
        // A reset longer than the longest wait is the per-account daily limit: waiting here would not help.
        const seconds = Number(error.retryAfter);
        if (error.status === 429 && Number.isFinite(seconds) && seconds * 1000 > settings.retry.maxDelayMs)
          return { status: 400, retryAfter: null };
        return { status: error.status, retryAfter: error.retryAfter };
      }
      return error instanceof ProviderError
        ? { status: 400, retryAfter: null }
        : { status: null, retryAfter: null };
    };
    const text = await withRetries(
      async () => {
        const response = await fetch(`${base}${path}`, {
          method: init.method ?? 'GET',
          headers: {
            accept: 'application/json',
            ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(init.access ? { authorization: `Bearer ${init.access}` } : {}),
          },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
          redirect: 'error',
          signal: AbortSignal.timeout(60_000),
        });
        const body = await response.text();
        if (!response.ok) {
          let summary: string | null = null;
          try {
            const parsed = JSON.parse(body) as Record<string, unknown>;
            // Their summary only (never the request); a 400 on a body field answers { field: { summary } }.
            const field = Object.values(parsed).find(
              (value): value is { summary: string } =>
                typeof (value as { summary?: unknown } | null)?.summary === 'string',
            );
            const text = typeof parsed.summary === 'string' ? parsed.summary : field?.summary;
            if (text) summary = text.slice(0, 200);
          } catch {}
          throw new HttpFailure(response.status, rateLimitReset(response.headers), summary);
        }
        return body;
      },
      failureOf,
      settings.retry,
    );
    try {
      return JSON.parse(text);
    } catch {
      throw malformed(path.replace(/\/[0-9a-f-]{36}\//gi, '/{id}/').split('?')[0] as string);
    }
  }

  function parse<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
    const result = schema.safeParse(value);
    if (!result.success) throw malformed(where);
    return result.data;
  }

  /** A valid access token: the cached one, a refreshed one, or a new pair. */
  async function accessToken(): Promise<string> {
    const at = Date.now();
    if (tokens && tokens.accessUntil > at) return tokens.access;
    if (tokens && tokens.refreshUntil > at) {
      try {
        const refreshed = parse(
          ZTokenRefresh,
          await call('/token/refresh/', { method: 'POST', body: { refresh: tokens.refresh } }),
          '/token/refresh/',
        );
        tokens = {
          ...tokens,
          access: refreshed.access,
          accessUntil: at + (refreshed.access_expires - 60) * 1000,
        };
        return tokens.access;
      } catch (error) {
        if (!(error instanceof HttpFailure) || error.status !== 401) throw error;
      }
    }
    let answer: unknown;
    try {
      answer = await call('/token/new/', {
        method: 'POST',
        body: { secret_id: settings.secretId, secret_key: settings.secretKey },
      });
    } catch (error) {
      if (error instanceof HttpFailure && (error.status === 401 || error.status === 403))
        // Not the user's access (a 401 on account data is): this server's keys, which the operator fixes.
        throw new ProviderError(
          'refused',
          'GoCardless refused this server’s secret_id and secret_key',
          `token ${error.status}`,
        );
      throw error;
    }
    const pair = parse(ZTokenNew, answer, '/token/new/');
    tokens = {
      access: pair.access,
      accessUntil: at + (pair.access_expires - 60) * 1000,
      refresh: pair.refresh,
      refreshUntil: at + (pair.refresh_expires - 60) * 1000,
    };
    return tokens.access;
  }

  /** An authorized call; a 401 (the token expired or was revoked early) gets a new token once. */
  async function authorized(path: string, init: { method?: string; body?: unknown } = {}): Promise<unknown> {
    try {
      try {
        return await call(path, { ...init, access: await accessToken() });
      } catch (error) {
        if (!(error instanceof HttpFailure) || error.status !== 401) throw error;
        tokens = null;
        return await call(path, { ...init, access: await accessToken() });
      }
    } catch (error) {
      throw toProviderError(error);
    }
  }

  /** Account data: a refusal here means the user's access ended (agreement expired, revoked, suspended). */
  async function accountData(path: string): Promise<unknown> {
    try {
      return await authorized(path);
    } catch (error) {
      if (error instanceof ProviderError && ['401', '403', '409'].includes(error.providerCode ?? ''))
        throw new ProviderError(
          'login_required',
          LINKED_PROVIDER_MESSAGES.loginRequired('gocardless'),
          error.providerCode,
        );
      throw error;
    }
  }

  async function requisition(id: string) {
    const answer = await authorized(`/requisitions/${encodeURIComponent(id)}/`).catch((error: unknown) => {
      // A requisition deleted at GoCardless (or by its user) is a link to make again.
      if (error instanceof ProviderError && error.providerCode === '404')
        throw new ProviderError(
          'login_required',
          LINKED_PROVIDER_MESSAGES.loginRequired('gocardless'),
          '404',
        );
      throw error;
    });
    return parse(ZRequisition, answer, '/requisitions/{id}/');
  }

  /** LN = linked; EX expired, RJ rejected, SU suspended: the user must link again. */
  function requireLinked(status: string): void {
    if (status === 'LN') return;
    if (['EX', 'RJ', 'SU'].includes(status))
      throw new ProviderError('login_required', LINKED_PROVIDER_MESSAGES.loginRequired('gocardless'), status);
    throw new ProviderError('refused', 'The bank link is not finished: complete it at your bank', status);
  }

  function readRow(
    raw: unknown,
    accountId: string,
    pending: boolean,
    seen: Map<string, number>,
  ): TProviderTransaction | { failure: string; id: string | null } {
    const result = ZTransaction.safeParse(raw);
    const rawId = (raw as { transactionId?: unknown } | null)?.transactionId;
    if (!result.success) {
      const issue = result.error.issues[0];
      return {
        failure: `${issue?.path.join('.') || 'transaction'}: ${issue?.message ?? 'unreadable'}`,
        id: typeof rawId === 'string' ? rawId : null,
      };
    }
    const row = result.data;
    const date = dayOf(row, pending);
    if (!date) return { failure: 'bookingDate: missing', id: row.transactionId ?? null };
    const amount = toAmountString(row.transactionAmount.amount);
    const counterparty =
      (amount.startsWith('-') ? row.creditorName : row.debtorName) ??
      row.creditorName ??
      row.debtorName ??
      null;
    const description = textOf(row);
    let id = row.transactionId ?? row.internalTransactionId ?? null;
    if (!id) {
      // Many banks give pending rows no id: one is made of what the row says, numbered when a day has twins.
      const key = [
        accountId,
        pending ? 'p' : 'b',
        date,
        amount,
        row.transactionAmount.currency,
        counterparty,
        description,
      ].join('|');
      const digest = createHash('sha256').update(key).digest('hex').slice(0, 24);
      const nth = (seen.get(digest) ?? 0) + 1;
      seen.set(digest, nth);
      id = `gc-${digest}${nth > 1 ? `-${nth}` : ''}`;
    }
    return {
      externalId: id,
      accountExternalId: accountId,
      date,
      amount,
      currency: /^[A-Z]{3}$/.test(row.transactionAmount.currency) ? row.transactionAmount.currency : null,
      counterparty,
      description,
      category: row.proprietaryBankTransactionCode ?? null,
      subcategory: null,
      status: pending ? 'pending' : 'posted',
      replacesPendingId: null,
      source: raw as Record<string, unknown>,
    };
  }

  return {
    id: 'gocardless',
    name: 'GoCardless',

    async searchInstitutions({ country, query }) {
      const answer = await authorized(`/institutions/?country=${encodeURIComponent(country.toLowerCase())}`);
      const list = parse(z.array(ZInstitution), answer, '/institutions/');
      const needle = query.trim().toLowerCase();
      return list
        .filter((institution) => !needle || institution.name.toLowerCase().includes(needle))
        .map(
          (institution): TInstitution => ({
            id: institution.id,
            name: institution.name,
            logo: institutionLogo(institution.logo, settings.logoOrigins),
            countries: institution.countries.map((code) => code.toUpperCase()),
            provider: 'gocardless',
          }),
        );
    },

    linkNeeds: { consent: true, institution: true },

    async startAuthorization({ institutionId, redirectUrl, reference, language }) {
      // The service asks for it first (linkNeeds): a bank is what a requisition is for.
      if (!institutionId) throw new ProviderError('refused', 'No bank chosen');
      const agreement = parse(
        ZAgreement,
        await authorized('/agreements/enduser/', {
          method: 'POST',
          body: {
            institution_id: institutionId,
            max_historical_days: FIRST_FETCH_DAYS,
            access_valid_for_days: 90,
            access_scope: ['balances', 'details', 'transactions'],
          },
        }),
        '/agreements/enduser/',
      );
      const made = parse(
        ZRequisition,
        await authorized('/requisitions/', {
          method: 'POST',
          body: {
            redirect: redirectUrl,
            institution_id: institutionId,
            agreement: agreement.id,
            reference,
            ...(language ? { user_language: language.toUpperCase() } : {}),
          },
        }),
        '/requisitions/',
      );
      if (!made.link) throw malformed('/requisitions/');
      return { url: made.link, externalId: made.id };
    },

    async completeAuthorization(requisitionId) {
      const found = await requisition(requisitionId);
      requireLinked(found.status);
      if (found.accounts.length === 0)
        throw new ProviderError('refused', 'The bank shared no account: link again and choose at least one');
      return { secret: found.id, externalId: found.id };
    },

    async startLink() {
      // Not an overlay: the link is the requisition's (GET linked_data/authorization_url/gocardless).
      throw new ProviderError('refused', LINKED_PROVIDER_MESSAGES.NOT_AVAILABLE);
    },

    async exchange() {
      throw new ProviderError('refused', LINKED_PROVIDER_MESSAGES.NOT_AVAILABLE);
    },

    async listAccounts(requisitionId) {
      const found = await requisition(requisitionId);
      requireLinked(found.status);
      const accounts: TProviderAccount[] = [];
      for (const id of found.accounts) {
        const path = `/accounts/${encodeURIComponent(id)}`;
        const details = parse(ZDetails, await accountData(`${path}/details/`), '/accounts/{id}/details/');
        const balances = parse(ZBalances, await accountData(`${path}/balances/`), '/accounts/{id}/balances/');
        const balance =
          BALANCE_PREFERENCE.map((type) => balances.balances.find((one) => one.balanceType === type)).find(
            Boolean,
          ) ?? balances.balances[0];
        const account = details.account;
        const number = account.iban ?? account.bban ?? null;
        const currency = account.currency ?? balance?.balanceAmount.currency ?? null;
        accounts.push({
          externalId: id,
          name: account.name ?? account.product ?? account.ownerName ?? null,
          number: number ? number.slice(-4) : null,
          type: account.cashAccountType ?? account.product ?? null,
          currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : null,
          balance: balance ? toAmountString(balance.balanceAmount.amount) : null,
          isInvestment: false,
        });
      }
      return accounts;
    },

    async fetchTransactions(requisitionId, cursor) {
      const today = isoDay(now());
      const parsedCursor = cursor ? ZCursor.safeParse(safeJson(cursor)) : null;
      const previous = parsedCursor?.success ? parsedCursor.data : null;
      const dateFrom = previous ? addDays(previous.last, -OVERLAP_DAYS) : addDays(today, -FIRST_FETCH_DAYS);
      const found = await requisition(requisitionId);
      requireLinked(found.status);
      const changes: TTransactionChanges = {
        added: [],
        modified: [],
        removed: [],
        failures: [],
        notices: [],
        nextCursor: null,
      };
      const pendingNow: Record<string, TPendingSeen[]> = {};
      for (const accountId of found.accounts) {
        const answer = parse(
          ZTransactionsAnswer,
          await accountData(
            `/accounts/${encodeURIComponent(accountId)}/transactions/?date_from=${dateFrom}&date_to=${today}`,
          ),
          '/accounts/{id}/transactions/',
        );
        const seen = new Map<string, number>();
        const booked: TProviderTransaction[] = [];
        const pending: TProviderTransaction[] = [];
        for (const [list, isPending] of [
          [answer.transactions.booked, false],
          [answer.transactions.pending, true],
        ] as const) {
          for (const raw of list) {
            const read = readRow(raw, accountId, isPending, seen);
            if ('failure' in read)
              changes.failures.push({
                externalId: read.id,
                accountExternalId: accountId,
                message: read.failure,
              });
            else (isPending ? pending : booked).push(read);
          }
        }
        // A pending row of the last fetch that is not pending any more: booked (the same row) or gone.
        const bookedIds = new Set(booked.map((row) => row.externalId));
        const pendingIds = new Set(pending.map((row) => row.externalId));
        const claimed = new Set<string>();
        for (const was of previous?.pending[accountId] ?? []) {
          if (pendingIds.has(was.id) || bookedIds.has(was.id)) continue;
          const match = booked.find(
            (row) =>
              !claimed.has(row.externalId) &&
              row.amount === was.amount &&
              row.currency === was.currency &&
              daysBetween(row.date, was.date) <= PENDING_MATCH_DAYS,
          );
          if (match) {
            claimed.add(match.externalId);
            match.replacesPendingId = was.id;
          }
          // Also taken back: when the booked row was stored already, the pending one must not stay beside it.
          changes.removed.push({ externalId: was.id, accountExternalId: accountId });
        }
        changes.added.push(...booked, ...pending);
        pendingNow[accountId] = pending.map((row) => ({
          id: row.externalId,
          date: row.date,
          amount: row.amount,
          currency: row.currency ?? '',
        }));
      }
      changes.nextCursor = JSON.stringify({ last: today, pending: pendingNow });
      return changes;
    },

    async fetchHoldings() {
      // Bank Account Data reads payment accounts only.
      return [];
    },

    async refresh() {
      // Each read asks the bank (within the bank's daily limit): nothing to ask for.
    },

    async disconnect(requisitionId) {
      try {
        await authorized(`/requisitions/${encodeURIComponent(requisitionId)}/`, { method: 'DELETE' });
      } catch (error) {
        // Already gone there: the link is over either way.
        if (!(error instanceof ProviderError && error.providerCode === '404')) throw error;
      }
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
