import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaidProvider } from './plaid-provider.ts';
import { isProviderError } from './provider-port.ts';
import { startPlaidServer, type TPlaidServer } from './testing/plaid-protocol-server.ts';

// The adapter's calls the sync does not make yet, against the local Plaid (API 2020-09-14).

let plaid: TPlaidServer;
beforeAll(async () => {
  plaid = await startPlaidServer();
});
afterAll(async () => {
  await plaid?.close();
});

function adapter(secret = plaid.secret) {
  return createPlaidProvider({
    clientId: plaid.clientId,
    secret,
    env: 'sandbox',
    baseUrl: plaid.url,
    countryCodes: ['US'],
    products: ['transactions', 'investments'],
    clientName: 'Strata',
    linkScriptUrl: 'https://cdn.plaid.com/link/v2/stable/link-initialize.js',
    retry: { retries: 0, baseDelayMs: 0, maxDelayMs: 0 },
  });
}

describe('Plaid adapter', () => {
  it('reads /investments/holdings/get: quantities and prices exact, the security named', async () => {
    const { item } = plaid.addItem({ accounts: [] });
    item.holdings = {
      holdings: [
        {
          account_id: 'acc-inv',
          security_id: 'sec-vti',
          quantity: 12.345,
          institution_price: 250.1,
          institution_value: 3087.4845,
          iso_currency_code: 'USD',
          institution_price_as_of: '2026-11-26',
          cost_basis: 2900,
        },
      ],
      securities: [
        {
          security_id: 'sec-vti',
          name: 'Vanguard Total Stock Market ETF',
          ticker_symbol: 'VTI',
          type: 'etf',
        },
      ],
    };
    expect(await adapter().fetchHoldings(item.accessToken)).toEqual([
      {
        accountExternalId: 'acc-inv',
        securityId: 'sec-vti',
        name: 'Vanguard Total Stock Market ETF',
        ticker: 'VTI',
        kind: 'stock',
        source: {
          holding: {
            account_id: 'acc-inv',
            security_id: 'sec-vti',
            quantity: 12.345,
            institution_price: 250.1,
            institution_value: 3087.4845,
            iso_currency_code: 'USD',
            institution_price_as_of: '2026-11-26',
            cost_basis: 2900,
          },
          security: {
            security_id: 'sec-vti',
            name: 'Vanguard Total Stock Market ETF',
            ticker_symbol: 'VTI',
            type: 'etf',
          },
        },
        quantity: '12.345',
        price: '250.1',
        value: '3087.4845',
        currency: 'USD',
        date: '2026-11-26',
      },
    ]);
  });

  it('asks /transactions/refresh for the item, and a wrong client secret is a refusal naming Plaid’s code', async () => {
    const { item } = plaid.addItem({ accounts: [] });
    await adapter().refresh(item.accessToken);
    expect(plaid.callsTo('/transactions/refresh').at(-1)?.body).toMatchObject({
      access_token: item.accessToken,
    });
    const refused = await adapter('wrong-secret')
      .listAccounts(item.accessToken)
      .catch((error: unknown) => error);
    expect(isProviderError(refused) && [refused.kind, refused.providerCode, refused.message]).toEqual([
      'refused',
      'INVALID_API_KEYS',
      'Plaid: invalid client_id or secret provided (INVALID_API_KEYS)',
    ]);
    // The error carries nothing of the request (whose headers hold the secret and body the token).
    expect(JSON.stringify(refused, Object.getOwnPropertyNames(refused))).not.toContain(item.accessToken);
    expect(String((refused as Error).stack)).not.toContain(item.accessToken);
  });
});
