import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createStockAs,
  createTestUser,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { taskQueueOf } from '../tasks/index.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';
import { startLoopbackProvider, type TLoopbackProvider } from './testing/loopback-provider.ts';
import { chartAnswer, nyOpen } from './testing/yahoo-answers.ts';

// Splits and dividends of a linked security, against a loopback Yahoo whose chart carries a 4:1 split (and
// later a dividend) but no adjusted closes: the adjusted source is computed from them (hand-worked), the
// Sec master tab lists them, and a sync that finds a new one reads the whole history again.

const DAYS = ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05'];
const SPLIT = { date: nyOpen('2024-01-04'), numerator: 4, denominator: 1, splitRatio: '4:1' };
let withDividend = false;

let provider: TLoopbackProvider;
let t: TIdentityTestApp;
let owner: TTestUser;
let repositoryId: string;

const runSyncs = () => t.app.jobs.runPending(taskQueueOf('market_data_sync'));

async function adjustedOf(assetId: string) {
  const prices = (await owner.call('GET', `/api/asset_prices?asset_id=${assetId}`)).json() as Array<{
    date: string;
    close: string;
    source: string;
  }>;
  return prices
    .filter((price) => price.source === 'security master adjusted')
    .map(({ date, close }) => [date, close]);
}

beforeAll(async () => {
  provider = await startLoopbackProvider(() => ({
    body: chartAnswer({
      symbol: 'SPLT',
      currency: 'USD',
      timeZone: 'America/New_York',
      timestamps: DAYS.map(nyOpen),
      closes: [400, 404, 101, 102],
      events: {
        splits: { [SPLIT.date]: SPLIT },
        ...(withDividend
          ? { dividends: { [nyOpen('2024-01-05')]: { amount: 1.01, date: nyOpen('2024-01-05') } } }
          : {}),
      },
    }),
  }));
  t = await createTasksTestApp({
    isWorker: false,
    env: { MARKET_DATA_PROVIDER: 'yahoo', YAHOO_BASE_URL: provider.baseUrl, MARKET_DATA_START: '2023-12-01' },
  });
  owner = await createTestUser(t, 'events-owner@example.com');
  repositoryId = await createRepositoryAs(owner, 'Splits and dividends');
}, 180_000);
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

describe('splits and dividends', () => {
  it('computes adjusted closes from a 4:1 split, lists it, and re-reads the history for a new dividend', async () => {
    const assetId = await createStockAs(owner, repositoryId, 'SPLT');
    expect((await owner.call('PUT', `/api/sec_master/${assetId}`, { symbol: 'SPLT' })).statusCode).toBe(200);
    expect(await runSyncs()).toBe(1);

    // Before the split each close is a quarter: 400 / 4 = 100, 404 / 4 = 101.
    expect(await adjustedOf(assetId)).toEqual([
      ['2024-01-02', '100'],
      ['2024-01-03', '101'],
      ['2024-01-04', '101'],
      ['2024-01-05', '102'],
    ]);
    expect((await owner.call('GET', `/api/sec_master/${assetId}`)).json().events).toEqual([
      { date: '2024-01-04', kind: 'split', numerator: '4', denominator: '1', amount: null, currency: null },
    ]);

    // A dividend of 1.01 from 2024-01-05 (previous close 101): every earlier close × (1 − 1.01 / 101) = × 0.99.
    withDividend = true;
    const asked = provider.requests.length;
    expect(
      (await owner.call('POST', '/api/market_data/sync', { repository_id: repositoryId })).statusCode,
    ).toBe(202);
    expect(await runSyncs()).toBe(1);
    // The week before the latest day first, then, seeing a new event, the whole history from the start.
    expect(
      provider.requests
        .slice(asked)
        .map((request) => new URL(request, 'http://x').searchParams.get('period1')),
    ).toEqual(['1703808000', '1701388800']);
    expect(await adjustedOf(assetId)).toEqual([
      ['2024-01-02', '99'],
      ['2024-01-03', '99.99'],
      ['2024-01-04', '99.99'],
      ['2024-01-05', '102'],
    ]);
    expect((await owner.call('GET', `/api/sec_master/${assetId}`)).json().events).toEqual([
      { date: '2024-01-04', kind: 'split', numerator: '4', denominator: '1', amount: null, currency: null },
      {
        date: '2024-01-05',
        kind: 'dividend',
        numerator: null,
        denominator: null,
        amount: '1.01',
        currency: 'USD',
      },
    ]);

    // Nothing new: only the last week is read.
    const before = provider.requests.length;
    await owner.call('POST', '/api/market_data/sync', { repository_id: repositoryId });
    expect(await runSyncs()).toBe(1);
    expect(provider.requests.length - before).toBe(1);
  });
});
