import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createAssetAs,
  createRepositoryAs,
  createStockAs,
  createTestUser,
  shareRepository,
  type TTestUser,
  tagLookupAs,
} from '../repositories/testing/repository-test-kit.ts';

// CSV price files through the API: preview, all-or-nothing import as the source 'csv', replacement of a
// day's earlier CSV price, pence into pounds, and the precedence ranking CSV against manual (hand-worked).

let t: TIdentityTestApp;
let owner: TTestUser;
let editor: TTestUser;
let repositoryId: string;
let aapl: string;
let vod: string;

async function post(user: TTestUser, url: string, body: unknown) {
  const response = await user.call('POST', url, body);
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

async function pricesOf(assetId: string) {
  return (
    (await owner.call('GET', `/api/asset_prices?asset_id=${assetId}`)).json() as Array<{
      date: string;
      close: string;
      source: string;
    }>
  ).map(({ date, close, source }) => ({ date, close, source }));
}

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'csv-owner@example.com');
  editor = await createTestUser(t, 'csv-editor@example.com');
  repositoryId = await createRepositoryAs(owner, 'CSV prices');
  await shareRepository(owner, editor, repositoryId, 2);
  aapl = await createStockAs(owner, repositoryId, 'AAPL');
  vod = await createAssetAs(owner, repositoryId, {
    type: 'stock',
    name: 'Vodafone',
    ticker: 'VOD',
    currency: 'GBP',
  });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const FILE = [
  'date,ticker,close,currency',
  '2024-01-02,AAPL,185.64,USD',
  '2024-01-03,aapl,184.25,',
  '2024-01-02,Vodafone,68.86,GBp',
].join('\n');

