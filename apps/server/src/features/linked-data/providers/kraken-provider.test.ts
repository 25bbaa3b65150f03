import { LINKED_PROVIDER_MESSAGES } from '@strata/contracts/linked-providers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKrakenProvider } from './kraken-provider.ts';
import { ProviderError } from './provider-port.ts';
import { startKrakenServer, type TKrakenKey, type TKrakenServer } from './testing/kraken-protocol-server.ts';

// Kraken's error answers (HTTP 200 with an error list, and plain HTTP failures) as the port's errors, against
// the loopback Kraken of testing/kraken-protocol-server.ts.

let kraken: TKrakenServer;
let key: TKrakenKey;
let secret: string;
const provider = () =>
  createKrakenProvider({
    baseUrl: kraken.url,
    retry: { retries: 2, baseDelayMs: 0, maxDelayMs: 0 },
  });

beforeAll(async () => {
  kraken = await startKrakenServer();
  key = kraken.addKey({ balances: { XXBT: '1.5000000000' }, ledger: {}, trades: {} });
  secret = JSON.stringify({ api_key: key.apiKey, api_secret: key.apiSecret });
});
afterAll(async () => {
  await kraken?.close();
});

async function failureOf(
  call: Promise<unknown>,
): Promise<Pick<ProviderError, 'kind' | 'message' | 'providerCode'>> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  const { kind, message, providerCode } = error as ProviderError;
  return { kind, message, providerCode };
}

describe('Kraken provider', () => {
  it('retries a busy service and a 502, then reads', async () => {
    kraken.failNext(
      '/0/private/Balance',
      { status: 200, body: '{"error":["EService:Unavailable"]}' },
      { status: 502, body: 'Bad Gateway' },
    );
    expect((await provider().fetchHoldings(secret)).map((row) => [row.securityId, row.quantity])).toEqual([
      ['BTC', '1.5'],
    ]);
  });

  it('a rate limit past the retries is rate_limited', async () => {
    const limited = { status: 200, body: '{"error":["EAPI:Rate limit exceeded"]}' };
    kraken.failNext('/0/private/Balance', limited, limited, limited);
    expect(await failureOf(provider().fetchHoldings(secret))).toEqual({
      kind: 'rate_limited',
      message: LINKED_PROVIDER_MESSAGES.RATE_LIMITED,
      providerCode: 'EAPI:Rate limit exceeded',
    });
  });

  it('a key without the permission is refused naming the permissions', async () => {
    kraken.failNext('/0/private/Balance', { status: 200, body: '{"error":["EGeneral:Permission denied"]}' });
    expect(await failureOf(provider().exchange(secret))).toEqual({
      kind: 'refused',
      message:
        'The Kraken API key lacks a permission: it needs Query Funds, Query Ledger Entries and Query Closed Orders & Trades',
      providerCode: 'EGeneral:Permission denied',
    });
  });

  it('an answer that is not JSON, or not the envelope, is malformed and not retried', async () => {
    const before = kraken.calls.length;
    kraken.failNext('/0/private/Balance', { status: 200, body: '<html>maintenance</html>' });
    expect((await failureOf(provider().fetchHoldings(secret))).message).toBe(
      `${LINKED_PROVIDER_MESSAGES.MALFORMED} (Kraken /0/private/Balance)`,
    );
    kraken.failNext('/0/private/Balance', { status: 200, body: '{"result":{"XXBT":"1"}}' });
    expect((await failureOf(provider().fetchHoldings(secret))).kind).toBe('malformed');
    expect(kraken.calls.length - before).toBe(2);
  });

  it('a deleted key at the link is refused (a typo), at a sync login_required', async () => {
    const gone = kraken.addKey({ balances: {}, ledger: {}, trades: {} });
    gone.revoked = true;
    const goneSecret = JSON.stringify({ api_key: gone.apiKey, api_secret: gone.apiSecret });
    expect(await failureOf(provider().exchange(goneSecret))).toEqual({
      kind: 'refused',
      message: 'Kraken refused the API key',
      providerCode: 'EAPI:Invalid key',
    });
    expect(await failureOf(provider().fetchHoldings(goneSecret))).toEqual({
      kind: 'login_required',
      message: 'Login required: reconnect this connector to the exchange',
      providerCode: 'EAPI:Invalid key',
    });
  });
});
