import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Arch API for tests, modelled on Arch's public API documentation as of 2026-11 with the assumptions
 * arch-provider.ts states: POST /oauth/token (form-encoded client credentials) → { access_token, token_type,
 * expires_in }; GET /v1/holdings and /v1/activities (Bearer) → { data, next_page }, `page`/`page_size`,
 * activities filtered by `since` (YYYY-MM-DD). A bad client is 401 { error: 'invalid_client' }.
 */

export interface TArchHolding {
  id: string;
  account: { id: string; name: string };
  investment: { id: string; name: string; asset_class?: string };
  currency: string;
  commitment?: string;
  contributed?: string;
  distributed?: string;
  nav?: string;
  nav_date?: string;
  [key: string]: unknown;
}

export interface TArchActivity {
  id: string;
  holding_id: string;
  type: string;
  date: string;
  amount: string;
  currency: string;
  description?: string;
  [key: string]: unknown;
}

type TCanned = { status: number; body: string; headers?: Record<string, string> } | 'pass';

export interface TArchServer {
  url: string;
  /** A fresh API client whose data these are. */
  addClient(data: { holdings: TArchHolding[]; activities: TArchActivity[] }): TArchClient;
  failNext(prefix: string, ...answers: TCanned[]): void;
  issuedTokens: string[];
  calls: { method: string; path: string; query: Record<string, string> }[];
  close(): Promise<void>;
}

export interface TArchClient {
  clientId: string;
  clientSecret: string;
  holdings: TArchHolding[];
  activities: TArchActivity[];
  revoked: boolean;
}

async function textOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startArchServer(options: { pageSize?: number } = {}): Promise<TArchServer> {
  const clients = new Map<string, TArchClient>();
  const tokens = new Map<string, TArchClient>();
  const issuedTokens: string[] = [];
  const queued: { prefix: string; answer: TCanned }[] = [];
  const calls: TArchServer['calls'] = [];

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = await textOf(request);
    const send = (status: number, answer: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
    };
    calls.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
    });
    const canned = queued.findIndex((entry) => url.pathname.startsWith(entry.prefix));
    if (canned >= 0) {
      const answer = queued.splice(canned, 1)[0]?.answer;
      if (answer && answer !== 'pass') return send(answer.status, answer.body, answer.headers);
    }

    if (request.method === 'POST' && url.pathname === '/oauth/token') {
      const form = new URLSearchParams(body);
      const client = clients.get(form.get('client_id') ?? '');
      if (form.get('grant_type') !== 'client_credentials')
        return send(400, { error: 'unsupported_grant_type' });
      if (!client || client.clientSecret !== form.get('client_secret') || client.revoked)
        return send(401, { error: 'invalid_client' });
      const token = `arch-token-${randomUUID()}`;
      issuedTokens.push(token);
      tokens.set(token, client);
      return send(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
    }
    const client = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!client || client.revoked) return send(401, { error: 'invalid_token' });
    const page = Number(url.searchParams.get('page') ?? '1');
    const size = options.pageSize ?? Number(url.searchParams.get('page_size') ?? '100');
    const paged = (rows: unknown[]) => {
      const slice = rows.slice((page - 1) * size, page * size);
      return { data: slice, next_page: page * size < rows.length ? page + 1 : null };
    };
    if (request.method === 'GET' && url.pathname === '/v1/holdings') return send(200, paged(client.holdings));
    if (request.method === 'GET' && url.pathname === '/v1/activities') {
      const since = url.searchParams.get('since') ?? '0000-00-00';
      return send(200, paged(client.activities.filter((activity) => activity.date >= since)));
    }
    return send(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    issuedTokens,
    calls,
    addClient(data) {
      const client: TArchClient = {
        clientId: `arch-client-${randomUUID()}`,
        clientSecret: `arch-secret-${randomUUID()}`,
        ...data,
        revoked: false,
      };
      clients.set(client.clientId, client);
      return client;
    },
    failNext(prefix, ...answers) {
      queued.push(...answers.map((answer) => ({ prefix, answer })));
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