describe('CSV price files', () => {
  it('previews what a file would write, writing nothing', async () => {
    const preview = await post(editor, '/api/asset_prices/csv/preview', {
      repository_id: repositoryId,
      text: FILE,
    });
    expect(preview).toEqual({
      rows: 3,
      replaced: 0,
      assets: [
        {
          asset_id: aapl,
          name: 'AAPL Inc.',
          ticker: 'AAPL',
          rows: 2,
          first_date: '2024-01-02',
          last_date: '2024-01-03',
        },
        {
          asset_id: vod,
          name: 'Vodafone',
          ticker: 'VOD',
          rows: 1,
          first_date: '2024-01-02',
          last_date: '2024-01-02',
        },
      ],
      sample: [
        { line: 2, asset_id: aapl, date: '2024-01-02', close: '185.64' },
        { line: 3, asset_id: aapl, date: '2024-01-03', close: '184.25' },
        { line: 4, asset_id: vod, date: '2024-01-02', close: '0.6886' },
      ],
      problems: [],
    });
    expect(await pricesOf(aapl)).toEqual([]);
  });

  it("imports as the source 'csv', beside a manual price of the same day, and replaces its own days", async () => {
    await post(owner, '/api/asset_prices', { asset_id: aapl, date: '2024-01-02', close: '100' });
    expect(await post(editor, '/api/asset_prices/csv', { repository_id: repositoryId, text: FILE })).toEqual({
      rows: 3,
      added: 3,
      replaced: 0,
      assets: 2,
    });
    expect(await pricesOf(vod)).toEqual([{ date: '2024-01-02', close: '0.6886', source: 'csv' }]);

    // From the asset's prices: no ticker column; 2024-01-03 replaced, 2024-01-04 added.
    const again = await post(owner, '/api/asset_prices/csv', {
      repository_id: repositoryId,
      asset_id: aapl,
      text: 'Date,Price\n2024-01-03,184.5\n2024-01-04,182\n',
    });
    expect(again).toEqual({ rows: 2, added: 1, replaced: 1, assets: 1 });
    expect((await pricesOf(aapl)).sort((a, b) => (a.date + a.source < b.date + b.source ? -1 : 1))).toEqual([
      { date: '2024-01-02', close: '185.64', source: 'csv' },
      { date: '2024-01-02', close: '100', source: 'manual' },
      { date: '2024-01-03', close: '184.5', source: 'csv' },
      { date: '2024-01-04', close: '182', source: 'csv' },
    ]);
  });

  it('writes nothing of a file with a problem, and says which line', async () => {
    const before = await pricesOf(aapl);
    const text = 'date,ticker,close\n2024-02-01,AAPL,190\n2024-02-30,AAPL,191\n2024-02-02,MSFT,1\n';
    const preview = await post(owner, '/api/asset_prices/csv/preview', { repository_id: repositoryId, text });
    expect(preview.problems).toEqual([
      { line: 3, field: 'date', message: 'Please enter a valid date' },
      { line: 4, field: 'ticker', message: "No asset has the ticker or name 'MSFT'" },
    ]);
    const refused = await owner.call('POST', '/api/asset_prices/csv', { repository_id: repositoryId, text });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'Line 3, date: Please enter a valid date (and 1 more); nothing was imported',
      details: { problems: preview.problems },
    });
    expect(await pricesOf(aapl)).toEqual(before);
  });

  it('loads several assets from the list by ticker, refusing a ticker two assets share rather than pick one', async () => {
    // Tickers are unique per type: an ETF and a stock may both be 'SPY'.
    const repository = await createRepositoryAs(owner, 'Shared tickers');
    const etf = await createAssetAs(owner, repository, {
      type: 'etf',
      name: 'SPDR S&P 500',
      ticker: 'SPY',
      currency: 'USD',
    });
    const stock = await createAssetAs(owner, repository, {
      type: 'stock',
      name: 'Spy Inc.',
      ticker: 'SPY',
      currency: 'USD',
    });
    const msft = await createStockAs(owner, repository, 'MSFT');
    const text = 'date,ticker,close\n2024-01-02,MSFT,370.87\n2024-01-02,SPY,472.65\n';
    const refused = await owner.call('POST', '/api/asset_prices/csv', { repository_id: repository, text });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: "Line 3, ticker: More than one asset has the ticker or name 'SPY'; nothing was imported",
    });
    for (const asset of [etf, stock, msft]) expect(await pricesOf(asset)).toEqual([]);

    // Named by their names instead, one file loads all three.
    const loaded = await post(owner, '/api/asset_prices/csv', {
      repository_id: repository,
      text: 'date,ticker,close\n2024-01-02,MSFT,370.87\n2024-01-02,SPDR S&P 500,472.65\n2024-01-02,Spy Inc.,3.5\n',
    });
    expect(loaded).toEqual({ rows: 3, added: 3, replaced: 0, assets: 3 });
    expect(await pricesOf(etf)).toEqual([{ date: '2024-01-02', close: '472.65', source: 'csv' }]);
    expect(await pricesOf(stock)).toEqual([{ date: '2024-01-02', close: '3.5', source: 'csv' }]);
    expect(await pricesOf(msft)).toEqual([{ date: '2024-01-02', close: '370.87', source: 'csv' }]);
  });

  it('refuses an empty file and an asset of another repository', async () => {
    const empty = await owner.call('POST', '/api/asset_prices/csv', {
      repository_id: repositoryId,
      text: '',
    });
    expect(empty.statusCode).toBe(400);
    const other = await createRepositoryAs(owner, 'Other');
    const stranger = await createStockAs(owner, other, 'MSFT');
    const wrong = await owner.call('POST', '/api/asset_prices/csv', {
      repository_id: repositoryId,
      asset_id: stranger,
      text: 'date,close\n2024-01-02,1\n',
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('ranks CSV prices by the precedence: manual first by default, CSV first when the owner says so', async () => {
    const assets = (await owner.call('GET', `/api/assets?repository_id=${repositoryId}&limit=500`)).json()
      .data;
    const usd = assets.find((asset: { type: string }) => asset.type === 'currency').id;
    const tag = await tagLookupAs(owner, repositoryId);
    const brokerage = (
      await post(owner, '/api/assets', {
        repository_id: repositoryId,
        type: 'investment account',
        name: 'Brokerage',
        currency: 'USD',
        tags: [tag('Category', 'Cash'), tag('Subcategory', 'Checking')],
      })
    ).id;
    await post(owner, '/api/transactions', [
      {
        repository_id: repositoryId,
        type: 'deposit',
        date: '2024-01-02',
        entries: [{ account_id: brokerage, asset_id: usd, amount: '2000' }],
      },
      {
        repository_id: repositoryId,
        type: 'buy',
        date: '2024-01-02',
        entries: [
          { account_id: brokerage, asset_id: aapl, amount: '10' },
          { account_id: brokerage, asset_id: usd, amount: '-1500' },
        ],
      },
    ]);
    const valueOn = async (end: string) => {
      const response = await owner.call(
        'GET',
        `/api/repositories/${repositoryId}/analytics?periods=1&freq=day&end=${end}&datasets=value_view`,
      );
      expect(response.statusCode).toBe(200);
      const rows = response.json().result.value_view as Array<Record<string, unknown>>;
      return rows.find((row) => row.scope_kind === 'asset' && row.scope_id === aapl)?.value_end;
    };
    // 2024-01-02 holds manual 100 and csv 185.64: manual ranks first by default → 10 × 100.
    expect(await valueOn('2024-01-02')).toBe(1000);
    // 2024-01-04 has only the CSV close 182 → 10 × 182.
    expect(await valueOn('2024-01-04')).toBe(1820);
    const order = await owner.call('PUT', `/api/repositories/${repositoryId}`, {
      settings: { price_source_precedence: ['csv', 'override', 'manual', 'connector'] },
    });
    expect(order.statusCode).toBe(200);
    // CSV first: 10 × 185.64.
    expect(await valueOn('2024-01-02')).toBeCloseTo(1856.4, 9);
  });
});
