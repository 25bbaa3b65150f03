import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  shareRepository,
  type TTestUser,
  tagLookupAs,
} from '../repositories/testing/repository-test-kit.ts';

let t: TIdentityTestApp;
let owner: TTestUser;
let reader: TTestUser;
let stranger: TTestUser;
let repositoryId: string;
let cashTags: { category: string; subcategory: string };

async function dataVersion(): Promise<number> {
  const row = await t.app.db
    .selectFrom('repositories')
    .select('data_version')
    .where('id', '=', repositoryId)
    .executeTakeFirstOrThrow();
  return Number(row.data_version);
}

async function tagId(name: string, value: string): Promise<string> {
  return (await tagLookupAs(owner, repositoryId))(name, value);
}

const stock = (ticker: string, extra: Record<string, unknown> = {}) => ({
  repository_id: repositoryId,
  type: 'stock',
  name: `${ticker} Inc.`,
  ticker,
  currency: 'USD',
  ...extra,
});

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'assets-owner@example.com');
  reader = await createTestUser(t, 'assets-reader@example.com');
  stranger = await createTestUser(t, 'assets-stranger@example.com');
  repositoryId = await createRepositoryAs(owner, 'Assets');
  await shareRepository(owner, reader, repositoryId, 1);
  cashTags = {
    category: await tagId('Category', 'Cash'),
    subcategory: await tagId('Subcategory', 'Checking'),
  };
});
afterAll(async () => {
  await t?.close();
});

