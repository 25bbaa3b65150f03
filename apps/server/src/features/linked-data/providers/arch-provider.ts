import { createHash } from 'node:crypto';
import { LINKED_PROVIDER_MESSAGES } from '@strata/contracts/linked-providers';
import { addDays } from '@strata/core/dates/epoch-day';
import { toAmountString, toDecimal } from '@strata/core/money/decimal';
import { z } from 'zod';
import {
  ProviderError,
  type THolding,
  type TProvider,
  type TProviderAccount,
  type TProviderTransaction,
  type TTransactionChanges,
} from './provider-port.ts';
import { type TFailedCall, type TRetryPolicy, withRetries } from './provider-retry.ts';

/**
 * Arch (alternative-investment aggregation), modelled on its public API documentation as of 2026-11: an API
 * client's id and secret buy a bearer token (OAuth 2.0 client credentials, POST /oauth/token, form-encoded);
 * GET /v1/holdings and GET /v1/activities answer `{ data, next_page }` pages. What Arch does not publish in
 * detail is an assumption stated here and in docs/connectors.md: holdings name their investing entity
 * (`account`) and investment, and carry commitment, contributed and NAV as decimal text; activities carry a
 * `type` (capital_call, distribution, return_of_capital, …), a date, a positive amount and a currency.
 *
 * The sealed secret is the client id and secret together. Each holding's investing entity is a linked
 * account; holdings are linked positions (a fund without units: one unit per unit of contributed capital,
 * the NAV as value, as docs/domain.md keeps private funds); activities are linked transactions whose
 * category is the private-fund transaction type they map to, so a mapping rule can turn them into one.
 */

const FIRST_FETCH_DAYS = 3650;
/** Arch reads fund notices as they arrive, sometimes weeks after the activity's date. */
const OVERLAP_DAYS = 45;

/** Arch's activity types → the private-fund transaction types (docs/domain.md) and the cash sign. */
const ACTIVITY_TYPES: Record<string, { type: string; sign: 1 | -1 }> = {
  commitment: { type: 'subscribe and commit', sign: 1 },
  capital_call: { type: 'capital call', sign: -1 },
  contribution: { type: 'capital contribution', sign: -1 },
  return_of_capital: { type: 'capital return', sign: 1 },
  recallable_return_of_capital: { type: 'recallable capital return', sign: 1 },
  commitment_release: { type: 'release of commitment', sign: -1 },
  fee: { type: 'fund fees', sign: -1 },
  distribution: { type: 'cash dividend', sign: 1 },
  interest: { type: 'cash interest', sign: 1 },
};

const ZDecimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const ZToken = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() });
const ZPage = z.object({ data: z.array(z.unknown()), next_page: z.number().int().nullable().optional() });
const ZHolding = z.object({
  id: z.string().min(1),
  account: z.object({ id: z.string().min(1), name: z.string().nullable().optional() }),
  investment: z.object({
    id: z.string().min(1),
    name: z.string(),
    asset_class: z.string().nullable().optional(),
  }),
  currency: z.string().regex(/^[A-Z]{3}$/),
  commitment: ZDecimal.nullable().optional(),
  contributed: ZDecimal.nullable().optional(),
  distributed: ZDecimal.nullable().optional(),
  nav: ZDecimal.nullable().optional(),
  nav_date: z.iso.date().nullable().optional(),
});
const ZActivity = z.object({
  id: z.string().min(1),
  holding_id: z.string().min(1),
  type: z.string().min(1),
  date: z.iso.date(),
  amount: ZDecimal,
  currency: z.string().regex(/^[A-Z]{3}$/),
  description: z.string().nullable().optional(),
});
const ZCredentials = z.object({ client_id: z.string().min(1), client_secret: z.string().min(1) });

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
  if (error instanceof HttpFailure) return { status: error.status, retryAfter: error.retryAfter };
  return error instanceof ProviderError
    ? { status: 400, retryAfter: null }
    : { status: null, retryAfter: null };
}

function malformed(where: string): ProviderError {
  return new ProviderError('malformed', `${LINKED_PROVIDER_MESSAGES.MALFORMED} (Arch ${where})`);
}

