import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local cap-table provider for tests: an OAuth 2.0 authorization server (RFC 6749 §4.1 authorization code,
 * §6 refresh with rotation, RFC 7636 PKCE S256 only) and the portfolio API with the shapes cap-table-provider.ts
 * states as assumptions of Carta's v1alpha1 portfolio API. Its authorize page approves at once as the one
 * holder whose data these are (a browser would sign in and consent there) and redirects back with code and
 * state. The token endpoint takes the client only in the configured way (Basic or form fields) and checks the
 * code's redirect_uri and PKCE verifier; an unknown, used or revoked code or refresh token is 400 invalid_grant.
 */

export interface TCapTableIssuer {
  id: string;
  legalName: string;
  certificates: Record<string, unknown>[];
  optionGrants: Record<string, unknown>[];
}

export interface TCapTableServer {
  url: string;
  clientId: string;
  clientSecret: string;
  portfolios: { id: string; issuers: TCapTableIssuer[] }[];
  /** Every code, access token and refresh token it issued, and every verifier it was sent. */
  issued: string[];
  /** Token endpoint requests, with the grant type and whether the PKCE verifier matched. */
  tokenCalls: { grantType: string; verifierOk: boolean | null; auth: 'basic' | 'post' | 'none' }[];
  calls: { method: string; path: string; query: Record<string, string> }[];
  /** The next authorize request is denied by the user (redirects back with error=access_denied). */
  denyNext(): void;
  /** Every access token issued so far stops working (the API answers 401). */
  expireAccessTokens(): void;
  /** Every refresh token issued so far is revoked (the user removed the app at the provider). */
  revokeRefreshTokens(): void;
  close(): Promise<void>;
}

