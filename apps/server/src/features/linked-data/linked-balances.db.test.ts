import { LINKED_DATA_MESSAGES } from '@strata/contracts/linked-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  shareRepository,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { seedLinkedData } from './testing/linked-data-seed.ts';

// Balances written straight to the table (as a load of two monthly statements leaves them):
//
// | as of      | kind      | amount  |
// |------------|-----------|---------|
// | 2026-01-31 | ledger    | 1500.25 |
// | 2026-01-31 | available | 1400.00 |
// | 2026-02-28 | ledger    | 1620.10 |  (February's statement reported no available balance)

let t: TIdentityTestApp;
let owner: TTestUser;
let reader: TTestUser;
let stranger: TTestUser;
let accountId: string;

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'lbal-owner@example.com');
  reader = await createTestUser(t, 'lbal-reader@example.com');
  stranger = await createTestUser(t, 'lbal-stranger@example.com');
  const repositoryId = await createRepositoryAs(owner, 'Balances');
  await shareRepository(owner, reader, repositoryId, 1);
  ({ accountId } = await seedLinkedData(t.app.db, repositoryId));
  const balance = (as_of_date: string, kind: 'ledger' | 'available', amount: string) => ({
    repository_id: repositoryId,
    linked_account_id: accountId,
    kind,
    amount,
    as_of_date,
    currency: 'USD',
  });
  await t.app.db
    .insertInto('linked_balances')
    .values([
      balance('2026-01-31', 'available', '1400.00'),
      balance('2026-02-28', 'ledger', '1620.10'),
      balance('2026-01-31', 'ledger', '1500.25'),
    ])
    .execute();
});
afterAll(async () => {
  await t?.close();
});

const figures = (rows: { kind: string; amount: string; as_of_date: string }[]) =>
  rows.map((row) => [row.as_of_date, row.kind, row.amount]);

describe('GET linked_data/accounts/{id}/balances', () => {
  it('lists every balance, newest date first, ledger before available', async () => {
    const response = await owner.call('GET', `/api/linked_data/accounts/${accountId}/balances`);
    expect(response.statusCode, response.body).toBe(200);
    expect(figures(response.json())).toEqual([
      ['2026-02-28', 'ledger', '1620.10'],
      ['2026-01-31', 'ledger', '1500.25'],
      ['2026-01-31', 'available', '1400.00'],
    ]);
    expect(response.json()[0]).toMatchObject({ linked_account_id: accountId, currency: 'USD' });
  });

  it('with latest=true, the newest of each kind, each with its own date', async () => {
    const response = await owner.call('GET', `/api/linked_data/accounts/${accountId}/balances?latest=true`);
    expect(figures(response.json())).toEqual([
      ['2026-02-28', 'ledger', '1620.10'],
      ['2026-01-31', 'available', '1400.00'],
    ]);
  });

  it('a read-only member reads them; a stranger and an unknown account get 404', async () => {
    expect((await reader.call('GET', `/api/linked_data/accounts/${accountId}/balances`)).json()).toHaveLength(
      3,
    );
    const strangers = await stranger.call('GET', `/api/linked_data/accounts/${accountId}/balances`);
    expect(strangers.statusCode).toBe(404);
    expect(strangers.json().message).toBe(LINKED_DATA_MESSAGES.ACCOUNT_NOT_FOUND);
    const unknown = await owner.call(
      'GET',
      '/api/linked_data/accounts/00000000-0000-4000-8000-000000000000/balances',
    );
    expect(unknown.statusCode).toBe(404);
  });
});
