import { createHash, randomBytes } from 'node:crypto';
import { LINKED_PROVIDER_MESSAGES } from '@strata/contracts/linked-providers';
import { toAmountString, toDecimal } from '@strata/core/money/decimal';
import { z } from 'zod';
import {
  ProviderError,
  type THolding,
  type TProviderAccount,
  type TRedirectProvider,
} from './provider-port.ts';
import { type TFailedCall, type TRetryPolicy, withRetries } from './provider-retry.ts';

/**
 * A cap-table provider (Carta by default) linked with OAuth 2.0's authorization code grant (RFC 6749 §4.1)
 * with PKCE S256 (RFC 7636) and a `state`; the client authenticates at the token endpoint with HTTP Basic or
 * form fields (RFC 6749 §2.3.1). Refresh tokens (§6) renew the access token when the API answers 401, once;
 * a refresh refused with `invalid_grant` (revoked, expired) is 'login required'.
 *
 * The holdings are read through Carta's portfolio API as its public documentation described it (v1alpha1,
 * 2026-11). What it does not publish in detail is an assumption, stated here and in docs/connectors.md:
 * - GET {api}/v1alpha1/portfolios, …/portfolios/{p}/issuers, …/issuers/{i}/certificates and
 *   …/issuers/{i}/optionGrants answer `{ <list name>: [...], nextPageToken }`, paged with pageSize/pageToken;
 * - an issuer has `id` and `legalName`; a certificate has `id`, `label`, `shareClass { id, name }` and a
 *   `quantity`; an option grant has `id`, `label`, `quantity`, `exercisedQuantity` and an `exercisePrice`;
 * - quantities are decimal text or JSON numbers; money is `{ value: decimal text, currencyCode: ISO 4217 }`.
 *
 * Each issuer (the company whose shares the user holds) is a linked account; each share certificate and each
 * option grant's outstanding (unexercised) options are a linked position. There are no transactions. The
 * sealed secret is the access and refresh tokens together.
 */

const ZQuantity = z.union([
  z.string().regex(/^\d+(\.\d+)?$/),
  z
    .number()
    .nonnegative()
    .transform((number) => String(number)),
]);
const ZMoney = z.object({
  value: z.string().regex(/^\d+(\.\d+)?$/),
  currencyCode: z.string().regex(/^[A-Z]{3}$/),
});
const ZPortfolio = z.object({ id: z.string().min(1) });
const ZIssuer = z.object({ id: z.string().min(1), legalName: z.string().min(1) });
const ZCertificate = z.object({
  id: z.string().min(1),
  label: z.string().nullable().optional(),
  shareClass: z.object({ id: z.string().min(1), name: z.string().min(1) }),
  quantity: ZQuantity,
  costBasis: ZMoney.nullable().optional(),
  issueDate: z.iso.date().nullable().optional(),
});
const ZOptionGrant = z.object({
  id: z.string().min(1),
  label: z.string().nullable().optional(),
  quantity: ZQuantity,
  exercisedQuantity: ZQuantity.nullable().optional(),
  exercisePrice: ZMoney.nullable().optional(),
  grantDate: z.iso.date().nullable().optional(),
  expirationDate: z.iso.date().nullable().optional(),
});
const ZTokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().positive().optional(),
  refresh_token: z.string().min(1).optional(),
});
/** What is sealed: never logged, never answered. */
const ZTokens = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).nullable(),
  /** Epoch milliseconds, or null when the server did not say. */
  expires_at: z.number().nullable(),
});
type TTokens = z.infer<typeof ZTokens>;

/** Renewed this long before the server's expiry, so a call does not start with a token about to lapse. */
const EXPIRY_MARGIN_MS = 30_000;

class HttpFailure extends Error {
  readonly status: number;
  readonly retryAfter: string | null;
  /** OAuth's `error` code of a token endpoint's refusal (RFC 6749 §5.2), when it sent one. */
  readonly oauthError: string | null;

