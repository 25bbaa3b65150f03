import type { TRepositoryExport } from '@strata/contracts/repositories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import { exportRepository, importRepository } from './repository-transfer.ts';
import {
  createRepositoryAs,
  createTestUser,
  setSubscription,
  type TTestUser,
} from './testing/repository-test-kit.ts';

let t: TIdentityTestApp;
let owner: TTestUser;
let sourceId: string;

/** Ids replaced by content (they differ after an import by design), timestamps of the export dropped. */
function canonical(file: TRepositoryExport) {
  const assetKey = new Map(file.assets.map((asset) => [asset.id, `${asset.type}/${asset.name}`]));
  const ref = (id: string | null) => (id === null ? null : assetKey.get(id));
  const tagKey = new Map(file.tags.map((tag) => [tag.id, `${tag.tag_name}=${tag.tag_value}`]));
  return {
    format: file.format,
    version: file.version,
    repository: { ...file.repository, name: undefined },
    assets: file.assets
      .map(({ id, currency_asset_id, parent_id, ...asset }) => ({
        key: assetKey.get(id),
        currency_asset: ref(currency_asset_id),
        parent: ref(parent_id),
        ...asset,
      }))
      .sort((a, b) => String(a.key).localeCompare(String(b.key))),
    tags: file.tags.map(({ id: _id, ...tag }) => tag),
    asset_prices: file.asset_prices
      .map(({ asset_id, ...price }) => ({ asset: assetKey.get(asset_id), ...price }))
      .sort((a, b) => `${a.asset}|${a.date}|${a.source}`.localeCompare(`${b.asset}|${b.date}|${b.source}`)),
    transactions: file.transactions.map(({ id: _id, entries, ...transaction }) => ({
      ...transaction,
      entries: entries.map((entry) => ({
        account: ref(entry.account_id),
        asset: ref(entry.asset_id),
        amount: entry.amount,
        pos: ref(entry.pos_id),
      })),
    })),
    asset_tags: file.asset_tags
      .map((link) => `${assetKey.get(link.asset_id)} ~ ${tagKey.get(link.tag_id)}`)
      .sort(),
  };
}

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'transfer@example.com');
  sourceId = await createRepositoryAs(owner, 'Source', { currency: 'EUR' });
  await owner.call('PUT', `/api/repositories/${sourceId}`, {
    settings: { price_source_precedence: ['manual', 'override'], init_default_tags: false },
  });
  // Every kind of record a repository holds today: user assets (live and in the trash) with tags.
  const db = t.app.db;
  const [live, trashed] = await db
    .insertInto('assets')
    .values([
      {
        repository_id: sourceId,
        name: 'Broker',
        ticker: 'Broker',
        currency: 'EUR',
        type: 'investment account',
        description: 'Main account',
        properties: JSON.stringify({ number: '42', nested: { a: [1, 2] } }),
      },
      {
        repository_id: sourceId,
        name: 'Apple',
        ticker: 'AAPL',
        currency: 'USD',
        type: 'stock',
        description: null,
        properties: '{}',
        deleted_at: new Date('2026-01-02T03:04:05.000Z'),
      },
    ])
    .returning('id')
    .execute();
  const [category] = await db
    .insertInto('tags')
    .values([
      { repository_id: sourceId, tag_name: 'Category', tag_value: 'Holdings' },
      { repository_id: sourceId, tag_name: 'Region', tag_value: 'US' },
    ])
    .returning('id')
    .execute();
  const region = await db
    .selectFrom('tags')
    .select('id')
    .where('repository_id', '=', sourceId)
    .where('tag_name', '=', 'Region')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('asset_tags')
    .values([
      { repository_id: sourceId, asset_id: live!.id, tag_id: category!.id },
      { repository_id: sourceId, asset_id: trashed!.id, tag_id: region.id },
    ])
    .execute();
  // Prices of every source, and references between assets (a stock's currency asset, an account's parent).
  const euro = await db
    .selectFrom('assets')
    .select('id')
    .where('repository_id', '=', sourceId)
    .where('type', '=', 'currency')
    .executeTakeFirstOrThrow();
  const group = await db
    .insertInto('assets')
    .values({
      repository_id: sourceId,
      name: 'All accounts',
      ticker: 'All accounts',
      currency: 'EUR',
      type: 'grouping account',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('assets')
    .set({ parent_id: group.id, linked_id: 'ext-1' })
    .where('id', '=', live!.id)
    .execute();
  await db.updateTable('assets').set({ currency_asset_id: euro.id }).where('id', '=', trashed!.id).execute();
  await db
    .insertInto('asset_prices')
    .values([
      {
        repository_id: sourceId,
        asset_id: trashed!.id,
        date: '2026-01-02',
        close: '185.123456789',
        source: 'security master',
      },
      {
        repository_id: sourceId,
        asset_id: trashed!.id,
        date: '2026-01-02',
        close: '186',
        source: 'override',
      },
      {
        repository_id: sourceId,
        asset_id: euro.id,
        date: '2026-01-02',
        close: '0.92',
        adjusted_close: '0.91',
        source: 'manual',
      },
    ])
    .execute();
  // Transactions, live and in the trash, with an attributed entry.
  const [buy, gone] = await db
    .insertInto('transactions')
    .values([
      {
        repository_id: sourceId,
        type: 'buy',
        date: '2026-01-02',
        description: 'First lot',
        source: 'import',
      },
      {
        repository_id: sourceId,
        type: 'deposit',
        date: '2026-01-01',
        description: null,
        deleted_at: new Date('2026-01-03T00:00:00.000Z'),
      },
    ])
    .returning('id')
    .execute();
  await db
    .insertInto('transaction_entries')
    .values([
      {
        transaction_id: buy!.id,
        position: 0,
        repository_id: sourceId,
        account_id: live!.id,
        asset_id: trashed!.id,
        amount: '10',
      },
      {
        transaction_id: buy!.id,
        position: 1,
        repository_id: sourceId,
        account_id: live!.id,
        asset_id: euro.id,
        amount: '-1850.123456789',
        pos_id: trashed!.id,
      },
      {
        transaction_id: gone!.id,
        position: 0,
        repository_id: sourceId,
        account_id: live!.id,
        asset_id: euro.id,
        amount: '5000',
      },
    ])
    .execute();
});
afterAll(async () => {
  await t?.close();
});

