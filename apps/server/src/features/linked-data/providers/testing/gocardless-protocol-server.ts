import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local GoCardless Bank Account Data for tests, after its public API reference (API v2,
 * bankaccountdata.gocardless.com/api/docs): JWTs from POST /api/v2/token/new/ (secret_id, secret_key) and
 * /token/refresh/, Bearer on every other call; institutions by country; end-user agreements; requisitions
 * (status CR until the user finishes at the bank, then LN with the chosen accounts; EX when the agreement
 * ran out); account details, balances, and transactions `{ transactions: { booked, pending } }` with booked
 * rows filtered by `date_from`/`date_to`. Errors are `{ summary, detail, status_code }`; a 429 carries the
 * X-RateLimit-* headers.
 */

export interface TGcTransaction {
  transactionId?: string;
  bookingDate?: string;
  valueDate?: string;
  transactionAmount: { amount: string; currency: string };
  creditorName?: string;
  debtorName?: string;
  remittanceInformationUnstructured?: string;
  [key: string]: unknown;
}

export interface TGcAccount {
  id: string;
  details: Record<string, unknown>;
  balances: { balanceAmount: { amount: string; currency: string }; balanceType: string }[];
  booked: TGcTransaction[];
  pending: TGcTransaction[];
}

export interface TGcRequisition {
  id: string;
  status: string;
  institution_id: string;
  agreement: string;
  reference: string;
  redirect: string;
  accounts: string[];
  link: string;
}

type TCanned = { status: number; body: string; headers?: Record<string, string> } | 'pass';

export interface TGocardlessServer {
  url: string;
  secretId: string;
  secretKey: string;
  institutions: { id: string; name: string; bic: string; countries: string[]; logo?: string }[];
  accounts: Map<string, TGcAccount>;
  requisitions: Map<string, TGcRequisition>;
  agreements: Map<string, Record<string, unknown>>;
  /** What the user does at the bank: the requisition is linked with these accounts. */
  link(requisitionId: string, accountIds: string[]): void;
  /** Answers the next calls whose path starts with `prefix` with these ('pass': as usual). */
  failNext(prefix: string, ...answers: TCanned[]): void;
  /** Every access token issued (the tests look for them where they must not be). */
  issuedTokens: string[];
  /** Makes every issued access token invalid, as if it expired early. */
  expireTokens(): void;
  calls: { method: string; path: string; query: Record<string, string>; body: unknown }[];
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function startGocardlessServer(
  options: { accessExpires?: number } = {},
): Promise<TGocardlessServer> {
  const accessExpires = options.accessExpires ?? 86400;
  const secretId = `sid-${randomUUID()}`;
  const secretKey = `skey-${randomUUID()}`;
  const valid = new Set<string>();
  const refreshes = new Set<string>();
  const issuedTokens: string[] = [];
  const queued: { prefix: string; answer: TCanned }[] = [];
  const calls: TGocardlessServer['calls'] = [];
  const accounts = new Map<string, TGcAccount>();
  const requisitions = new Map<string, TGcRequisition>();
  const agreements = new Map<string, Record<string, unknown>>();
  const institutions: TGocardlessServer['institutions'] = [];
  let base = '';

  const issue = (prefix: string) => {
    const token = `${prefix}-${randomUUID()}`;
    issuedTokens.push(token);
    return token;
  };

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = await bodyOf(request);
    const send = (status: number, answer: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
    };
    const error = (status: number, summary: string, detail = summary) =>
      send(status, { summary, detail, status_code: status });
    const path = url.pathname;
    calls.push({ method: request.method ?? 'GET', path, query: Object.fromEntries(url.searchParams), body });

    const canned = queued.findIndex((entry) => path.startsWith(entry.prefix));
    if (canned >= 0) {
      const answer = queued.splice(canned, 1)[0]?.answer;
      if (answer && answer !== 'pass') return send(answer.status, answer.body, answer.headers);
    }

    if (request.method === 'POST' && path === '/api/v2/token/new/') {
      const { secret_id, secret_key } = (body ?? {}) as { secret_id?: string; secret_key?: string };
      if (secret_id !== secretId || secret_key !== secretKey)
        return error(401, 'Authentication failed', 'No active account found with the given credentials');
      const access = issue('access');
      const refresh = issue('refresh');
      valid.add(access);
      refreshes.add(refresh);
      return send(200, { access, access_expires: accessExpires, refresh, refresh_expires: 2592000 });
    }
    if (request.method === 'POST' && path === '/api/v2/token/refresh/') {
      const { refresh } = (body ?? {}) as { refresh?: string };
      if (!refresh || !refreshes.has(refresh))
        return error(401, 'Invalid token', 'Token is invalid or expired');
      const access = issue('access');
      valid.add(access);
      return send(200, { access, access_expires: accessExpires });
    }

    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!valid.has(bearer)) return error(401, 'Invalid token', 'Token is invalid or expired');