async function textOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The consent page: the authorize query carried on in hidden fields, the user's answer as `decision`. */
function consentPageOf(query: URLSearchParams): string {
  const fields = [...query]
    .filter(([name]) => name !== 'decision')
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorize Strata</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem">
<h1>Authorize Strata</h1><p>Strata asks to read your portfolio: ${escapeHtml(query.get('scope') ?? '')}.</p>
<form method="get" action="/authorize">${fields}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button></form></body></html>`;
}

const token = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

export async function startCapTableServer(options: {
  tokenAuth: 'client_secret_basic' | 'client_secret_post';
  pageSize?: number;
  /** Authorize answers a consent page (for a browser) instead of approving at once. */
  consentPage?: boolean;
}): Promise<TCapTableServer> {
  const clientId = 'strata-test-client';
  const clientSecret = token('secret');
  const pageSize = options.pageSize ?? 1;
  const codes = new Map<string, { challenge: string; redirectUri: string; used: boolean }>();
  const accessTokens = new Map<string, { live: boolean }>();
  const refreshTokens = new Map<string, { live: boolean }>();
  const issued: string[] = [clientSecret];
  const tokenCalls: TCapTableServer['tokenCalls'] = [];
  const calls: TCapTableServer['calls'] = [];
  let deny = false;
  const state: TCapTableServer = {
    url: '',
    clientId,
    clientSecret,
    portfolios: [],
    issued,
    tokenCalls,
    calls,
    denyNext: () => {
      deny = true;
    },
    expireAccessTokens: () => {
      for (const entry of accessTokens.values()) entry.live = false;
    },
    revokeRefreshTokens: () => {
      for (const entry of refreshTokens.values()) entry.live = false;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function issueTokens() {
    const access = token('at');
    const refresh = token('rt');
    accessTokens.set(access, { live: true });
    refreshTokens.set(refresh, { live: true });
    issued.push(access, refresh);
    return { access_token: access, token_type: 'Bearer', expires_in: 3600, refresh_token: refresh };
  }

  /** One page of a list, Google AIP style (pageSize / pageToken = the next offset). */
  function page(field: string, rows: unknown[], query: URLSearchParams) {
    const size = Math.min(Number(query.get('pageSize') ?? pageSize), pageSize);
    const start = Number(query.get('pageToken') ?? '0');
    const next = start + size < rows.length ? String(start + size) : '';
    return { [field]: rows.slice(start, start + size), nextPageToken: next };
  }

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = await textOf(request);
    calls.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
    });
    const send = (status: number, answer: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    };

    if (request.method === 'GET' && url.pathname === '/authorize') {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri');
      if (q.get('client_id') !== clientId || !redirectUri) return send(400, { error: 'invalid_request' });
      if (options.consentPage && !q.has('decision')) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return response.end(consentPageOf(q));
      }
      const back = new URL(redirectUri);
      back.searchParams.set('state', q.get('state') ?? '');
      if (deny || q.get('decision') === 'deny') {
        deny = false;
        back.searchParams.set('error', 'access_denied');
      } else if (
        q.get('response_type') !== 'code' ||
        q.get('code_challenge_method') !== 'S256' ||
        !/^[A-Za-z0-9_-]{43}$/.test(q.get('code_challenge') ?? '')
      ) {
        back.searchParams.set('error', 'invalid_request');
      } else {
        const code = token('code');
        issued.push(code);
        codes.set(code, { challenge: q.get('code_challenge') as string, redirectUri, used: false });
        back.searchParams.set('code', code);
      }
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }

    if (request.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(body);
      const basic = request.headers.authorization?.match(/^Basic (.+)$/)?.[1];
      const auth: 'basic' | 'post' | 'none' = basic ? 'basic' : form.has('client_secret') ? 'post' : 'none';
      let id: string | null = null;
      let secret: string | null = null;
      if (basic) {
        const [user, pass] = Buffer.from(basic, 'base64').toString('utf8').split(':');
        id = decodeURIComponent(user ?? '');
        secret = decodeURIComponent(pass ?? '');
      } else {
        id = form.get('client_id');
        secret = form.get('client_secret');
      }
      const wanted = options.tokenAuth === 'client_secret_basic' ? 'basic' : 'post';
      const grantType = form.get('grant_type') ?? '';
      const verifier = form.get('code_verifier');
      if (verifier) issued.push(verifier);
      const call = { grantType, verifierOk: null as boolean | null, auth };
      tokenCalls.push(call);
      if (auth !== wanted || id !== clientId || secret !== clientSecret)
        return send(401, { error: 'invalid_client' });
      if (grantType === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '');
        call.verifierOk =
          !!code &&
          !!verifier &&
          createHash('sha256').update(verifier).digest('base64url') === code.challenge;
        if (!code || code.used || code.redirectUri !== form.get('redirect_uri') || !call.verifierOk)
          return send(400, { error: 'invalid_grant', error_description: 'code, redirect_uri or verifier' });
        code.used = true;
        return send(200, issueTokens());
      }
      if (grantType === 'refresh_token') {
        const refresh = refreshTokens.get(form.get('refresh_token') ?? '');
        if (!refresh?.live)
          return send(400, { error: 'invalid_grant', error_description: 'refresh token revoked' });
        // Rotation: the refresh token just used is spent.
        refresh.live = false;
        return send(200, issueTokens());
      }
      return send(400, { error: 'unsupported_grant_type' });
    }

    const bearer = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1] ?? '';
    if (!accessTokens.get(bearer)?.live) return send(401, { error: 'unauthenticated' });
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] !== 'v1alpha1' || parts[1] !== 'portfolios') return send(404, { error: 'not found' });
    if (parts.length === 2)
      return send(
        200,
        page(
          'portfolios',
          state.portfolios.map((portfolio) => ({ id: portfolio.id, name: 'My portfolio' })),
          url.searchParams,
        ),
      );
    const portfolio = state.portfolios.find((one) => one.id === parts[2]);
    if (!portfolio || parts[3] !== 'issuers') return send(404, { error: 'not found' });
    if (parts.length === 4)
      return send(
        200,
        page(
          'issuers',
          portfolio.issuers.map((issuer) => ({ id: issuer.id, legalName: issuer.legalName })),
          url.searchParams,
        ),
      );
    const issuer = portfolio.issuers.find((one) => one.id === parts[4]);
    if (!issuer || parts.length !== 6) return send(404, { error: 'not found' });
    if (parts[5] === 'certificates')
      return send(200, page('certificates', issuer.certificates, url.searchParams));
    if (parts[5] === 'optionGrants')
      return send(200, page('optionGrants', issuer.optionGrants, url.searchParams));
    return send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
