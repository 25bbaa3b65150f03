import { LINKED_PROVIDER_MESSAGES } from '@strata/contracts/linked-providers';
import { toAmountString, toDecimal } from '@strata/core/money/decimal';
import { Configuration, type CountryCode, PlaidApi, PlaidEnvironments, type Products } from 'plaid';
import { z } from 'zod';
import {
  ProviderError,
  type THolding,
  type TLinkStart,
  type TProvider,
  type TProviderAccount,
  type TProviderTransaction,
  type TTransactionChanges,
} from './provider-port.ts';
import { type TFailedCall, type TRetryPolicy, withRetries } from './provider-retry.ts';

/**
 * Plaid through its official SDK (`plaid` on npm, API version 2020-09-14, the version the SDK sends as
 * Plaid-Version): Link tokens, public-token exchange, /accounts/get, /transactions/sync cursors (added,
 * modified, removed; a posted transaction names the pending one it replaces), /investments/holdings/get,
 * /investments/transactions/get (offset and count pages), /transactions/refresh and /item/remove. Every answer is checked against the documented fields before it
 * is used, and every failure becomes a ProviderError that carries Plaid's code and message only: the SDK's
 * own errors hold the request, whose headers and body carry the client secret and the access token.
 */

export interface TPlaidSettings {
  clientId: string;
  secret: string;
  env: 'sandbox' | 'production';
  baseUrl?: string;
  countryCodes: string[];
  products: string[];
  redirectUri?: string;
  clientName: string;
  /** The Link script the web opens the overlay with (PLAID_LINK_SCRIPT_URL; Plaid's drop-in by default). */
  linkScriptUrl: string;
  retry: TRetryPolicy;
  /** Investment transactions asked per page (Plaid's `options.count`, 1–500); 500 unless a test pages smaller. */
  investmentsPageSize?: number;
}

const ZPlaidError = z.object({
  error_type: z.string(),
  error_code: z.string(),
  error_message: z.string().optional(),
  display_message: z.string().nullable().optional(),
});

const ZLinkToken = z.object({ link_token: z.string().min(1), expiration: z.string().nullable().optional() });
const ZExchange = z.object({ access_token: z.string().min(1), item_id: z.string().min(1) });

const ZAccount = z.object({
  account_id: z.string().min(1),
  name: z.string().nullable().optional(),
  official_name: z.string().nullable().optional(),
  mask: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
  subtype: z.string().nullable().optional(),
  balances: z
    .object({
      current: z.number().nullable().optional(),
      iso_currency_code: z.string().nullable().optional(),
      unofficial_currency_code: z.string().nullable().optional(),
    })
    .optional(),
});
const ZAccounts = z.object({ accounts: z.array(ZAccount) });

const ZTransaction = z.object({
  transaction_id: z.string().min(1),
  account_id: z.string().min(1),
  amount: z.number(),
  iso_currency_code: z.string().nullable().optional(),
  unofficial_currency_code: z.string().nullable().optional(),
  date: z.iso.date(),
  name: z.string().nullable().optional(),
  merchant_name: z.string().nullable().optional(),
  original_description: z.string().nullable().optional(),
  pending: z.boolean(),
  pending_transaction_id: z.string().nullable().optional(),
  personal_finance_category: z
    .object({ primary: z.string(), detailed: z.string().nullable().optional() })
    .nullable()
    .optional(),
  category: z.array(z.string()).nullable().optional(),
});

/** The page's own fields are checked strictly; its transactions one by one (see toTransactions). */
const ZSyncPage = z.object({
  added: z.array(z.unknown()),
  modified: z.array(z.unknown()),
  removed: z.array(
    z.object({ transaction_id: z.string().min(1), account_id: z.string().nullable().optional() }),
  ),
  next_cursor: z.string(),
  has_more: z.boolean(),
});

const ZHoldings = z.object({
  holdings: z.array(
    z.object({
      account_id: z.string(),
      security_id: z.string(),
      quantity: z.number(),
      institution_price: z.number().nullable().optional(),
      institution_value: z.number().nullable().optional(),
      iso_currency_code: z.string().nullable().optional(),
      institution_price_as_of: z.string().nullable().optional(),
    }),
  ),
  securities: z.array(
    z.object({
      security_id: z.string(),
      name: z.string().nullable().optional(),
      ticker_symbol: z.string().nullable().optional(),
      type: z.string().nullable().optional(),
    }),
  ),
});

