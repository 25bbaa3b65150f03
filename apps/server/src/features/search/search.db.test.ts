import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createAssetAs,
  createBrokerageAs,
  createRepositoryAs,
  createTestUser,
  setSubscription,
  shareRepository,
  type TTestUser,
  tagLookupAs,
} from '../repositories/testing/repository-test-kit.ts';

let t: TIdentityTestApp;
let owner: TTestUser;
let reader: TTestUser;
let stranger: TTestUser;
let repositoryId: string;
let otherRepositoryId: string;
const ids: Record<string, string> = {};

async function transactionAs(user: TTestUser, fields: Record<string, unknown>): Promise<string> {
  const created = await user.call('POST', '/api/transactions', fields);
  if (created.statusCode !== 201) throw new Error(`transaction: ${created.statusCode} ${created.body}`);
  return created.json().id as string;
}

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'search-owner@example.com');
  reader = await createTestUser(t, 'search-reader@example.com');
  stranger = await createTestUser(t, 'search-stranger@example.com');
  repositoryId = await createRepositoryAs(owner, 'Search');
  await shareRepository(owner, reader, repositoryId, 1);
  otherRepositoryId = await createRepositoryAs(stranger, 'Other search');

  const { broker, usd } = await createBrokerageAs(owner, repositoryId);
  ids.broker = broker;
  ids.usd = usd;
  ids.stock = await createAssetAs(owner, repositoryId, {
    type: 'stock',
    name: 'Northwind Shipping',
    ticker: 'NWND',
    currency: 'USD',
  });
  const tag = await tagLookupAs(owner, repositoryId);
  ids.utilities = await createAssetAs(owner, repositoryId, {
    type: 'expense account',
    name: 'Northwind Utilities',
    currency: 'USD',
    tags: [tag('Category', 'Investments'), tag('Subcategory', 'Brokerage')],
  });
  ids.power = await transactionAs(owner, {
    repository_id: repositoryId,
    type: 'expense',
    date: '2026-02-01',
    description: 'Power bill',
    entries: [
      { account_id: broker, asset_id: usd, amount: '-120.50' },
      { account_id: ids.utilities, asset_id: usd, amount: '120.50' },
    ],
  });
  ids.buy = await transactionAs(owner, {
    repository_id: repositoryId,
    type: 'buy',
    date: '2026-01-05',
    description: 'Northwind shares_100% in',
    entries: [
      { account_id: broker, asset_id: ids.stock, amount: '1' },
      { account_id: broker, asset_id: usd, amount: '-77' },
    ],
  });
  const region = await owner.call('POST', '/api/tags', {
    repository_id: repositoryId,
    tag_name: 'Region',
    tag_value: 'Northwind coast',
  });
  ids.tag = region.json().id;
  const contact = await owner.call('POST', '/api/contact_info', {
    repository_id: repositoryId,
    name: 'Maria Jensen',
    company: 'Northwind Capital Partners',
  });
  ids.contact = contact.json().id;
  const document = await owner.call('POST', '/api/documents', {
    repository_id: repositoryId,
    name: 'Northwind statement',
    source: 'url',
    path: 'https://example.com/northwind.pdf',
  });
  if (document.statusCode !== 201) throw new Error(`document: ${document.body}`);
  ids.document = document.json().id;

  // The stranger's repository holds the same words: none of it may show up for the owner.
  await createAssetAs(stranger, otherRepositoryId, {
    type: 'stock',
    name: 'Northwind Other Shipping',
    ticker: 'NWNX',
    currency: 'USD',
  });
  await stranger.call('POST', '/api/contact_info', {
    repository_id: otherRepositoryId,
    name: 'Northwind other',
  });
});
afterAll(async () => {
  await t?.close();
});

const search = (user: TTestUser, q: string, extra = '') =>
  user.call('GET', `/api/search?repository_id=${repositoryId}&q=${encodeURIComponent(q)}${extra}`);

