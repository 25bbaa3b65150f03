import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Kraken spot REST API for tests, written from Kraken's public API reference (docs.kraken.com, as of
 * 2026-11): private calls are POSTs with a form body starting with `nonce`, signed with the API-Key and
 * API-Sign headers; this server checks the signature itself (base64 HMAC-SHA512 of path + SHA-256(nonce +
 * body) under the base64-decoded private key, written here apart from the adapter's) and that each key's
 * nonce increases. Errors are HTTP 200 with `error: [...]`, as Kraken answers them. Ledgers and
 * TradesHistory are newest first, 50 a page, `ofs` and an exclusive `start` (seconds).
 */

export interface TKrakenLedgerEntry {
  refid: string;
  time: number;
  type: string;
  subtype?: string;
  aclass?: string;
  asset: string;
  amount: string;
  fee: string;
  balance?: string;
  [key: string]: unknown;
}

export interface TKrakenTrade {
  ordertxid: string;
  pair: string;
  time: number;
  type: string;
  ordertype: string;
  price: string;
  cost: string;
  fee: string;
  vol: string;
  [key: string]: unknown;
}

type TCanned = { status: number; body: string } | 'pass';

export interface TKrakenKey {
  apiKey: string;
  /** The private key, base64 as Kraken shows it. */
  apiSecret: string;
  balances: Record<string, string>;
  /** Ledger entries by ledger id. */
  ledger: Record<string, TKrakenLedgerEntry>;
  /** Trades by trade id (the trade legs' refid). */
  trades: Record<string, TKrakenTrade>;
  revoked: boolean;
}

export interface TKrakenServer {
  url: string;
  addKey(data: Pick<TKrakenKey, 'balances' | 'ledger' | 'trades'>): TKrakenKey;
  /** The next answers to calls whose path starts with `prefix`, before the real one ('pass' lets one by). */
  failNext(prefix: string, ...answers: TCanned[]): void;
  /** Every call, with the form it sent (nonce left out) and whether its signature and nonce were good. */
  calls: { path: string; params: Record<string, string>; refused: string | null }[];
  close(): Promise<void>;
}

const PAGE_SIZE = 50;

const ASSETS = {
  XXBT: { aclass: 'currency', altname: 'XBT', decimals: 10, display_decimals: 5, status: 'enabled' },
  XETH: { aclass: 'currency', altname: 'ETH', decimals: 10, display_decimals: 5, status: 'enabled' },
  ZUSD: { aclass: 'currency', altname: 'USD', decimals: 4, display_decimals: 2, status: 'enabled' },
  ZEUR: { aclass: 'currency', altname: 'EUR', decimals: 4, display_decimals: 2, status: 'enabled' },
  DOT: { aclass: 'currency', altname: 'DOT', decimals: 10, display_decimals: 8, status: 'enabled' },
  'DOT.S': { aclass: 'currency', altname: 'DOT.S', decimals: 10, display_decimals: 8, status: 'enabled' },
};

async function textOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function signatureIsGood(path: string, body: string, nonce: string, secret: string, sent: string): boolean {
  const inner = createHash('sha256').update(`${nonce}${body}`).digest();
  const expected = createHmac('sha512', Buffer.from(secret, 'base64'))
    .update(Buffer.concat([Buffer.from(path), inner]))
    .digest();
  const given = Buffer.from(sent, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function page<T extends { time: number }>(rows: Record<string, T>, form: URLSearchParams) {
  const start = form.has('start') ? Number(form.get('start')) : null;
  const ofs = Number(form.get('ofs') ?? '0');
  const kept = Object.entries(rows)
    .filter(([, row]) => start === null || row.time > start)
    .sort(([, a], [, b]) => b.time - a.time);
  return { rows: Object.fromEntries(kept.slice(ofs, ofs + PAGE_SIZE)), count: kept.length };
}

export async function startKrakenServer(): Promise<TKrakenServer> {
  const keys = new Map<string, TKrakenKey>();
  const lastNonce = new Map<string, bigint>();
  const queued: { prefix: string; answer: TCanned }[] = [];
  const calls: TKrakenServer['calls'] = [];

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = await textOf(request);
    const form = new URLSearchParams(body);
    const send = (answer: unknown, status = 200) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
    };
    const refuse = (code: string) => {
      const params = Object.fromEntries(form);
      delete params.nonce;
      calls.push({ path: url.pathname, params, refused: code });
      return send({ error: [code] });
    };

    if (request.method === 'GET' && url.pathname === '/0/public/Assets')
      return send({ error: [], result: ASSETS });
    if (request.method !== 'POST' || !url.pathname.startsWith('/0/private/'))
      return send({ error: ['EGeneral:Unknown method'] });

    const key = keys.get(String(request.headers['api-key'] ?? ''));
    if (!key || key.revoked) return refuse('EAPI:Invalid key');
    const nonce = form.get('nonce') ?? '';
    if (!/^\d+$/.test(nonce)) return refuse('EAPI:Invalid nonce');
    if (!signatureIsGood(url.pathname, body, nonce, key.apiSecret, String(request.headers['api-sign'] ?? '')))
      return refuse('EAPI:Invalid signature');
    if (BigInt(nonce) <= (lastNonce.get(key.apiKey) ?? 0n)) return refuse('EAPI:Invalid nonce');
    lastNonce.set(key.apiKey, BigInt(nonce));

    const params = Object.fromEntries(form);
    delete params.nonce;
    calls.push({ path: url.pathname, params, refused: null });
    const canned = queued.findIndex((entry) => url.pathname.startsWith(entry.prefix));
    if (canned >= 0) {
      const answer = queued.splice(canned, 1)[0]?.answer;
      if (answer && answer !== 'pass') return send(answer.body, answer.status);
    }

    if (url.pathname === '/0/private/Balance') return send({ error: [], result: key.balances });
    if (url.pathname === '/0/private/Ledgers') {
      const { rows, count } = page(key.ledger, form);
      return send({ error: [], result: { ledger: rows, count } });
    }
    if (url.pathname === '/0/private/TradesHistory') {
      const { rows, count } = page(key.trades, form);
      return send({ error: [], result: { trades: rows, count } });
    }
    return send({ error: ['EGeneral:Unknown method'] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    addKey(data) {
      const key: TKrakenKey = {
        apiKey: `kraken-key-${randomUUID()}`,
        apiSecret: randomBytes(64).toString('base64'),
        ...data,
        revoked: false,
      };
      keys.set(key.apiKey, key);
      return key;
    },
    failNext(prefix, ...answers) {
      queued.push(...answers.map((answer) => ({ prefix, answer })));
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
