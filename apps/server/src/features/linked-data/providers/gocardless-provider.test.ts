import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGocardlessProvider } from './gocardless-provider.ts';
import { ProviderError } from './provider-port.ts';
import { startGocardlessServer, type TGocardlessServer } from './testing/gocardless-protocol-server.ts';

// The adapter alone against the local GoCardless (API v2): tokens, and the 429s of its two rate limits.

let gc: TGocardlessServer;
const retry = { retries: 2, baseDelayMs: 1, maxDelayMs: 50 };

beforeAll(async () => {
  // An access token that lives 60 s is renewed at once (the adapter renews a minute early): refresh is used.
  gc = await startGocardlessServer({ accessExpires: 60 });
  gc.institutions.push({
    id: 'MONZO',
    name: 'Monzo',
    bic: 'MONZGB2L',
    countries: ['GB'],
    logo: 'https://l/m.png',
  });
});
afterAll(async () => gc?.close());

const provider = () =>
  createGocardlessProvider({
    secretId: gc.secretId,
    secretKey: gc.secretKey,
    baseUrl: gc.url,
    logoOrigins: [],
    retry,
  });

describe('GoCardless adapter', () => {
  it('gets a token pair once, then renews the access token with the refresh token', async () => {
    const adapter = provider();
    const before = gc.calls.length;
    await adapter.searchInstitutions({ country: 'GB', query: '' });
    await adapter.searchInstitutions({ country: 'GB', query: 'mon' });
    expect(gc.calls.slice(before).map((call) => call.path)).toEqual([
      '/api/v2/token/new/',
      '/api/v2/institutions/',
      '/api/v2/token/refresh/',
      '/api/v2/institutions/',
    ]);
  });

  it('a wrong secret key is refused in words that carry nothing of the request', async () => {
    const adapter = createGocardlessProvider({
      secretId: gc.secretId,
      secretKey: 'wrong-key',
      baseUrl: gc.url,
      logoOrigins: [],
      retry,
    });
    const error = await adapter
      .searchInstitutions({ country: 'GB', query: '' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      kind: 'refused',
      providerCode: 'token 401',
      message: 'GoCardless refused this server’s secret_id and secret_key',
    });
    expect(JSON.stringify(error)).not.toContain('wrong-key');
    // On a sync too: the operator's keys, not the user's login.
    await expect(adapter.listAccounts('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      kind: 'refused',
    });
  });

  it('a 429 whose reset is short is waited for; one of hours (the per-account daily limit) fails at once', async () => {
    const adapter = provider();
    gc.failNext('/api/v2/institutions/', {
      status: 429,
      body: '{"summary":"Rate limit exceeded","status_code":429}',
      headers: { HTTP_X_RATELIMIT_RESET: '0' },
    });
    expect(await adapter.searchInstitutions({ country: 'GB', query: '' })).toHaveLength(1);

    const before = gc.calls.filter((call) => call.path === '/api/v2/institutions/').length;
    gc.failNext('/api/v2/institutions/', {
      status: 429,
      body: '{"summary":"Rate limit exceeded","status_code":429}',
      headers: { 'X-RateLimit-Account-Success-Reset': '21600' },
    });
    await expect(adapter.searchInstitutions({ country: 'GB', query: '' })).rejects.toMatchObject({
      kind: 'rate_limited',
      message: 'The provider is rate limiting this server: try again later (GoCardless: 21600 s)',
    });
    expect(gc.calls.filter((call) => call.path === '/api/v2/institutions/').length).toBe(before + 1);
  });

  it('a bank GoCardless does not know is refused in its words', async () => {
    await expect(
      provider().startAuthorization({
        institutionId: 'NOPE',
        redirectUrl: 'https://strata.example.com/connectors/callback/gocardless',
        reference: 'r-1',
        language: null,
      }),
    ).rejects.toMatchObject({
      kind: 'refused',
      providerCode: '400',
      message: 'GoCardless: Unknown Institution ID',
    });
  });
});