describe('export and import', () => {
  it('round-trips: export → import → export is equal except ids and timestamps', async () => {
    const first = await exportRepository(t.app.db, t.app.fileStore, sourceId);
    // 6 pre-created accounts, the EUR currency asset, Broker, Apple (in the trash) and the grouping account.
    expect(first.assets.length).toBe(10);
    expect(first.asset_prices).toHaveLength(3);
    expect(first.transactions).toHaveLength(2);
    expect(first.assets.some((asset) => asset.deleted_at === '2026-01-02T03:04:05.000Z')).toBe(true);
    const { repositoryId } = await importRepository(t.app.db, t.app.fileStore, {
      userId: owner.id,
      name: 'Copy',
      data: JSON.stringify(first),
    });
    expect(repositoryId).not.toBe(sourceId);
    const second = await exportRepository(t.app.db, t.app.fileStore, repositoryId);
    expect(second.repository.name).toBe('Copy');
    expect(canonical(second)).toEqual(canonical(first));
    const copiedIds = new Set(second.assets.map((asset) => asset.id));
    expect(first.assets.some((asset) => copiedIds.has(asset.id))).toBe(false);
  });

  it('serves the export over HTTP as a JSON download with a version', async () => {
    const response = await owner.call('GET', `/api/repositories/${sourceId}/export`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Source.json");
    expect(response.json()).toMatchObject({
      format: 'strata-repository',
      version: 2,
      repository: { currency: 'EUR' },
    });
  });

  it('makes the importer the owner, with the usual rules', async () => {
    const file = await exportRepository(t.app.db, t.app.fileStore, sourceId);
    const list = (await owner.call('GET', '/api/repositories')).json();
    expect(list.find((r: { name: string }) => r.name === 'Copy')).toMatchObject({
      access_type: 3,
      collaborators_count: 0,
    });
    await expect(
      importRepository(t.app.db, t.app.fileStore, { userId: owner.id, name: 'copy', data: file }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This name of the repository already exists. Try something else',
    });
    const limited = await createTestUser(t, 'transfer-limited@example.com');
    await setSubscription(t.app.db, limited.id, 'collaborator', 'active');
    await importRepository(t.app.db, t.app.fileStore, { userId: limited.id, name: 'First', data: file });
    await expect(
      importRepository(t.app.db, t.app.fileStore, { userId: limited.id, name: 'Second', data: file }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'You have reached the maximum number of 1 repositories.',
    });
  });

  it('rejects a broken file and leaves nothing behind', async () => {
    const before = await t.app.db.selectFrom('repositories').select('id').execute();
    const file = await exportRepository(t.app.db, t.app.fileStore, sourceId);
    const dangling = { ...file, asset_tags: [{ asset_id: 'missing', tag_id: file.tags[0]?.id ?? '' }] };
    for (const data of ['{not json', { format: 'other' }, dangling]) {
      await expect(
        importRepository(t.app.db, t.app.fileStore, { userId: owner.id, name: 'Broken', data }),
      ).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    }
    // A failure inside the transaction (jsonb refuses \u0000, after the repository and tags are written)
    // rolls everything back.
    const lastAsset = file.assets.at(-1);
    if (!lastAsset) throw new Error('the export has no assets');
    const clash = {
      ...file,
      assets: [...file.assets.slice(0, -1), { ...lastAsset, properties: { bad: '\u0000' } }],
    };
    await expect(
      importRepository(t.app.db, t.app.fileStore, { userId: owner.id, name: 'Broken', data: clash }),
    ).rejects.toBeTruthy();
    expect(await t.app.db.selectFrom('repositories').select('id').execute()).toHaveLength(before.length);
  });
});