describe('assets', () => {
  it('creates a stock, creating the currency asset of a new currency beside it, and bumps the data version', async () => {
    const before = await dataVersion();
    const created = await owner.call('POST', '/api/assets', stock('SAP', { currency: 'EUR' }));
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ type: 'stock', name: 'SAP Inc.', ticker: 'SAP', currency: 'EUR', tags: [] });
    expect(body.currency_asset_created).toMatchObject({
      type: 'currency',
      ticker: 'EUR',
      name: 'Euro',
      currency: 'USD',
    });
    expect(body.currency_asset).toBe(body.currency_asset_created.id);
    expect(await dataVersion()).toBeGreaterThan(before);

    const second = await owner.call('POST', '/api/assets', stock('ASML', { currency: 'EUR' }));
    expect(second.json().currency_asset_created).toBeUndefined();
    expect(second.json().currency_asset).toBe(body.currency_asset);
  });

  it('answers every field problem at once with the seed words', async () => {
    const response = await owner.call('POST', '/api/assets', { repository_id: repositoryId, type: 'stock' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fieldErrors).toEqual({
      name: ['Field is required'],
      ticker: ['Field is required'],
      currency: ['Field is required'],
    });
    expect(response.json().message).toBe(
      'name: Field is required; ticker: Field is required; currency: Field is required',
    );
  });

  it('needs Category and Subcategory on accounts, whose ticker follows the name', async () => {
    const bare = await owner.call('POST', '/api/assets', {
      repository_id: repositoryId,
      type: 'bank account',
      name: 'Checking',
      currency: 'USD',
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().details.fieldErrors.tags).toEqual(['Category and Subcategory are required']);
    const account = await owner.call('POST', '/api/assets', {
      repository_id: repositoryId,
      type: 'bank account',
      name: 'Checking',
      ticker: 'whatever',
      currency: 'USD',
      tags: [cashTags.category, cashTags.subcategory],
    });
    expect(account.statusCode).toBe(201);
    expect(account.json()).toMatchObject({
      ticker: 'Checking',
      tags: expect.arrayContaining([cashTags.category]),
    });
    const renamed = await owner.call('PUT', `/api/assets/${account.json().id}`, { name: 'Main checking' });
    expect(renamed.json().ticker).toBe('Main checking');
  });

  it('never duplicates a ticker within a type, and offers the trash for a soft-deleted twin', async () => {
    const first = await owner.call('POST', '/api/assets', stock('MSFT'));
    expect(first.statusCode).toBe(201);
    const again = await owner.call('POST', '/api/assets', stock('msft'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'An asset of type stock with ticker msft already exists',
    });
    // Another type may use the same ticker.
    expect((await owner.call('POST', '/api/assets', { ...stock('MSFT'), type: 'etf' })).statusCode).toBe(201);

    expect((await owner.call('DELETE', `/api/assets/${first.json().id}`)).json()).toEqual({
      message: 'MSFT Inc. moved to the trash',
    });
    const twin = await owner.call('POST', '/api/assets', stock('MSFT'));
    expect(twin.statusCode).toBe(409);
    expect(twin.json().code).toBe('SOFT_DELETED_CONFLICT');
    expect(twin.json().message).toContain('soft deleted');
    expect(twin.json().details).toEqual({ deleted_id: first.json().id, family: 'asset' });
  });

  it('lists live assets, the trash with show_deleted, restores, and deletes for good', async () => {
    const created = (await owner.call('POST', '/api/assets', stock('NVDA'))).json();
    await owner.call('DELETE', `/api/assets/${created.id}`);
    const live = (await owner.call('GET', `/api/assets?repository_id=${repositoryId}`)).json().data;
    expect(live.some((asset: { id: string }) => asset.id === created.id)).toBe(false);
    const all = (await owner.call('GET', `/api/assets?repository_id=${repositoryId}&show_deleted=1`)).json()
      .data;
    expect(all.find((asset: { id: string }) => asset.id === created.id).deleted_at).not.toBeNull();

    const restored = await owner.call('POST', `/api/assets/${created.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().deleted_at).toBeNull();

    const gone = await owner.call('DELETE', `/api/assets/${created.id}?is_hard=1`);
    expect(gone.json()).toEqual({ message: 'NVDA Inc. deleted' });
    expect((await owner.call('GET', `/api/assets/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses to restore over a live twin', async () => {
    const first = (await owner.call('POST', '/api/assets', stock('AMZN'))).json();
    await owner.call('DELETE', `/api/assets/${first.id}`);
    // The user insisted on a new one rather than restoring; the old one can't come back beside it.
    await t.app.db.updateTable('assets').set({ deleted_at: new Date() }).where('id', '=', first.id).execute();
    const id = (
      await t.app.db
        .insertInto('assets')
        .values({ repository_id: repositoryId, name: 'AMZN', ticker: 'AMZN', currency: 'USD', type: 'stock' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const restore = await owner.call('POST', `/api/assets/${first.id}/restore`);
    expect(restore.statusCode).toBe(409);
    await owner.call('DELETE', `/api/assets/${id}?is_hard=1`);
  });

  it('creates many at once, all or nothing, naming the failing row', async () => {
    const count = async () =>
      (await owner.call('GET', `/api/assets?repository_id=${repositoryId}`)).json().data.length;
    const before = await count();
    const bad = await owner.call('POST', `/api/assets?repository_id=${repositoryId}`, [
      { type: 'stock', name: 'Good', ticker: 'GOOD', currency: 'USD' },
      { type: 'stock', name: '', ticker: 'BAD', currency: 'USD' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fieldErrors).toEqual({ '1.name': ['Field is required'] });
    expect(await count()).toBe(before);
    const good = await owner.call('POST', `/api/assets?repository_id=${repositoryId}`, [
      { type: 'stock', name: 'Good', ticker: 'GOOD', currency: 'USD' },
      { type: 'etf', name: 'Fund', ticker: 'FUND', currency: 'USD' },
    ]);
    expect(good.statusCode).toBe(201);
    expect(good.json()).toHaveLength(2);
    const removed = await owner.call('DELETE', '/api/assets', {
      ids: good.json().map((a: { id: string }) => a.id),
    });
    expect(removed.json()).toEqual({ message: '2 assets moved to the trash' });
  });

  it('refuses to trash assets that live transactions use, naming the count, until those are trashed', async () => {
    const assets = (await owner.call('GET', `/api/assets?repository_id=${repositoryId}`)).json().data;
    const usd = assets.find((asset: { type: string; ticker: string }) => asset.type === 'currency').id;
    const broker = (
      await owner.call('POST', '/api/assets', {
        repository_id: repositoryId,
        type: 'investment account',
        name: 'Trash broker',
        currency: 'USD',
        tags: [cashTags.category, cashTags.subcategory],
      })
    ).json().id;
    const held = (await owner.call('POST', '/api/assets', stock('HELD'))).json().id;
    const idle = (await owner.call('POST', '/api/assets', stock('IDLE'))).json().id;
    const buy = (date: string) => ({
      repository_id: repositoryId,
      type: 'buy',
      date,
      entries: [
        { account_id: broker, asset_id: held, amount: '1' },
        { account_id: broker, asset_id: usd, amount: '100' },
      ],
    });
    const bought = await owner.call('POST', '/api/transactions', [buy('2026-01-05'), buy('2026-02-05')]);
    expect(bought.statusCode).toBe(201);
    const before = await dataVersion();

    const one = await owner.call('DELETE', `/api/assets/${held}`);
    expect(one.statusCode).toBe(409);
    expect(one.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'HELD Inc. is used by 2 transactions: delete or move them first',
    });
    // All or nothing: the unused asset of the same request stays live too.
    const bulk = await owner.call('DELETE', '/api/assets', { ids: [idle, held] });
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().message).toBe('HELD Inc. is used by 2 transactions: delete or move them first');
    const both = await owner.call('DELETE', '/api/assets', { ids: [held, broker] });
    expect(both.json().message).toBe('2 assets are used by 2 transactions: delete or move them first');
    expect((await owner.call('GET', `/api/assets/${idle}`)).json().deleted_at).toBeNull();
    expect((await owner.call('GET', `/api/assets/${held}`)).json().deleted_at).toBeNull();
    expect(await dataVersion()).toBe(before);

    const [first, second] = bought.json().map((transaction: { id: string }) => transaction.id);
    await owner.call('DELETE', '/api/transactions', { ids: [first] });
    expect((await owner.call('DELETE', `/api/assets/${held}`)).json().message).toBe(
      'HELD Inc. is used by 1 transaction: delete or move them first',
    );
    await owner.call('DELETE', '/api/transactions', { ids: [second] });
    expect((await owner.call('DELETE', '/api/assets', { ids: [idle, held, broker] })).json()).toEqual({
      message: '3 assets moved to the trash',
    });

    // The other way round: a transaction can't come back onto trashed assets, one or all.
    const one409 = await owner.call('POST', `/api/transactions/${first}/restore`);
    expect(one409.statusCode).toBe(409);
    expect(one409.json().message).toBe('HELD Inc., Trash broker are in the trash: restore them first');
    const all409 = await owner.call('POST', '/api/transactions/restore', { repository_id: repositoryId });
    expect(all409.statusCode).toBe(409);
    await owner.call('POST', `/api/assets/${broker}/restore`);
    expect((await owner.call('POST', `/api/transactions/${first}/restore`)).json().message).toBe(
      'HELD Inc. is in the trash: restore it first',
    );
    await owner.call('POST', `/api/assets/${held}/restore`);
    expect(
      (await owner.call('POST', '/api/transactions/restore', { repository_id: repositoryId })).json(),
    ).toEqual({
      message: '2 transactions restored',
    });
  });

  it('keeps pre-created accounts read-only', async () => {
    const list = (await owner.call('GET', `/api/assets?repository_id=${repositoryId}`)).json().data;
    const dividends = list.find((asset: { name: string }) => asset.name === 'Cash dividend');
    expect(dividends.is_readonly).toBe(true);
    expect((await owner.call('PUT', `/api/assets/${dividends.id}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await owner.call('DELETE', `/api/assets/${dividends.id}`)).statusCode).toBe(403);
  });

  it('lets a reader read but not write, and shows nothing to a stranger', async () => {
    const created = (await owner.call('POST', '/api/assets', stock('META'))).json();
    expect((await reader.call('GET', `/api/assets/${created.id}`)).statusCode).toBe(200);
    expect((await reader.call('PUT', `/api/assets/${created.id}`, { description: 'x' })).statusCode).toBe(
      403,
    );
    expect((await reader.call('POST', '/api/assets', stock('NOPE'))).statusCode).toBe(403);
    const hidden = await stranger.call('GET', `/api/assets/${created.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Asset not found');
    expect((await stranger.call('GET', `/api/assets?repository_id=${repositoryId}`)).statusCode).toBe(404);
  });

  it('serves the asset types with their list', async () => {
    const types = (await owner.call('GET', '/api/asset_types')).json();
    expect(types).toContainEqual({ type: 'currency', family: 'currency', group: 'instrument' });
    expect(types).toContainEqual({ type: 'trust', family: 'account', group: 'holding account' });
    expect(types).toContainEqual({ type: 'expense account', family: 'account', group: 'expense account' });
  });
});

describe('asset prices', () => {
  let assetId: string;
  beforeAll(async () => {
    assetId = (await owner.call('POST', '/api/assets', stock('PRC'))).json().id;
  });

  it('adds, lists in date order, edits and deletes manual and override prices, bumping the data version', async () => {
    const before = await dataVersion();
    const later = await owner.call('POST', '/api/asset_prices', {
      asset_id: assetId,
      date: '2026-02-03',
      close: '101.25',
    });
    expect(later.statusCode).toBe(201);
    expect(later.json()).toMatchObject({ date: '2026-02-03', close: '101.25', source: 'manual' });
    await owner.call('POST', '/api/asset_prices', {
      asset_id: assetId,
      date: '2026-02-02',
      close: 100,
      source: 'override',
    });
    const list = (await reader.call('GET', `/api/asset_prices?asset_id=${assetId}`)).json();
    expect(list.map((price: { date: string }) => price.date)).toEqual(['2026-02-02', '2026-02-03']);
    expect(await dataVersion()).toBeGreaterThanOrEqual(before + 2);

    const edited = await owner.call('PUT', `/api/asset_prices/${later.json().id}`, {
      close: '0.000000000000000001',
    });
    expect(edited.json().close).toBe('0.000000000000000001');
    expect((await owner.call('DELETE', `/api/asset_prices/${later.json().id}`)).json()).toEqual({
      message: 'Price for 2026-02-03 deleted',
    });
  });

  it("refuses a second user price on a day with the seed's message", async () => {
    await owner.call('POST', '/api/asset_prices', { asset_id: assetId, date: '2026-03-02', close: '5' });
    const again = await owner.call('POST', '/api/asset_prices', {
      asset_id: assetId,
      date: '2026-03-02',
      close: '6',
      source: 'override',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'A price for date: 2026-03-02 already exists. Edit that record if you want to change it.',
    );
  });

  it('validates date, close and source', async () => {
    const bad = await owner.call('POST', '/api/asset_prices', {
      asset_id: assetId,
      date: 'soon',
      close: null,
      source: 'connector',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fieldErrors).toEqual({
      date: ['Please enter a valid date'],
      close: ['Field is required'],
      source: ['Must be one of: manual, override'],
    });
  });

  it('refuses a list range bound that is no calendar day with a 400, not a database error', async () => {
    for (const bound of [
      'from=2023-02-30',
      'to=2023-13-01',
      'from=2023-00-10',
      'to=0000-01-01',
      'to=9999-99-99',
    ]) {
      const list = await owner.call('GET', `/api/asset_prices?asset_id=${assetId}&${bound}`);
      expect(list.statusCode, bound).toBe(400);
      expect(list.json().details.fieldErrors, bound).toEqual({
        [bound.split('=')[0] as string]: ['Please enter a valid date'],
      });
    }
    const leapDay = await owner.call(
      'GET',
      `/api/asset_prices?asset_id=${assetId}&from=2024-02-29&to=2024-03-01`,
    );
    expect(leapDay.statusCode).toBe(200);
  });

  it('keeps market prices out of reach of edits', async () => {
    const market = await t.app.db
      .insertInto('asset_prices')
      .values({
        repository_id: repositoryId,
        asset_id: assetId,
        date: '2026-04-01',
        close: '7',
        source: 'security master',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const edit = await owner.call('PUT', `/api/asset_prices/${market.id}`, { close: '8' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe('Only manual and override prices can be edited or deleted');
    expect((await owner.call('DELETE', `/api/asset_prices/${market.id}`)).statusCode).toBe(403);
  });

  it('lets a reader read only', async () => {
    expect(
      (await reader.call('POST', '/api/asset_prices', { asset_id: assetId, date: '2026-05-01', close: '1' }))
        .statusCode,
    ).toBe(403);
    expect((await stranger.call('GET', `/api/asset_prices?asset_id=${assetId}`)).statusCode).toBe(404);
  });
});

describe('tags', () => {
  it("is unique by name and value: 'A tag with this name already exists'", async () => {
    const first = await owner.call('POST', '/api/tags', {
      repository_id: repositoryId,
      tag_name: 'Region',
      tag_value: 'EU',
    });
    expect(first.statusCode).toBe(201);
    const again = await owner.call('POST', '/api/tags', {
      repository_id: repositoryId,
      tag_name: 'Region',
      tag_value: 'EU',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A tag with this name already exists');
    const empty = await owner.call('POST', '/api/tags', {
      repository_id: repositoryId,
      tag_name: '',
      tag_value: '',
    });
    expect(empty.json().details.fieldErrors).toEqual({
      tag_name: ['Field is required'],
      tag_value: ['Field is required'],
    });
  });

  it('keeps Category and Subcategory names fixed, and an account keeps its classification', async () => {
    const rename = await owner.call('PUT', `/api/tags/${cashTags.category}`, { tag_name: 'Kind' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().details.fieldErrors.tag_name).toEqual([
      'The name of a Category or Subcategory tag cannot be changed',
    ]);
    const revalue = await owner.call('PUT', `/api/tags/${cashTags.category}`, {
      tag_value: 'Cash & equivalents',
    });
    expect(revalue.json()).toMatchObject({ tag_name: 'Category', tag_value: 'Cash & equivalents' });
    // 'Checking' above carries it: the tag can't go while it classifies an account.
    expect((await owner.call('DELETE', `/api/tags/${cashTags.category}`)).statusCode).toBe(409);
  });

  it("puts tags on assets, one per name, with 'There is no such tag' for an unknown pair", async () => {
    const asset = (await owner.call('POST', '/api/assets', stock('TAGD'))).json();
    const eu = await tagId('Region', 'EU');
    const us = (
      await owner.call('POST', '/api/tags', {
        repository_id: repositoryId,
        tag_name: 'Region',
        tag_value: 'US',
      })
    ).json().id;
    const linked = await owner.call('POST', '/api/asset_tags', {
      asset_id: asset.id,
      tag_name: 'Region',
      tag_value: 'EU',
    });
    expect(linked.statusCode).toBe(201);
    expect(linked.json()).toMatchObject({
      asset_id: asset.id,
      tag_id: eu,
      tag_name: 'Region',
      tag_value: 'EU',
    });
    const second = await owner.call('POST', '/api/asset_tags', { asset_id: asset.id, tag_id: us });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('A tag with this name already exists');
    const unknown = await owner.call('POST', '/api/asset_tags', {
      asset_id: asset.id,
      tag_name: 'Region',
      tag_value: 'Mars',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.fieldErrors).toEqual({ tag: ['There is no such tag'] });

    const moved = await owner.call('PUT', `/api/asset_tags/${linked.json().id}`, { tag_id: us });
    expect(moved.json().tag_value).toBe('US');
    expect((await owner.call('GET', `/api/asset_tags?asset_id=${asset.id}`)).json()).toHaveLength(1);
    expect((await owner.call('GET', `/api/assets/${asset.id}`)).json().tags).toEqual([us]);
    expect((await owner.call('DELETE', `/api/asset_tags/${linked.json().id}`)).statusCode).toBe(200);
    const tags = (await owner.call('GET', `/api/tags?repository_id=${repositoryId}`)).json();
    expect(tags.find((tag: { id: string }) => tag.id === us).assets).toEqual([]);
  });

  it("won't take Category or Subcategory off an account", async () => {
    const account = (await owner.call('GET', `/api/asset_tags?repository_id=${repositoryId}`))
      .json()
      .find((link: { tag_id: string }) => link.tag_id === cashTags.subcategory);
    const response = await owner.call('DELETE', `/api/asset_tags/${account.id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fieldErrors.tags).toEqual(['Category and Subcategory are required']);
  });

  it('hides tags of other repositories', async () => {
    const other = await createRepositoryAs(stranger, 'Elsewhere');
    const theirs = (await stranger.call('GET', `/api/tags?repository_id=${other}`)).json()[0];
    expect((await owner.call('PUT', `/api/tags/${theirs.id}`, { tag_value: 'x' })).statusCode).toBe(404);
    const asset = (await owner.call('POST', '/api/assets', stock('XREPO'))).json();
    const cross = await owner.call('POST', '/api/asset_tags', { asset_id: asset.id, tag_id: theirs.id });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().details.fieldErrors).toEqual({ tag: ['There is no such tag'] });
  });
});
