import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createBrokerageAs,
  createRepositoryAs,
  createStockAs,
  createTestUser,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';

// Bulk delete reads every id before checking access: another tenant's id must answer exactly as an id that
// does not exist, or the answer tells whether it exists (and that it lives in a second repository).
let t: TIdentityTestApp;
let alice: TTestUser;
let bob: TTestUser;
let carol: TTestUser;
const tx: Record<string, string> = {};

const UNKNOWN_ID = '0f0e0d0c-0b0a-4908-8706-050403020100';
const UNKNOWN_ID_2 = '1f1e1d1c-1b1a-4918-8716-151413121110';
const NOT_FOUND = { code: 'NOT_FOUND', message: 'Transaction not found' };

async function createTransactionAs(user: TTestUser, repositoryName: string): Promise<string> {
  const repositoryId = await createRepositoryAs(user, repositoryName);
  const { broker, usd } = await createBrokerageAs(user, repositoryId);
  const stock = await createStockAs(user, repositoryId, 'AAPL');
  const created = await user.call('POST', '/api/transactions', {
    repository_id: repositoryId,
    type: 'buy',
    date: '2026-01-05',
    description: 'Buy',
    entries: [
      { account_id: broker, asset_id: stock, amount: '1' },
      { account_id: broker, asset_id: usd, amount: '-100' },
    ],
  });
  if (created.statusCode !== 201) throw new Error(`transaction: ${created.statusCode} ${created.body}`);
  return created.json().id as string;
}

async function bulkDelete(user: TTestUser, ids: string[]) {
  const response = await user.call('DELETE', '/api/transactions', { ids });
  return { status: response.statusCode, body: response.json() };
}

beforeAll(async () => {
  t = await createIdentityTestApp();
  alice = await createTestUser(t, 'bulk-alice@example.com');
  bob = await createTestUser(t, 'bulk-bob@example.com');
  carol = await createTestUser(t, 'bulk-carol@example.com');
  tx.alice = await createTransactionAs(alice, 'Alice ledger');
  tx.aliceOther = await createTransactionAs(alice, 'Alice second ledger');
  tx.bob = await createTransactionAs(bob, 'Bob ledger');
  tx.carol = await createTransactionAs(carol, 'Carol ledger');
});
afterAll(async () => {
  await t?.close();
});

describe('bulk delete of transactions across tenants', () => {
  it("answers another tenant's id beside one's own exactly as an unknown id", async () => {
    expect(await bulkDelete(alice, [tx.alice as string, UNKNOWN_ID])).toEqual({
      status: 404,
      body: NOT_FOUND,
    });
    expect(await bulkDelete(alice, [tx.alice as string, tx.bob as string])).toEqual({
      status: 404,
      body: NOT_FOUND,
    });
  });

  it('answers ids of two other tenants exactly as two unknown ids', async () => {
    expect(await bulkDelete(alice, [UNKNOWN_ID, UNKNOWN_ID_2])).toEqual({ status: 404, body: NOT_FOUND });
    expect(await bulkDelete(alice, [tx.bob as string, tx.carol as string])).toEqual({
      status: 404,
      body: NOT_FOUND,
    });
  });

  it('deleted nothing on those refusals', async () => {
    for (const [user, id] of [
      [alice, tx.alice],
      [bob, tx.bob],
      [carol, tx.carol],
    ] as const) {
      const response = await user.call('GET', `/api/transactions/${id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().deleted_at).toBeNull();
    }
  });

  it('still names the mix when every id is in a repository of the caller', async () => {
    expect(await bulkDelete(alice, [tx.alice as string, tx.aliceOther as string])).toEqual({
      status: 400,
      body: {
        code: 'BAD_REQUEST',
        message: 'Every transaction of one request must belong to the same repository',
      },
    });
  });
});
