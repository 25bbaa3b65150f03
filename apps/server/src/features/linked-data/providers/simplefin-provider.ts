import { LINKED_PROVIDER_MESSAGES } from '@strata/contracts/linked-providers';
import { toAmountString } from '@strata/core/money/decimal';
import { z } from 'zod';
import {
  ProviderError,
  type TProvider,
  type TProviderAccount,
  type TProviderTransaction,
  type TTransactionChanges,
} from './provider-port.ts';
import { type TFailedCall, type TRetryPolicy, withRetries } from './provider-retry.ts';

/**
 * SimpleFIN (the open protocol, https://www.simplefin.org/protocol.html, version 1.0): the user's setup
 * token is the base64 of a claim URL; one POST to it answers the access URL, whose user and password are
 * the credentials (HTTP basic auth) — that URL is the secret sealed at rest. Data is GET {access}/accounts
 * with start-date (Unix seconds) and pending=1; amounts are decimal text, negative for money out, as here.
 * There is no cursor in the protocol: the cursor kept is the Unix time of the last fetch, and each fetch goes
 * back OVERLAP_DAYS before it, so a pending transaction that posts later is seen again (same id: updated).
 */

const DAY = 86_400;
const FIRST_FETCH_DAYS = 90;
const OVERLAP_DAYS = 14;

const ZTransaction = z.object({
  id: z.string().min(1),
  /** Unix seconds; 0 while pending. */
  posted: z.number().int(),
  amount: z.string().regex(/^-?\d+(\.\d+)?$/),
  description: z.string(),
  payee: z.string().nullable().optional(),
  memo: z.string().nullable().optional(),
  transacted_at: z.number().int().nullable().optional(),
  pending: z.boolean().optional(),
});

const ZAccount = z.object({
  id: z.string().min(1),
  name: z.string(),
  currency: z.string(),
  balance: z.string(),
  org: z
    .object({ name: z.string().nullable().optional(), domain: z.string().nullable().optional() })
    .optional(),
  transactions: z.array(z.unknown()).optional(),
});

const ZAccountSet = z.object({ errors: z.array(z.string()), accounts: z.array(ZAccount) });

class HttpFailure extends Error {
  readonly status: number;
  readonly retryAfter: string | null;

  constructor(status: number, retryAfter: string | null) {
    super(`HTTP ${status}`);
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

function failureOf(error: unknown): TFailedCall {
  return error instanceof HttpFailure
    ? { status: error.status, retryAfter: error.retryAfter }
    : { status: null, retryAfter: null };
}

function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (!(error instanceof HttpFailure))
    return new ProviderError('unavailable', LINKED_PROVIDER_MESSAGES.UNREACHABLE);
  // The protocol: 403 on the access URL means the user revoked it (or it was never valid).
  if (error.status === 403 || error.status === 401)
    return new ProviderError(
      'login_required',
      LINKED_PROVIDER_MESSAGES.loginRequired('simplefin'),
      String(error.status),
    );
  if (error.status === 429) return new ProviderError('rate_limited', LINKED_PROVIDER_MESSAGES.RATE_LIMITED);
  if (error.status >= 500)
    return new ProviderError(
      'unavailable',
      `${LINKED_PROVIDER_MESSAGES.UNREACHABLE} (SimpleFIN ${error.status})`,
    );
  return new ProviderError('refused', `SimpleFIN answered ${error.status}`, String(error.status));
}

/** The access URL split into the address to call and its basic-auth header (fetch refuses credentials in URLs). */
function accessOf(secret: string): { base: string; authorization: string } {
  const url = new URL(secret);
  const authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
  url.username = '';
  url.password = '';
  return { base: url.toString().replace(/\/+$/, ''), authorization };
}

function isoDay(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 10);
}

