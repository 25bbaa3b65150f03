import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createBrokerageAs,
  createRepositoryAs,
  createStockAs,
  createTestUser,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';

let t: TIdentityTestApp;
let owner: TTestUser;
let repositoryId: string;
/** Ids of the first test's transactions, in the order they were sent; its broker account and currency. */
let entered: string[] = [];
let broker: string;
let usd: string;

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'entry-order@example.com');
  repositoryId = await createRepositoryAs(owner, 'Same day');
});
afterAll(async () => {
  await t?.close();
});

describe('transactions of one day', () => {
  it('are read in the order they were entered, so realized gains do not depend on their ids', async () => {
    ({ broker, usd } = await createBrokerageAs(owner, repositoryId));
    const trade = (type: 'buy' | 'sell', stock: string, units: string, cash: string) => ({
      repository_id: repositoryId,
      type,
      date: '2024-03-05',
      entries: [
        { account_id: broker, asset_id: stock, amount: units },
        { account_id: broker, asset_id: usd, amount: cash },
      ],
    });
    const [acme, bolt] = [
      await createStockAs(owner, repositoryId, 'ACME'),
      await createStockAs(owner, repositoryId, 'BOLT'),
    ];
    // Entered in this order, each stock: 10 bought at 100, the 10 sold at 120 (realized +200), 10 bought at 200.
    // Any other order of a stock's three trades realizes something else (at an average cost of 150: −300).
    const created = await owner.call('POST', '/api/transactions', [
      {
        repository_id: repositoryId,
        type: 'deposit',
        date: '2024-03-01',
        entries: [{ account_id: broker, asset_id: usd, amount: '10000' }],
      },
      trade('buy', acme, '10', '1000'),
      trade('buy', bolt, '10', '1000'),
      trade('sell', acme, '10', '1200'),
      trade('sell', bolt, '10', '1200'),
      trade('buy', acme, '10', '2000'),
      trade('buy', bolt, '10', '2000'),
    ]);
    expect(created.statusCode).toBe(201);
    entered = created.json().map((transaction: { id: string }) => transaction.id);
    const answer = await owner.call(
      'GET',
      `/api/repositories/${repositoryId}/analytics?periods=1&freq=month&end=2024-03-31&datasets=value_view&scopes=repository,asset`,
    );
    const rows: Array<{ scope_kind: string; scope_id: string; realized: number }> =
      answer.json().result.value_view;
    expect(rows.find((row) => row.scope_kind === 'repository')?.realized).toBeCloseTo(400, 9);
    for (const stock of [acme, bolt]) {
      expect(rows.find((row) => row.scope_kind === 'asset' && row.scope_id === stock)?.realized).toBeCloseTo(
        200,
        9,
      );
    }
  });

  it('are listed latest entered first within their day, before and after a later one of that day', async () => {
    const listed = async (): Promise<string[]> =>
      (await owner.call('GET', `/api/transactions?repository_id=${repositoryId}&page_size=50`))
        .json()
        .data.map((row: { id: string }) => row.id);
    const [deposit, ...trades] = entered;
    expect(await listed()).toEqual([...trades].reverse().concat(deposit as string));
    const later = await owner.call('POST', '/api/transactions', {
      repository_id: repositoryId,
      type: 'deposit',
      date: '2024-03-05',
      entries: [{ account_id: broker, asset_id: usd, amount: '5' }],
    });
    expect((await listed())[0]).toBe(later.json().id);
  });
});