/** /investments/transactions/get: the page's fields strictly, its rows one by one (see toInvestmentRows). */
const ZInvestmentsPage = z.object({
  investment_transactions: z.array(z.unknown()),
  securities: z.array(
    z.object({
      security_id: z.string(),
      name: z.string().nullable().optional(),
      ticker_symbol: z.string().nullable().optional(),
    }),
  ),
  total_investment_transactions: z.number().int().min(0),
});

const ZInvestmentTransaction = z.object({
  investment_transaction_id: z.string().min(1),
  account_id: z.string().min(1),
  security_id: z.string().nullable().optional(),
  date: z.iso.date(),
  name: z.string().nullable().optional(),
  quantity: z.number(),
  amount: z.number(),
  price: z.number().nullable().optional(),
  fees: z.number().nullable().optional(),
  type: z.string(),
  subtype: z.string().nullable().optional(),
  iso_currency_code: z.string().nullable().optional(),
  unofficial_currency_code: z.string().nullable().optional(),
});

/** Plaid's security types as linked securities' kinds. */
const SECURITY_KINDS: Record<string, THolding['kind']> = {
  equity: 'stock',
  etf: 'stock',
  'mutual fund': 'mutual_fund',
  'fixed income': 'debt',
  derivative: 'option',
};

/** How often a sync starts over when Plaid says the data changed while it paged (its documented advice). */
const MUTATION_RESTARTS = 3;

interface TAxiosLike {
  isAxiosError?: boolean;
  code?: string;
  response?: { status: number; headers?: Record<string, unknown>; data?: unknown };
}

function failureOf(error: unknown): TFailedCall {
  const response = (error as TAxiosLike).response;
  if (!response) return { status: null, retryAfter: null };
  const header = response.headers?.['retry-after'];
  return { status: response.status, retryAfter: typeof header === 'string' ? header : null };
}

/** A ProviderError from whatever the SDK threw, keeping nothing of the request. */
function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const response = (error as TAxiosLike).response;
  if (!response) return new ProviderError('unavailable', LINKED_PROVIDER_MESSAGES.UNREACHABLE);
  const body = ZPlaidError.safeParse(response.data);
  const code = body.success ? body.data.error_code : null;
  const said = body.success ? (body.data.display_message ?? body.data.error_message ?? code) : null;
  if (code === 'ITEM_LOGIN_REQUIRED')
    return new ProviderError('login_required', LINKED_PROVIDER_MESSAGES.loginRequired('plaid'), code);
  if (response.status === 429)
    return new ProviderError('rate_limited', LINKED_PROVIDER_MESSAGES.RATE_LIMITED, code);
  if (response.status >= 500)
    return new ProviderError(
      'unavailable',
      `${LINKED_PROVIDER_MESSAGES.UNREACHABLE} (Plaid ${response.status}${code ? ` ${code}` : ''})`,
      code,
    );
  if (!body.success) return new ProviderError('malformed', LINKED_PROVIDER_MESSAGES.MALFORMED);
  return new ProviderError('refused', `Plaid: ${said} (${code})`, code);
}

function parsed<T>(schema: z.ZodType<T>, data: unknown, what: string): T {
  const result = schema.safeParse(data);
  if (!result.success)
    throw new ProviderError('malformed', `${LINKED_PROVIDER_MESSAGES.MALFORMED} (Plaid ${what})`);
  return result.data;
}

function toAccount(account: z.infer<typeof ZAccount>): TProviderAccount {
  const balance = account.balances?.current;
  return {
    externalId: account.account_id,
    name: account.name ?? account.official_name ?? null,
    number: account.mask ?? null,
    type: account.subtype ?? account.type ?? null,
    currency: account.balances?.iso_currency_code ?? account.balances?.unofficial_currency_code ?? null,
    balance: balance === null || balance === undefined ? null : toAmountString(balance),
    isInvestment: account.type === 'investment',
  };
}

function toTransaction(
  row: z.infer<typeof ZTransaction>,
  source: Record<string, unknown>,
): TProviderTransaction {
  const category = row.personal_finance_category;
  return {
    externalId: row.transaction_id,
    accountExternalId: row.account_id,
    date: row.date,
    // Plaid's amounts are positive when money leaves the account; this app's are negative then.
    amount: toAmountString(toDecimal(row.amount).negated()),
    currency: row.iso_currency_code ?? row.unofficial_currency_code ?? null,
    counterparty: row.merchant_name ?? row.name ?? null,
    description: row.name ?? row.original_description ?? null,
    category: category?.primary ?? row.category?.[0] ?? null,
    subcategory: category?.detailed ?? row.category?.[1] ?? null,
    status: row.pending ? 'pending' : 'posted',
    replacesPendingId: row.pending ? null : (row.pending_transaction_id ?? null),
    source,
  };
}

