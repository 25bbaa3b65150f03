import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Plaid for tests: speaks the documented API (https://plaid.com/docs/api/, version 2020-09-14, the
 * version the `plaid` SDK sends as Plaid-Version) on 127.0.0.1 — POST JSON endpoints authenticated by
 * PLAID-CLIENT-ID and PLAID-SECRET headers (or client_id/secret in the body), errors as HTTP 4xx/5xx with
 * { error_type, error_code, error_message, display_message, request_id }. /transactions/sync pages through the
 * item's change pages by cursor; a test appends pages, and queues failures for the next calls of a path.
 * /investments/transactions/get answers the item's investment transactions within start_date..end_date,
 * newest first, `options.offset` and `options.count` (1–500, default 100) at a time, with their total.
 */

export interface TPlaidTransaction {
  transaction_id: string;
  account_id: string;
  amount: number;
  iso_currency_code: string | null;
  date: string;
  name: string;
  merchant_name?: string | null;
  pending: boolean;
  pending_transaction_id?: string | null;
  personal_finance_category?: { primary: string; detailed: string } | null;
  [key: string]: unknown;
}

export interface TChangePage {
  added?: unknown[];
  modified?: unknown[];
  removed?: { transaction_id: string; account_id?: string }[];
}

export interface TCannedAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Sent as it is (a malformed answer), instead of the JSON of `body`. */
  raw?: string;
}

export interface TPlaidItem {
  itemId: string;
  accessToken: string;
  accounts: unknown[];
  pages: TChangePage[];
  holdings?: { holdings: unknown[]; securities: unknown[] };
  /** /investments/transactions/get's rows (each with its `date`), answered newest first by offset and count. */
  investmentTransactions?: { date: string; [key: string]: unknown }[];
  loginRequired: boolean;
  removed: boolean;
}

export interface TPlaidServer {
  url: string;
  clientId: string;
  secret: string;
  /** Every call: path, body, the headers that matter. */
  calls: { path: string; body: Record<string, unknown>; plaidVersion: string | undefined }[];
  /** A public token Link would have answered, for this item. */
  addItem(item: { accounts: unknown[]; pages?: TChangePage[] }): { publicToken: string; item: TPlaidItem };
  /** Answers the next calls of `path` with these, in order ('pass': as usual), then as usual again. */
  failNext(path: string, ...answers: (TCannedAnswer | 'pass')[]): void;
  /** Keeps the next call of `path` unanswered until `release` (a test looks at what the app shows meanwhile). */
  holdNext(path: string): { release(): void };
  callsTo(path: string): TPlaidServer['calls'];
  close(): Promise<void>;
}

function plaidError(status: number, type: string, code: string, message: string): TCannedAnswer {
  return {
    status,
    body: {
      error_type: type,
      error_code: code,
      error_message: message,
      display_message: null,
      request_id: randomUUID(),
    },
  };
}