  constructor(status: number, retryAfter: string | null, oauthError: string | null) {
    super(`HTTP ${status}`);
    this.status = status;
    this.retryAfter = retryAfter;
    this.oauthError = oauthError;
  }
}

function failureOf(error: unknown): TFailedCall {
  if (error instanceof HttpFailure) return { status: error.status, retryAfter: error.retryAfter };
  return error instanceof ProviderError
    ? { status: 400, retryAfter: null }
    : { status: null, retryAfter: null };
}

export function createCapTableProvider(settings: {
  name: string;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
  scopes: string;
  tokenAuth: 'client_secret_basic' | 'client_secret_post';
  retry: TRetryPolicy;
}): TRedirectProvider {
  const api = settings.apiUrl.replace(/\/+$/, '');
  const label = settings.name;
  /** Secrets as they were handed in → the tokens that replaced them since (a refresh), until collected. */
  const renewed = new Map<string, string>();

  const malformed = (where: string) =>
    new ProviderError('malformed', `${LINKED_PROVIDER_MESSAGES.MALFORMED} (${label} ${where})`);

  function toProviderError(error: unknown): ProviderError {
    if (error instanceof ProviderError) return error;
    if (!(error instanceof HttpFailure))
      return new ProviderError('unavailable', LINKED_PROVIDER_MESSAGES.UNREACHABLE);
    const code = error.oauthError ?? String(error.status);
    // The user revoked this app at the provider, or the refresh token expired: they link again.
    if (error.status === 401 || error.oauthError === 'invalid_grant')
      return new ProviderError('login_required', LINKED_PROVIDER_MESSAGES.loginRequired('cap_table'), code);
    if (error.status === 429)
      return new ProviderError('rate_limited', LINKED_PROVIDER_MESSAGES.RATE_LIMITED, code);
    if (error.status >= 500)
      return new ProviderError(
        'unavailable',
        `${LINKED_PROVIDER_MESSAGES.UNREACHABLE} (${label} ${code})`,
        code,
      );
    return new ProviderError('refused', `${label} answered ${code}`, code);
  }

  async function call(url: string, init: RequestInit): Promise<unknown> {
    const text = await withRetries(
      async () => {
        const response = await fetch(url, {
          ...init,
          redirect: 'error',
          signal: AbortSignal.timeout(60_000),
        });
        const body = await response.text();
        if (!response.ok) {
          let oauthError: string | null = null;
          try {
            const parsed = JSON.parse(body) as { error?: unknown };
            if (typeof parsed.error === 'string' && /^[\w.-]{1,64}$/.test(parsed.error))
              oauthError = parsed.error;
          } catch {
            // Not JSON: the status says enough.
          }
          throw new HttpFailure(response.status, response.headers.get('retry-after'), oauthError);
        }
        return body;
      },
      failureOf,
      settings.retry,
    );
    try {
      return JSON.parse(text);
    } catch {
      throw malformed(new URL(url).pathname);
    }
  }

  /** A token endpoint call (the code's exchange or a refresh), the client authenticated as configured. */
  async function tokenCall(form: Record<string, string>): Promise<TTokens> {
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    const body = new URLSearchParams(form);
    if (settings.tokenAuth === 'client_secret_basic') {
      // RFC 6749 §2.3.1: each part form-encoded before they are joined and base64-encoded.
      const user = `${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(user).toString('base64')}`;
    } else {
      body.set('client_id', settings.clientId);
      body.set('client_secret', settings.clientSecret);
    }
    let answer: unknown;
    try {
      answer = await call(settings.tokenUrl, { method: 'POST', headers, body: body.toString() });
    } catch (error) {
      if (error instanceof HttpFailure && error.oauthError === 'invalid_client')
        throw new ProviderError(
          'refused',
          `${label} refused this server's client credentials`,
          'invalid_client',
        );
      throw toProviderError(error);
    }
    const parsed = ZTokenAnswer.safeParse(answer);
    if (!parsed.success) throw malformed('token');
    if (parsed.data.token_type && parsed.data.token_type.toLowerCase() !== 'bearer') throw malformed('token');
    return {
      access_token: parsed.data.access_token,
      refresh_token: parsed.data.refresh_token ?? null,
      expires_at: parsed.data.expires_in ? Date.now() + parsed.data.expires_in * 1000 : null,
    };
  }

  function tokensOf(secret: string): TTokens {
    try {
      return ZTokens.parse(JSON.parse(secret));
    } catch {
      throw new ProviderError('refused', `Not ${label} tokens`);
    }
  }

  async function refreshed(original: string): Promise<TTokens> {
    const tokens = tokensOf(renewed.get(original) ?? original);
    if (!tokens.refresh_token)
      throw new ProviderError(
        'login_required',
        LINKED_PROVIDER_MESSAGES.loginRequired('cap_table'),
        'no_refresh_token',
      );
    const next = await tokenCall({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    // RFC 6749 §6: a new refresh token is optional; without one the old one stays good.
    const kept = { ...next, refresh_token: next.refresh_token ?? tokens.refresh_token };
    renewed.set(original, JSON.stringify(kept));
    return kept;
  }

  /** An API GET with the secret's access token; a 401 renews the token once and tries again. */
  async function apiGet(secret: string, path: string): Promise<unknown> {
    let tokens = tokensOf(renewed.get(secret) ?? secret);
    if (tokens.expires_at !== null && tokens.expires_at - EXPIRY_MARGIN_MS <= Date.now())
      tokens = await refreshed(secret);
    const get = (token: string) =>
      call(`${api}${path}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    try {
      return await get(tokens.access_token);
    } catch (error) {
      if (!(error instanceof HttpFailure) || error.status !== 401) throw toProviderError(error);
    }
    tokens = await refreshed(secret);
    try {
      return await get(tokens.access_token);
    } catch (error) {
      throw toProviderError(error);
    }
  }

  /** Every page of one list. */
  async function list<T>(secret: string, path: string, field: string, row: z.ZodType<T>): Promise<T[]> {
    const rows: T[] = [];
    let pageToken: string | null = null;
    do {
      const query = new URLSearchParams({ pageSize: '100', ...(pageToken ? { pageToken } : {}) });
      const answer = (await apiGet(secret, `${path}?${query}`)) as Record<string, unknown> | null;
      const items = answer?.[field];
      if (!Array.isArray(items)) throw malformed(path);
      for (const item of items) {
        const parsed = row.safeParse(item);
        // A holding unreadable is no partial picture to write.
        if (!parsed.success) throw malformed(path);
        rows.push(parsed.data);
      }
      const next = answer?.nextPageToken;
      pageToken = typeof next === 'string' && next !== '' ? next : null;
    } while (pageToken !== null);
    return rows;
  }

  async function issuers(secret: string) {
    const found: { portfolioId: string; issuer: z.infer<typeof ZIssuer>; path: string }[] = [];
    for (const portfolio of await list(secret, '/v1alpha1/portfolios', 'portfolios', ZPortfolio)) {
      const base = `/v1alpha1/portfolios/${encodeURIComponent(portfolio.id)}/issuers`;
      for (const issuer of await list(secret, base, 'issuers', ZIssuer))
        found.push({ portfolioId: portfolio.id, issuer, path: `${base}/${encodeURIComponent(issuer.id)}` });
    }
    return found;
  }

  const accountIdOf = (portfolioId: string, issuerId: string) => `${portfolioId}:${issuerId}`;

  return {
    id: 'cap_table',
    name: label,
    linkNeeds: { consent: false, institution: false },

    async searchInstitutions() {
      return [];
    },

    async startAuthorization({ redirectUrl, reference }) {
      const verifier = randomBytes(32).toString('base64url');
      const url = new URL(settings.authorizeUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', settings.clientId);
      url.searchParams.set('redirect_uri', redirectUrl);
      if (settings.scopes.trim()) url.searchParams.set('scope', settings.scopes.trim());
      url.searchParams.set('state', reference);
      url.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
      url.searchParams.set('code_challenge_method', 'S256');
      // The verifier is the authorization's secret part: the service keeps it sealed until the callback.
      return { url: url.toString(), externalId: verifier };
    },

    async completeAuthorization(verifier, { code, redirectUrl }) {
      if (!code) throw new ProviderError('refused', `${label} sent no authorization code back`);
      const tokens = await tokenCall({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUrl,
        code_verifier: verifier,
      });
      return { secret: JSON.stringify(tokens), externalId: null };
    },

    renewedSecret(secret) {
      const next = renewed.get(secret) ?? null;
      renewed.delete(secret);
      return next;
    },

    async startLink() {
      throw new ProviderError('refused', LINKED_PROVIDER_MESSAGES.NOT_AVAILABLE);
    },

    async exchange() {
      throw new ProviderError('refused', LINKED_PROVIDER_MESSAGES.NOT_AVAILABLE);
    },

    async listAccounts(secret) {
      return (await issuers(secret)).map(
        ({ portfolioId, issuer }): TProviderAccount => ({
          externalId: accountIdOf(portfolioId, issuer.id),
          name: issuer.legalName,
          number: null,
          type: 'cap table',
          currency: null,
          balance: null,
          isInvestment: true,
        }),
      );
    },

    async fetchTransactions() {
      // A cap table lists what is held, not movements: the positions carry it.
      return { added: [], modified: [], removed: [], failures: [], notices: [], nextCursor: null };
    },

    async fetchHoldings(secret) {
      const holdings: THolding[] = [];
      for (const { portfolioId, issuer, path } of await issuers(secret)) {
        const account = accountIdOf(portfolioId, issuer.id);
        for (const certificate of await list(secret, `${path}/certificates`, 'certificates', ZCertificate))
          holdings.push({
            accountExternalId: account,
            securityId: `${issuer.id}/shares/${certificate.shareClass.id}`,
            name: `${issuer.legalName} ${certificate.shareClass.name}`,
            ticker: null,
            kind: 'stock',
            source: certificate as Record<string, unknown>,
            quantity: toAmountString(certificate.quantity),
            // A private company's shares have no market price here: the user values them.
            price: null,
            value: null,
            currency: certificate.costBasis?.currencyCode ?? null,
            date: null,
          });
        for (const grant of await list(secret, `${path}/optionGrants`, 'optionGrants', ZOptionGrant)) {
          const outstanding = toDecimal(grant.quantity).minus(toDecimal(grant.exercisedQuantity ?? '0'));
          // Exercised options are shares now (a certificate): only what is left to exercise is a position.
          if (outstanding.lte(0)) continue;
          const strike = grant.exercisePrice
            ? ` @ ${grant.exercisePrice.value} ${grant.exercisePrice.currencyCode}`
            : '';
          holdings.push({
            accountExternalId: account,
            securityId: `${issuer.id}/options/${grant.id}`,
            name: `${issuer.legalName} option ${grant.label ?? grant.id}${strike}`,
            ticker: null,
            kind: 'option',
            source: grant as Record<string, unknown>,
            quantity: toAmountString(outstanding.toString()),
            price: null,
            value: null,
            currency: grant.exercisePrice?.currencyCode ?? null,
            date: null,
          });
        }
      }
      return holdings;
    },

    async refresh() {
      // The cap table is what the company last recorded: nothing to ask for.
    },

    async disconnect(secret) {
      // No revocation endpoint is assumed: the user revokes the app at the provider. Ours go here.
      renewed.delete(secret);
    },
  };
}