type TGroups = Array<{ kind: string; results: Array<{ id: string; title: string; path: string }> }>;
const byKind = (groups: TGroups) =>
  Object.fromEntries(groups.map((group) => [group.kind, group.results.map((result) => result.id)]));

describe('GET /api/search', () => {
  it('answers each kind in its group, in order, with the path that opens it', async () => {
    const response = await search(reader, 'northwind');
    expect(response.statusCode).toBe(200);
    const { groups } = response.json() as { groups: TGroups };
    expect(groups.map((group) => group.kind)).toEqual([
      'asset',
      'account',
      'transaction',
      'tag',
      'contact',
      'document',
    ]);
    expect(byKind(groups)).toEqual({
      asset: [ids.stock],
      account: [ids.utilities],
      // The power bill through its counterparty account, the buy through its description; newest first.
      transaction: [ids.power, ids.buy],
      tag: [ids.tag],
      contact: [ids.contact],
      document: [ids.document],
    });
    const paths = groups.flatMap((group) => group.results.map((result) => result.path));
    expect(paths).toEqual([
      `/assets/${ids.stock}`,
      `/expense-accounts/${ids.utilities}`,
      `/transactions/${ids.power}`,
      `/transactions/${ids.buy}`,
      `/tags/${ids.tag}`,
      `/contacts/${ids.contact}`,
      `/documents/${ids.document}`,
    ]);
  });

  it('finds currencies by code, holding accounts, transactions by amount either sign', async () => {
    const usd = (await search(owner, 'usd')).json() as { groups: TGroups };
    expect(byKind(usd.groups).currency).toEqual([ids.usd]);
    expect((await search(owner, 'broker')).json().groups[0]).toMatchObject({
      kind: 'account',
      results: [{ id: ids.broker, path: `/assets/${ids.broker}` }],
    });
    expect(byKind((await search(owner, '120.5')).json().groups).transaction).toEqual([ids.power]);
    expect(byKind((await search(owner, '-77')).json().groups).transaction).toEqual([ids.buy]);
  });

  it('takes % and _ literally, and limits each group', async () => {
    expect(byKind((await search(owner, '_100%')).json().groups)).toEqual({ transaction: [ids.buy] });
    // As wildcards these would match every 'Northwind'.
    expect((await search(owner, 'north%d')).json().groups).toEqual([]);
    expect((await search(owner, 'northw_nd')).json().groups).toEqual([]);
    const one = (await search(owner, 'northwind', '&limit=1')).json() as { groups: TGroups };
    expect(byKind(one.groups).transaction).toEqual([ids.power]);
  });

  it("never answers another repository's rows", async () => {
    const response = await search(owner, 'nwnx');
    expect(response.json()).toEqual({ groups: [] });
    expect((await search(owner, 'Northwind other')).json()).toEqual({ groups: [] });
  });

  it('refuses a user of another repository (404), the signed-out (401) and a blank question (400)', async () => {
    expect((await search(stranger, 'northwind')).statusCode).toBe(404);
    expect(
      (await stranger.call('GET', `/api/search?repository_id=${otherRepositoryId}&q=northwind`)).json(),
    ).toEqual({
      groups: [
        { kind: 'asset', results: [expect.objectContaining({ title: 'Northwind Other Shipping' })] },
        { kind: 'contact', results: [expect.objectContaining({ title: 'Northwind other' })] },
      ],
    });
    expect((await search(owner, '   ')).statusCode).toBe(400);
  });

  it("leaves out contacts and documents when the owner's plan lacks them", async () => {
    await setSubscription(t.app.db, owner.id, 'collaborator', 'active');
    try {
      const kinds = ((await search(reader, 'northwind')).json() as { groups: TGroups }).groups.map(
        (group) => group.kind,
      );
      expect(kinds).toEqual(['asset', 'account', 'transaction', 'tag']);
    } finally {
      await setSubscription(t.app.db, owner.id, 'professional', 'active');
    }
  });
});