/** Each transaction read on its own: one unreadable row is a failed row, not a failed sync. */
function toTransactions(
  rows: unknown[],
  into: TProviderTransaction[],
  failures: TTransactionChanges['failures'],
) {
  for (const row of rows) {
    const result = ZTransaction.safeParse(row);
    if (result.success) {
      into.push(toTransaction(result.data, row as Record<string, unknown>));
      continue;
    }
    const id = (row as { transaction_id?: unknown } | null)?.transaction_id;
    const account = (row as { account_id?: unknown } | null)?.account_id;
    const issue = result.error.issues[0];
    failures.push({
      externalId: typeof id === 'string' ? id : null,
      accountExternalId: typeof account === 'string' ? account : null,
      message: `${issue?.path.join('.') || 'transaction'}: ${issue?.message ?? 'unreadable'}`,
    });
  }
}

/**
 * Investment transactions as linked transactions: the category is Plaid's type (buy, sell, cash, fee,
 * transfer, cancel), the subcategory its subtype (dividend, contribution…), the counterparty the security's
 * ticker (else its name). Amounts as Plaid's other transactions: positive when cash leaves, so negated.
 */
function toInvestmentRows(
  rows: unknown[],
  securities: Map<string, { security_id: string; name?: string | null; ticker_symbol?: string | null }>,
  rawSecurities: unknown[],
  into: { rows: TProviderTransaction[]; failures: TTransactionChanges['failures'] },
) {
  for (const raw of rows) {
    const result = ZInvestmentTransaction.safeParse(raw);
    if (!result.success) {
      const row = raw as { investment_transaction_id?: unknown; account_id?: unknown } | null;
      const issue = result.error.issues[0];
      into.failures.push({
        externalId: typeof row?.investment_transaction_id === 'string' ? row.investment_transaction_id : null,
        accountExternalId: typeof row?.account_id === 'string' ? row.account_id : null,
        message: `${issue?.path.join('.') || 'investment transaction'}: ${issue?.message ?? 'unreadable'}`,
      });
      continue;
    }
    const row = result.data;
    const security = row.security_id ? securities.get(row.security_id) : undefined;
    into.rows.push({
      externalId: row.investment_transaction_id,
      accountExternalId: row.account_id,
      date: row.date,
      amount: toAmountString(toDecimal(row.amount).negated()),
      currency: row.iso_currency_code ?? row.unofficial_currency_code ?? null,
      counterparty: security?.ticker_symbol ?? security?.name ?? null,
      description: row.name ?? null,
      category: row.type,
      subcategory: row.subtype ?? null,
      status: 'posted',
      replacesPendingId: null,
      source: {
        investment_transaction: raw,
        security:
          rawSecurities.find((one) => (one as { security_id?: unknown }).security_id === row.security_id) ??
          null,
      },
    });
  }
}