export function createSimplefinProvider(settings: { retry: TRetryPolicy; allowHttp: boolean }): TProvider {
  function checkScheme(url: URL): void {
    if (url.protocol === 'https:' || (settings.allowHttp && url.protocol === 'http:')) return;
    throw new ProviderError('refused', 'The SimpleFIN address must be https');
  }

  async function request(url: string, init: RequestInit): Promise<string> {
    try {
      return await withRetries(
        async () => {
          const response = await fetch(url, {
            ...init,
            redirect: 'error',
            signal: AbortSignal.timeout(60_000),
          });
          const text = await response.text();
          if (!response.ok) throw new HttpFailure(response.status, response.headers.get('retry-after'));
          return text;
        },
        failureOf,
        settings.retry,
      );
    } catch (error) {
      throw toProviderError(error);
    }
  }

  async function accountSet(secret: string, query: Record<string, string>) {
    const { base, authorization } = accessOf(secret);
    const text = await request(`${base}/accounts?${new URLSearchParams(query)}`, {
      headers: { authorization, accept: 'application/json' },
    });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ProviderError('malformed', `${LINKED_PROVIDER_MESSAGES.MALFORMED} (SimpleFIN /accounts)`);
    }
    const result = ZAccountSet.safeParse(body);
    if (!result.success)
      throw new ProviderError('malformed', `${LINKED_PROVIDER_MESSAGES.MALFORMED} (SimpleFIN /accounts)`);
    return result.data;
  }

  const toAccount = (account: z.infer<typeof ZAccount>): TProviderAccount => ({
    externalId: account.id,
    name: account.name,
    number: null,
    type: account.org?.name ?? null,
    currency: /^[A-Z]{3}$/.test(account.currency) ? account.currency : null,
    balance: toAmountString(account.balance),
    isInvestment: false,
  });

  return {
    id: 'simplefin',
    name: 'SimpleFIN',

    async startLink() {
      // Nothing to open: the user brings a setup token from their bridge (the connector's token flow).
      throw new ProviderError('refused', LINKED_PROVIDER_MESSAGES.SETUP_TOKEN_REQUIRED);
    },

    async exchange(setupToken) {
      let claim: URL;
      try {
        claim = new URL(Buffer.from(setupToken.trim(), 'base64').toString('utf8').trim());
      } catch {
        throw new ProviderError('refused', 'This is not a SimpleFIN setup token');
      }
      checkScheme(claim);
      let access: string;
      try {
        access = (
          await request(claim.toString(), { method: 'POST', headers: { 'content-length': '0' } })
        ).trim();
      } catch (error) {
        // The protocol: 403 on a claim means the token was claimed already (or never issued).
        if (error instanceof ProviderError && error.kind === 'login_required')
          throw new ProviderError(
            'refused',
            'This setup token was already claimed or is not valid: make a new one at your SimpleFIN bridge',
          );
        throw error;
      }
      let url: URL;
      try {
        url = new URL(access);
      } catch {
        throw new ProviderError('malformed', `${LINKED_PROVIDER_MESSAGES.MALFORMED} (SimpleFIN claim)`);
      }
      checkScheme(url);
      if (!url.username || !url.password)
        throw new ProviderError('malformed', `${LINKED_PROVIDER_MESSAGES.MALFORMED} (SimpleFIN claim)`);
      return { secret: url.toString(), externalId: null };
    },

    async listAccounts(secret) {
      return (await accountSet(secret, { 'balances-only': '1' })).accounts.map(toAccount);
    },

    async fetchTransactions(secret, cursor) {
      const now = Math.floor(Date.now() / 1000);
      const last = cursor === null ? null : Number(cursor);
      const start =
        last !== null && Number.isFinite(last) ? last - OVERLAP_DAYS * DAY : now - FIRST_FETCH_DAYS * DAY;
      const set = await accountSet(secret, { 'start-date': String(start), pending: '1' });
      const changes: TTransactionChanges = {
        added: [],
        modified: [],
        removed: [],
        failures: [],
        notices: set.errors,
        nextCursor: String(now),
      };
      for (const account of set.accounts) {
        for (const row of account.transactions ?? []) {
          const result = ZTransaction.safeParse(row);
          if (!result.success) {
            const id = (row as { id?: unknown } | null)?.id;
            const issue = result.error.issues[0];
            changes.failures.push({
              externalId: typeof id === 'string' ? id : null,
              accountExternalId: account.id,
              message: `${issue?.path.join('.') || 'transaction'}: ${issue?.message ?? 'unreadable'}`,
            });
            continue;
          }
          const transaction = result.data;
          const isPending = transaction.pending === true || transaction.posted === 0;
          const when = isPending ? (transaction.transacted_at ?? now) : transaction.posted;
          changes.added.push({
            externalId: transaction.id,
            accountExternalId: account.id,
            date: isoDay(when),
            amount: toAmountString(transaction.amount),
            currency: /^[A-Z]{3}$/.test(account.currency) ? account.currency : null,
            counterparty: transaction.payee ?? null,
            description: transaction.description || transaction.memo || null,
            category: null,
            subcategory: null,
            status: isPending ? 'pending' : 'posted',
            replacesPendingId: null,
            source: row as Record<string, unknown>,
          } satisfies TProviderTransaction);
        }
      }
      return changes;
    },

    async fetchHoldings() {
      // Protocol 1.0 has no holdings; bridges that add them do so outside the documented fields.
      return [];
    },

    async refresh() {
      // The bridge fetches from the bank on each GET /accounts: nothing to ask for.
    },

    async disconnect() {
      // The protocol has no revoke call: the user revokes the access URL at their bridge.
    },
  };
}