function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (!(error instanceof HttpFailure))
    return new ProviderError('unavailable', LINKED_PROVIDER_MESSAGES.UNREACHABLE);
  const code = String(error.status);
  // The client was deleted or its secret rotated at Arch: the user links again with the new one.
  if (error.status === 401 || error.status === 403)
    return new ProviderError('login_required', LINKED_PROVIDER_MESSAGES.loginRequired('arch'), code);
  if (error.status === 429)
    return new ProviderError('rate_limited', LINKED_PROVIDER_MESSAGES.RATE_LIMITED, code);
  if (error.status >= 500)
    return new ProviderError('unavailable', `${LINKED_PROVIDER_MESSAGES.UNREACHABLE} (Arch ${code})`, code);
  return new ProviderError('refused', `Arch answered ${code}`, code);
}

export function createArchProvider(settings: {
  baseUrl: string;
  retry: TRetryPolicy;
  now?: () => Date;
}): TProvider {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const now = settings.now ?? (() => new Date());
  /** Tokens by client id, in this process only. */
  const tokens = new Map<string, { token: string; until: number }>();

  async function request(path: string, init: RequestInit): Promise<unknown> {
    const text = await withRetries(
      async () => {
        const response = await fetch(`${base}${path}`, {
          ...init,
          redirect: 'error',
          signal: AbortSignal.timeout(60_000),
        });
        const body = await response.text();
        if (!response.ok) throw new HttpFailure(response.status, response.headers.get('retry-after'));
        return body;
      },
      failureOf,
      settings.retry,
    );
    try {
      return JSON.parse(text);
    } catch {
      throw malformed(path.split('?')[0] as string);
    }
  }

  function credentialsOf(secret: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(secret);
    } catch {
      throw new ProviderError('refused', 'Not Arch credentials');
    }
    const result = ZCredentials.safeParse(parsed);
    if (!result.success) throw new ProviderError('refused', 'Not Arch credentials');
    return result.data;
  }

  async function tokenFor(secret: string, fresh = false): Promise<string> {
    const { client_id, client_secret } = credentialsOf(secret);
    const cached = tokens.get(client_id);
    if (!fresh && cached && cached.until > Date.now()) return cached.token;
    const answer = ZToken.safeParse(
      await request('/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id, client_secret }).toString(),
      }),
    );
    if (!answer.success) throw malformed('/oauth/token');
    tokens.set(client_id, {
      token: answer.data.access_token,
      until: Date.now() + ((answer.data.expires_in ?? 3600) - 60) * 1000,
    });
    return answer.data.access_token;
  }

  /** Every page of a list; a token refused mid-way is renewed once. */
  async function list(secret: string, path: string, query: Record<string, string> = {}): Promise<unknown[]> {
    try {
      const rows: unknown[] = [];
      for (let page: number | null = 1; page !== null; ) {
        const url = `${path}?${new URLSearchParams({ ...query, page: String(page), page_size: '100' })}`;
        let answer: unknown;
        try {
          answer = await request(url, {
            headers: { authorization: `Bearer ${await tokenFor(secret)}`, accept: 'application/json' },
          });
        } catch (error) {
          if (!(error instanceof HttpFailure) || error.status !== 401) throw error;
          answer = await request(url, {
            headers: { authorization: `Bearer ${await tokenFor(secret, true)}`, accept: 'application/json' },
          });
        }
        const parsed = ZPage.safeParse(answer);
        if (!parsed.success) throw malformed(path);
        rows.push(...parsed.data.data);
        page = parsed.data.next_page ?? null;
      }
      return rows;
    } catch (error) {
      throw toProviderError(error);
    }
  }

  async function holdings(secret: string) {
    return (await list(secret, '/v1/holdings')).map((row) => {
      const result = ZHolding.safeParse(row);
      // A holding is the account and the position: one unreadable is no partial picture to write.
      if (!result.success) throw malformed('/v1/holdings');
      return { raw: row as Record<string, unknown>, holding: result.data };
    });
  }

  return {
    id: 'arch',
    name: 'Arch',

    async startLink() {
      throw new ProviderError('refused', LINKED_PROVIDER_MESSAGES.NOT_AVAILABLE);
    },

    /** The credentials tried once (a token): only working ones are sealed. */
    async exchange(secret) {
      try {
        await tokenFor(secret, true);
      } catch (error) {
        const mapped = toProviderError(error);
        // At the link, a refused client is the user's typo, not an expired login.
        if (mapped.kind === 'login_required' || (mapped.kind === 'refused' && mapped.providerCode === '400'))
          throw new ProviderError('refused', 'Arch refused the client credentials', mapped.providerCode);
        throw mapped;
      }
      const clientId = credentialsOf(secret).client_id;
      // Not the client id itself: the connection names the client without keeping any credential in clear.
      return {
        secret,
        externalId: `client-${createHash('sha256').update(clientId).digest('hex').slice(0, 32)}`,
      };
    },

    async listAccounts(secret) {
      const accounts = new Map<string, TProviderAccount>();
      for (const { holding } of await holdings(secret)) {
        if (accounts.has(holding.account.id)) continue;
        accounts.set(holding.account.id, {
          externalId: holding.account.id,
          name: holding.account.name ?? null,
          number: null,
          type: 'private fund',
          currency: holding.currency,
          balance: null,
          isInvestment: true,
        });
      }
      return [...accounts.values()];
    },

    async fetchTransactions(secret, cursor) {
      const today = now().toISOString().slice(0, 10);
      const since =
        cursor && /^\d{4}-\d{2}-\d{2}$/.test(cursor)
          ? addDays(cursor, -OVERLAP_DAYS)
          : addDays(today, -FIRST_FETCH_DAYS);
      const accountOf = new Map(
        (await holdings(secret)).map(({ holding }) => [holding.id, holding.account.id]),
      );
      const changes: TTransactionChanges = {
        added: [],
        modified: [],
        removed: [],
        failures: [],
        notices: [],
        nextCursor: today,
      };
      for (const raw of await list(secret, '/v1/activities', { since })) {
        const result = ZActivity.safeParse(raw);
        const rawId = (raw as { id?: unknown } | null)?.id;
        if (!result.success) {
          const issue = result.error.issues[0];
          changes.failures.push({
            externalId: typeof rawId === 'string' ? rawId : null,
            accountExternalId: null,
            message: `${issue?.path.join('.') || 'activity'}: ${issue?.message ?? 'unreadable'}`,
          });
          continue;
        }
        const activity = result.data;
        const account = accountOf.get(activity.holding_id);
        if (!account) {
          changes.failures.push({
            externalId: activity.id,
            accountExternalId: null,
            message: `holding ${activity.holding_id} is not one of the client's holdings`,
          });
          continue;
        }
        const mapped = ACTIVITY_TYPES[activity.type];
        const magnitude = toDecimal(activity.amount).abs();
        const amount = toAmountString((mapped?.sign === -1 ? magnitude.neg() : magnitude).toString());
        changes.added.push({
          externalId: activity.id,
          accountExternalId: account,
          date: activity.date,
          amount,
          currency: activity.currency,
          counterparty: null,
          description: activity.description ?? null,
          category: mapped?.type ?? null,
          subcategory: activity.type,
          status: 'posted',
          replacesPendingId: null,
          source: raw as Record<string, unknown>,
        } satisfies TProviderTransaction);
      }
      return changes;
    },

    async fetchHoldings(secret) {
      return (await holdings(secret)).map(({ raw, holding }): THolding => {
        const contributed = holding.contributed ? toDecimal(holding.contributed) : null;
        const nav = holding.nav ? toDecimal(holding.nav) : null;
        return {
          accountExternalId: holding.account.id,
          securityId: holding.investment.id,
          name: holding.investment.name,
          ticker: null,
          kind: 'other',
          source: raw,
          // No units at Arch: one unit per unit of contributed capital (docs/domain.md, private funds).
          quantity: contributed ? toAmountString(contributed.toString()) : '0',
          price:
            contributed && nav && !contributed.isZero()
              ? toAmountString(nav.div(contributed).toDecimalPlaces(10).toString())
              : null,
          value: nav ? toAmountString(nav.toString()) : null,
          currency: holding.currency,
          date: holding.nav_date ?? null,
        };
      });
    },

    async refresh() {
      // Arch reads fund documents on its own schedule: nothing to ask for.
    },

    async disconnect(secret) {
      // Arch has no revoke call for a client: the user deletes the API client in Arch. The token goes here.
      tokens.delete(credentialsOf(secret).client_id);
    },
  };
}