export const PLAID_ERRORS = {
  loginRequired: () =>
    plaidError(
      400,
      'ITEM_ERROR',
      'ITEM_LOGIN_REQUIRED',
      "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
    ),
  rateLimit: (retryAfter?: string): TCannedAnswer => ({
    ...plaidError(429, 'RATE_LIMIT_EXCEEDED', 'TRANSACTIONS_SYNC_LIMIT', 'rate limit exceeded for this item'),
    headers: retryAfter === undefined ? {} : ({ 'retry-after': retryAfter } as Record<string, string>),
  }),
  internal: () => plaidError(500, 'API_ERROR', 'INTERNAL_SERVER_ERROR', 'an unexpected error occurred'),
  invalidPublicToken: () =>
    plaidError(400, 'INVALID_INPUT', 'INVALID_PUBLIC_TOKEN', 'provided public token is in an invalid format'),
} as const;

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function startPlaidServer(): Promise<TPlaidServer> {
  const clientId = `client-${randomUUID()}`;
  const secret = `secret-${randomUUID()}`;
  const items = new Map<string, TPlaidItem>();
  const publicTokens = new Map<string, TPlaidItem>();
  const queued = new Map<string, (TCannedAnswer | 'pass')[]>();
  const calls: TPlaidServer['calls'] = [];
  const held = new Map<string, Promise<void>>();

  function send(response: ServerResponse, answer: TCannedAnswer): void {
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    response.end(answer.raw ?? JSON.stringify(answer.body));
  }

  function itemOf(body: Record<string, unknown>): TPlaidItem | TCannedAnswer {
    const item = items.get(String(body.access_token));
    if (!item || item.removed)
      return plaidError(
        400,
        'INVALID_INPUT',
        'INVALID_ACCESS_TOKEN',
        'provided access token is in an invalid format',
      );
    if (item.loginRequired) return PLAID_ERRORS.loginRequired();
    return item;
  }

  const isAnswer = (value: TPlaidItem | TCannedAnswer): value is TCannedAnswer => 'status' in value;

  function route(path: string, body: Record<string, unknown>): TCannedAnswer {
    const ok = (payload: Record<string, unknown>): TCannedAnswer => ({
      status: 200,
      body: { ...payload, request_id: randomUUID() },
    });
    switch (path) {
      case '/link/token/create': {
        const user = body.user as { client_user_id?: unknown } | undefined;
        if (
          !body.client_name ||
          typeof user?.client_user_id !== 'string' ||
          !Array.isArray(body.country_codes)
        )
          return plaidError(
            400,
            'INVALID_REQUEST',
            'MISSING_FIELDS',
            'the following required fields are missing',
          );
        if (body.access_token !== undefined) {
          const item = items.get(String(body.access_token));
          if (!item) return plaidError(400, 'INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 'invalid access token');
        } else if (!Array.isArray(body.products) || body.products.length === 0) {
          return plaidError(400, 'INVALID_REQUEST', 'MISSING_FIELDS', 'products is required');
        }
        return ok({ link_token: `link-sandbox-${randomUUID()}`, expiration: '2026-11-27T14:00:00Z' });
      }
      case '/item/public_token/exchange': {
        const item = publicTokens.get(String(body.public_token));
        if (!item) return PLAID_ERRORS.invalidPublicToken();
        publicTokens.delete(String(body.public_token));
        return ok({ access_token: item.accessToken, item_id: item.itemId });
      }
      case '/accounts/get': {
        const item = itemOf(body);
        return isAnswer(item) ? item : ok({ accounts: item.accounts, item: { item_id: item.itemId } });
      }
      case '/transactions/sync': {
        const item = itemOf(body);
        if (isAnswer(item)) return item;
        const cursor = typeof body.cursor === 'string' && body.cursor !== '' ? body.cursor : 'c0';
        const index = Number(cursor.slice(1));
        if (!/^c\d+$/.test(cursor) || index > item.pages.length)
          return plaidError(400, 'INVALID_INPUT', 'INVALID_FIELD', 'cursor is not valid');
        const page = item.pages[index];
        if (!page)
          return ok({
            added: [],
            modified: [],
            removed: [],
            next_cursor: cursor,
            has_more: false,
            accounts: item.accounts,
          });
        return ok({
          added: page.added ?? [],
          modified: page.modified ?? [],
          removed: page.removed ?? [],
          next_cursor: `c${index + 1}`,
          has_more: index + 1 < item.pages.length,
          accounts: item.accounts,
          transactions_update_status: 'HISTORICAL_UPDATE_COMPLETE',
        });
      }
      case '/transactions/refresh': {
        const item = itemOf(body);
        return isAnswer(item) ? item : ok({});
      }
      case '/investments/holdings/get': {
        const item = itemOf(body);
        if (isAnswer(item)) return item;
        return ok({ accounts: item.accounts, ...(item.holdings ?? { holdings: [], securities: [] }) });
      }
      case '/investments/transactions/get': {
        const item = itemOf(body);
        if (isAnswer(item)) return item;
        const start = String(body.start_date ?? '');
        const end = String(body.end_date ?? '');
        const options = (body.options ?? {}) as { count?: number; offset?: number };
        const count = options.count ?? 100;
        const offset = options.offset ?? 0;
        if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end) || start > end)
          return plaidError(
            400,
            'INVALID_REQUEST',
            'INVALID_FIELD',
            'start_date and end_date must be dates, in order',
          );
        if (!Number.isInteger(count) || count < 1 || count > 500 || !Number.isInteger(offset) || offset < 0)
          return plaidError(
            400,
            'INVALID_REQUEST',
            'INVALID_FIELD',
            'options.count must be 1-500, offset >= 0',
          );
        const inWindow = (item.investmentTransactions ?? [])
          .filter((row) => row.date >= start && row.date <= end)
          .sort((a, b) => b.date.localeCompare(a.date));
        return ok({
          accounts: item.accounts,
          investment_transactions: inWindow.slice(offset, offset + count),
          securities: item.holdings?.securities ?? [],
          total_investment_transactions: inWindow.length,
          is_investments_fallback_item: false,
        });
      }
      case '/item/remove': {
        const item = itemOf(body);
        if (isAnswer(item)) return item;
        item.removed = true;
        return ok({});
      }
      default:
        return plaidError(404, 'INVALID_REQUEST', 'NOT_FOUND', `unknown path ${path}`);
    }
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      let body: Record<string, unknown>;
      try {
        body = await readJson(request);
      } catch {
        send(
          response,
          plaidError(400, 'INVALID_REQUEST', 'INVALID_BODY', 'body could not be parsed as JSON'),
        );
        return;
      }
      calls.push({ path, body, plaidVersion: request.headers['plaid-version'] as string | undefined });
      const id = request.headers['plaid-client-id'] ?? body.client_id;
      const key = request.headers['plaid-secret'] ?? body.secret;
      if (request.method !== 'POST') {
        send(response, plaidError(405, 'INVALID_REQUEST', 'INVALID_METHOD', 'use POST'));
        return;
      }
      if (id !== clientId || key !== secret) {
        send(
          response,
          plaidError(400, 'INVALID_INPUT', 'INVALID_API_KEYS', 'invalid client_id or secret provided'),
        );
        return;
      }
      const hold = held.get(path);
      if (hold) {
        held.delete(path);
        await hold;
      }
      const canned = queued.get(path)?.shift();
      send(response, canned === undefined || canned === 'pass' ? route(path, body) : canned);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    secret,
    calls,
    addItem(input) {
      const item: TPlaidItem = {
        itemId: `item-${randomUUID()}`,
        accessToken: `access-sandbox-${randomUUID()}`,
        accounts: input.accounts,
        pages: input.pages ?? [],
        loginRequired: false,
        removed: false,
      };
      items.set(item.accessToken, item);
      const publicToken = `public-sandbox-${randomUUID()}`;
      publicTokens.set(publicToken, item);
      return { publicToken, item };
    },
    failNext(path, ...answers) {
      queued.set(path, [...(queued.get(path) ?? []), ...answers]);
    },
    holdNext(path) {
      let release = () => {};
      held.set(
        path,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return { release: () => release() };
    },
    callsTo: (path) => calls.filter((call) => call.path === path),
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
