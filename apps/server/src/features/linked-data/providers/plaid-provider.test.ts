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

function adapter(secret = plaid.secret, investmentsPageSize?: number) {
  return createPlaidProvider({
    investmentsPageSize,
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

  it('reads /investments/transactions/get page by page (offset and count) within the window, newest first', async () => {
    const { item } = plaid.addItem({ accounts: [] });
    item.holdings = {
      holdings: [],
      securities: [
        {
          security_id: 'sec-vti',
          name: 'Vanguard Total Stock Market ETF',
          ticker_symbol: 'VTI',
          type: 'etf',
        },
      ],
    };
    const row = (
      id: string,
      date: string,
      type: string,
      subtype: string,
      amount: number,
      quantity: number,
    ) => ({
      investment_transaction_id: id,
      account_id: 'acc-ira',
      security_id: type === 'cash' ? null : 'sec-vti',
      date,
      name: `${subtype} ${id}`,
      quantity,
      amount,
      price: 250.1,
      fees: 0,
      type,
      subtype,
      iso_currency_code: 'USD',
      unofficial_currency_code: null,
    });
    item.investmentTransactions = [
      row('it-1', '2026-10-01', 'buy', 'buy', 2501, 10),
      row('it-2', '2026-10-15', 'cash', 'dividend', -12.34, 0),
      row('it-3', '2026-11-02', 'sell', 'sell', -1250.5, -5),
      row('it-4', '2026-11-20', 'fee', 'account fee', 4.95, 0),
      // Outside the window: not asked for.
      row('it-0', '2026-09-29', 'buy', 'buy', 100, 1),
      {
        investment_transaction_id: 'it-bad',
        account_id: 'acc-ira',
        date: '2026-11-21',
        quantity: 1,
        amount: 'ten',
        type: 'buy',
      },
    ];
    const read = await adapter(plaid.secret, 2).fetchInvestmentTransactions?.(item.accessToken, {
      from: '2026-09-30',
      to: '2026-11-27',
    });
    // Five rows in the window, two a page: offsets 0, 2, 4.
    expect(
      plaid
        .callsTo('/investments/transactions/get')
        .map((call) => [call.body.start_date, call.body.end_date, call.body.options]),
    ).toEqual([
      ['2026-09-30', '2026-11-27', { count: 2, offset: 0 }],
      ['2026-09-30', '2026-11-27', { count: 2, offset: 2 }],
      ['2026-09-30', '2026-11-27', { count: 2, offset: 4 }],
    ]);
    expect(
      read?.rows.map((one) => [
        one.externalId,
        one.date,
        one.amount,
        one.currency,
        one.counterparty,
        one.category,
        one.subcategory,
        one.status,
      ]),
    ).toEqual([
      ['it-4', '2026-11-20', '-4.95', 'USD', 'VTI', 'fee', 'account fee', 'posted'],
      ['it-3', '2026-11-02', '1250.5', 'USD', 'VTI', 'sell', 'sell', 'posted'],
      ['it-2', '2026-10-15', '12.34', 'USD', null, 'cash', 'dividend', 'posted'],
      ['it-1', '2026-10-01', '-2501', 'USD', 'VTI', 'buy', 'buy', 'posted'],
    ]);
    expect(read?.rows[3]?.source).toMatchObject({
      investment_transaction: { investment_transaction_id: 'it-1', quantity: 10, price: 250.1 },
      security: { security_id: 'sec-vti', ticker_symbol: 'VTI' },
    });
    expect(read?.failures).toEqual([
      {
        externalId: 'it-bad',
        accountExternalId: 'acc-ira',
        message: 'amount: Invalid input: expected number, received string',
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
