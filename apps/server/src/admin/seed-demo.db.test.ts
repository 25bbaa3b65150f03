import { buildDemoRepository } from '@strata/core/demo/demo-repository';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../features/auth/testing/identity-test-app.ts';
import { createTestUser, type TTestUser } from '../features/repositories/testing/repository-test-kit.ts';
import { seedDemoRepository } from './seed-demo.ts';

const TODAY = '2026-11-20';
let t: TIdentityTestApp;
let user: TTestUser;

beforeAll(async () => {
  t = await createIdentityTestApp();
  user = await createTestUser(t, 'demo-seed@example.com');
});
afterAll(async () => {
  await t?.close();
});

describe('seed:demo', () => {
  it('writes the whole demo through the product rules, readable through the API', async () => {
    const demo = buildDemoRepository({ today: TODAY });
    const result = await seedDemoRepository(t.app.db, user.id, { today: TODAY });
    expect(result).toMatchObject({ name: 'Demo Family Office', prices: demo.prices.length });
    expect(result.transactions).toBe(demo.transactions.length);

    const page = await user.call('GET', `/api/transactions?repository_id=${result.repositoryId}&page_size=1`);
    expect(page.json().meta.total).toBe(demo.transactions.length);
    const assets = (await user.call('GET', `/api/assets?repository_id=${result.repositoryId}`)).json().data;
    expect(
      assets
        .filter((asset: { type: string }) => asset.type === 'currency')
        .map((a: { ticker: string }) => a.ticker)
        .sort(),
    ).toEqual(['EUR', 'USD']);

    // Units of AAPL held equal the demo's own sum of its AAPL entries.
    const aapl = assets.find((asset: { ticker: string }) => asset.ticker === 'AAPL').id;
    const held = await t.app.db
      .selectFrom('transaction_entries as e')
      .innerJoin('transactions as x', 'x.id', 'e.transaction_id')
      .select(sql<string>`sum(e.amount)::text`.as('units'))
      .where('e.asset_id', '=', aapl)
      .where('x.type', 'in', ['buy', 'sell'])
      .executeTakeFirstOrThrow();
    const expected = demo.transactions
      .filter((transaction) => transaction.type === 'buy' || transaction.type === 'sell')
      .flatMap((transaction) => transaction.entries)
      .filter((entry) => entry.asset === 'AAPL')
      .reduce((sum, entry) => sum + Number(entry.amount), 0);
    expect(Number(held.units)).toBe(expected);

    // The private fund has its investor-relations contact and its agreement as a tagged link.
    const fund = assets.find((asset: { name: string }) => asset.name === 'Northwind Growth Fund III').id;
    const contacts = (
      await user.call('GET', `/api/contact_info?repository_id=${result.repositoryId}`)
    ).json();
    expect(contacts).toMatchObject([{ name: 'Maria Jensen', assets: [fund] }]);
    const documents = (
      await user.call('GET', `/api/documents?repository_id=${result.repositoryId}&asset_id=${fund}`)
    ).json();
    expect(documents).toMatchObject([
      { name: 'Fund III limited partnership agreement', source: 'url', asset_id: fund },
    ]);
    const tags = (await user.call('GET', `/api/document_tags?repository_id=${result.repositoryId}`)).json();
    expect(tags).toMatchObject([{ name: 'Legal', documents: [documents[0].id] }]);
  });

  it('picks a free name on a second run', async () => {
    const again = await seedDemoRepository(t.app.db, user.id, { today: TODAY });
    expect(again.name).toBe('Demo Family Office 2');
  });
});
