import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local SimpleFIN bridge for tests, after the protocol (https://www.simplefin.org/protocol.html, 1.0):
 * a setup token is the base64 of a claim URL; POST to it answers the access URL once (then 403); GET
 * {access}/accounts with HTTP basic auth answers the Account Set `{ errors, accounts }`, transactions
 * filtered by start-date (Unix seconds) and pending ones only with pending=1.
 */

export interface TSimplefinTransaction {
  id: string;
  posted: number;
  amount: string;
  description: string;
  payee?: string;
  transacted_at?: number;
  pending?: boolean;
  [key: string]: unknown;
}

export interface TSimplefinAccount {
  id: string;
  name: string;
  currency: string;
  balance: string;
  'available-balance'?: string;
  'balance-date': number;
  org: { domain?: string; name?: string; 'sfin-url': string };
  transactions: TSimplefinTransaction[];
}

export interface TSimplefinServer {
  url: string;
  /** A fresh setup token for a user whose bridge holds these accounts. */
  addUser(accounts: TSimplefinAccount[]): { setupToken: string; user: TSimplefinUser };
  /** Answers the next GET /accounts calls with these ('pass': as usual). */
  failNext(...answers: ({ status: number; body: string; headers?: Record<string, string> } | 'pass')[]): void;
  calls: { path: string; query: Record<string, string>; authorized: boolean }[];
  close(): Promise<void>;
}

export interface TSimplefinUser {
  username: string;
  password: string;
  accounts: TSimplefinAccount[];
  errors: string[];
  revoked: boolean;
}

export async function startSimplefinServer(): Promise<TSimplefinServer> {
  const claims = new Map<string, TSimplefinUser | null>();
  const users = new Map<string, TSimplefinUser>();
  const queued: ({ status: number; body: string; headers?: Record<string, string> } | 'pass')[] = [];
  const calls: TSimplefinServer['calls'] = [];
  let base = '';

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, headers);
      response.end(body);
    };
    request.resume();
    if (request.method === 'POST' && url.pathname.startsWith('/claim/')) {
      const token = url.pathname.slice('/claim/'.length);
      const user = claims.get(token);
      // Claimed once: a second claim means the token leaked, and the protocol answers 403.
      if (!user) return send(403, 'Forbidden');
      claims.set(token, null);
      const access = new URL(base);
      access.username = user.username;
      access.password = user.password;
      access.pathname = '/simplefin';
      return send(200, access.toString(), { 'content-type': 'text/plain' });
    }
    if (request.method === 'GET' && url.pathname === '/simplefin/accounts') {
      const auth = request.headers.authorization ?? '';
      const [username, password] = Buffer.from(auth.replace(/^Basic /, ''), 'base64')
        .toString('utf8')
        .split(':');
      const user = users.get(username ?? '');
      const authorized = Boolean(user && user.password === password && !user.revoked);
      calls.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), authorized });
      if (!authorized || !user) return send(403, 'Forbidden');
      const canned = queued.shift();
      if (canned && canned !== 'pass') return send(canned.status, canned.body, canned.headers);
      const start = Number(url.searchParams.get('start-date') ?? '0');
      const withPending = url.searchParams.get('pending') === '1';
      const balancesOnly = url.searchParams.get('balances-only') === '1';
      const accounts = user.accounts.map((account) => ({
        ...account,
        transactions: balancesOnly
          ? []
          : account.transactions.filter((transaction) =>
              transaction.posted === 0 || transaction.pending ? withPending : transaction.posted >= start,
            ),
      }));
      return send(200, JSON.stringify({ errors: user.errors, accounts }), {
        'content-type': 'application/json',
      });
    }
    return send(404, 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    calls,
    addUser(accounts) {
      const user: TSimplefinUser = {
        username: `user${randomUUID().slice(0, 8)}`,
        password: `pass-${randomUUID()}`,
        accounts,
        errors: [],
        revoked: false,
      };
      users.set(user.username, user);
      const token = randomUUID();
      claims.set(token, user);
      return { setupToken: Buffer.from(`${base}/claim/${token}`).toString('base64'), user };
    },
    failNext(...answers) {
      queued.push(...answers);
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