export function createPlaidProvider(settings: TPlaidSettings): TProvider {
  const api = new PlaidApi(
    new Configuration({
      basePath: settings.baseUrl ?? PlaidEnvironments[settings.env],
      baseOptions: {
        headers: {
          'PLAID-CLIENT-ID': settings.clientId,
          'PLAID-SECRET': settings.secret,
          'Plaid-Version': '2020-09-14',
        },
        timeout: 60_000,
      },
    }),
  );

  async function call<T>(request: () => Promise<{ data: T }>): Promise<unknown> {
    try {
      return (await withRetries(request, failureOf, settings.retry)).data;
    } catch (error) {
      throw toProviderError(error);
    }
  }

  async function syncFrom(secret: string, cursor: string | null): Promise<TTransactionChanges> {
    const changes: TTransactionChanges = {
      added: [],
      modified: [],
      removed: [],
      failures: [],
      notices: [],
      nextCursor: cursor,
    };
    let next = cursor ?? undefined;
    for (;;) {
      const page = parsed(
        ZSyncPage,
        await call(() => api.transactionsSync({ access_token: secret, cursor: next, count: 500 })),
        '/transactions/sync',
      );
      toTransactions(page.added, changes.added, changes.failures);
      toTransactions(page.modified, changes.modified, changes.failures);
      for (const removed of page.removed)
        changes.removed.push({
          externalId: removed.transaction_id,
          accountExternalId: removed.account_id ?? null,
        });
      next = page.next_cursor;
      changes.nextCursor = page.next_cursor;
      if (!page.has_more) return changes;
    }
  }

  return {
    id: 'plaid',
    name: 'Plaid',

    async startLink({ userId, secret }): Promise<TLinkStart> {
      const answer = parsed(
        ZLinkToken,
        await call(() =>
          api.linkTokenCreate({
            client_name: settings.clientName,
            language: 'en',
            user: { client_user_id: userId },
            country_codes: settings.countryCodes as CountryCode[],
            // Update mode (re-link after ITEM_LOGIN_REQUIRED) takes the item's token and no products.
            ...(secret ? { access_token: secret } : { products: settings.products as Products[] }),
            ...(settings.redirectUri ? { redirect_uri: settings.redirectUri } : {}),
          }),
        ),
        '/link/token/create',
      );
      return { token: answer.link_token, url: settings.linkScriptUrl, expiration: answer.expiration ?? null };
    },

    async exchange(publicToken) {
      const answer = parsed(
        ZExchange,
        await call(() => api.itemPublicTokenExchange({ public_token: publicToken })),
        '/item/public_token/exchange',
      );
      return { secret: answer.access_token, externalId: answer.item_id };
    },

    async listAccounts(secret) {
      const answer = parsed(
        ZAccounts,
        await call(() => api.accountsGet({ access_token: secret })),
        '/accounts/get',
      );
      return answer.accounts.map(toAccount);
    },

    async fetchTransactions(secret, cursor) {
      for (let restart = 0; ; restart += 1) {
        try {
          return await syncFrom(secret, cursor);
        } catch (error) {
          // Plaid: on this code, start the whole pagination again from the first page's cursor.
          const isMutation =
            error instanceof ProviderError &&
            error.providerCode === 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION';
          if (!isMutation || restart >= MUTATION_RESTARTS) throw error;
        }
      }
    },

    async fetchHoldings(secret): Promise<THolding[]> {
      const raw = await call(() => api.investmentsHoldingsGet({ access_token: secret }));
      const answer = parsed(ZHoldings, raw, '/investments/holdings/get');
      const securityRaw = (id: string) =>
        (raw as { securities: { security_id: string }[] }).securities.find((row) => row.security_id === id) ??
        null;
      const securities = new Map(answer.securities.map((security) => [security.security_id, security]));
      return answer.holdings.map((holding, index) => {
        const security = securities.get(holding.security_id);
        const amount = (value: number | null | undefined) =>
          value === null || value === undefined ? null : toAmountString(value);
        return {
          accountExternalId: holding.account_id,
          securityId: holding.security_id,
          name: security?.name ?? null,
          ticker: security?.ticker_symbol ?? null,
          kind: SECURITY_KINDS[security?.type ?? ''] ?? 'other',
          source: {
            holding: (raw as { holdings: unknown[] }).holdings[index],
            security: securityRaw(holding.security_id),
          },
          quantity: toAmountString(holding.quantity),
          price: amount(holding.institution_price),
          value: amount(holding.institution_value),
          currency: holding.iso_currency_code ?? null,
          date: holding.institution_price_as_of ?? null,
        };
      });
    },

    async fetchInvestmentTransactions(secret, window) {
      const count = settings.investmentsPageSize ?? 500;
      const into = { rows: [] as TProviderTransaction[], failures: [] as TTransactionChanges['failures'] };
      // Offset paging, newest first: read until the offset reaches the total the first page told.
      for (let offset = 0; ; ) {
        const raw = await call(() =>
          api.investmentsTransactionsGet({
            access_token: secret,
            start_date: window.from,
            end_date: window.to,
            options: { count, offset },
          }),
        );
        const page = parsed(ZInvestmentsPage, raw, '/investments/transactions/get');
        const securities = new Map(page.securities.map((security) => [security.security_id, security]));
        toInvestmentRows(
          page.investment_transactions,
          securities,
          (raw as { securities: unknown[] }).securities,
          into,
        );
        offset += page.investment_transactions.length;
        if (page.investment_transactions.length === 0 || offset >= page.total_investment_transactions)
          return into;
      }
    },

    async refresh(secret) {
      await call(() => api.transactionsRefresh({ access_token: secret }));
    },

    async disconnect(secret) {
      await call(() => api.itemRemove({ access_token: secret }));
    },
  };
}