    if (request.method === 'GET' && path === '/api/v2/institutions/') {
      const country = url.searchParams.get('country')?.toUpperCase();
      return send(
        200,
        institutions.filter((institution) => !country || institution.countries.includes(country)),
      );
    }
    if (request.method === 'POST' && path === '/api/v2/agreements/enduser/') {
      const agreement = body as Record<string, unknown>;
      if (!institutions.some((institution) => institution.id === agreement?.institution_id))
        return send(400, {
          institution_id: {
            summary: 'Unknown Institution ID',
            detail: 'Get Institution IDs from /institutions/',
          },
          status_code: 400,
        });
      const id = randomUUID();
      agreements.set(id, agreement);
      return send(201, { id, created: new Date().toISOString(), ...agreement, accepted: null });
    }
    if (request.method === 'POST' && path === '/api/v2/requisitions/') {
      const asked = body as Record<string, string>;
      if (!asked?.redirect || !agreements.has(asked.agreement ?? ''))
        return error(400, 'Invalid requisition', 'redirect and a known agreement are required');
      if ([...requisitions.values()].some((one) => one.reference === asked.reference))
        return send(400, {
          reference: { summary: 'Client reference must be unique', detail: 'Use a unique reference' },
          status_code: 400,
        });
      const id = randomUUID();
      const made: TGcRequisition = {
        id,
        status: 'CR',
        institution_id: asked.institution_id as string,
        agreement: asked.agreement as string,
        reference: asked.reference as string,
        redirect: asked.redirect,
        accounts: [],
        link: `${base}/psd2/start/${id}/${asked.institution_id}`,
      };
      requisitions.set(id, made);
      return send(201, made);
    }
    const requisition = path.match(/^\/api\/v2\/requisitions\/([^/]+)\/$/);
    if (requisition) {
      const found = requisitions.get(requisition[1] as string);
      if (!found) return error(404, 'Not found.', 'Not found.');
      if (request.method === 'DELETE') {
        requisitions.delete(found.id);
        return send(200, {
          summary: 'Requisition deleted',
          detail: 'Requisition deleted with all its accounts',
        });
      }
      return send(200, found);
    }
    const account = path.match(/^\/api\/v2\/accounts\/([^/]+)\/(details|balances|transactions)\/$/);
    if (account && request.method === 'GET') {
      const found = accounts.get(account[1] as string);
      const linked = [...requisitions.values()].find((one) => one.accounts.includes(account[1] as string));
      if (!found || !linked) return error(404, 'Not found.', 'Not found.');
      if (linked.status === 'EX')
        return error(401, 'End User Agreement (EUA) has expired', 'Create a new EUA and requisition');
      if (account[2] === 'details') return send(200, { account: found.details });
      if (account[2] === 'balances') return send(200, { balances: found.balances });
      const from = url.searchParams.get('date_from') ?? '0000-00-00';
      const to = url.searchParams.get('date_to') ?? '9999-99-99';
      return send(200, {
        transactions: {
          booked: found.booked.filter((row) => {
            const day = row.bookingDate ?? row.valueDate ?? '';
            return day >= from && day <= to;
          }),
          pending: found.pending,
        },
      });
    }
    return error(404, 'Not found.', 'Not found.');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    secretId,
    secretKey,
    institutions,
    accounts,
    requisitions,
    agreements,
    issuedTokens,
    calls,
    link(requisitionId, accountIds) {
      const found = requisitions.get(requisitionId);
      if (!found) throw new Error(`no requisition ${requisitionId}`);
      found.status = 'LN';
      found.accounts = accountIds;
    },
    failNext(prefix, ...answers) {
      queued.push(...answers.map((answer) => ({ prefix, answer })));
    },
    expireTokens() {
      valid.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
