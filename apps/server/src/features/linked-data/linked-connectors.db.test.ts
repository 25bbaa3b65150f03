import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LINKED_CONNECTOR_MESSAGES } from '@strata/contracts/linked-connectors';
import { LINKED_DATA_MESSAGES } from '@strata/contracts/linked-data';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createAssetAs,
  createRepositoryAs,
  createTestUser,
  shareRepository,
  type TTestUser,
  tagLookupAs,
} from '../repositories/testing/repository-test-kit.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';
import { seedLinkedData } from './testing/linked-data-seed.ts';

const CORPUS = join(import.meta.dirname, '../../../../../../shared/corpus/ofx');

let t: TIdentityTestApp;
let baseUrl: string;
let owner: TTestUser;
let reader: TTestUser;
let stranger: TTestUser;
let home: string;
let second: string;

beforeAll(async () => {
  t = await createTasksTestApp({ isWorker: true });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await createTestUser(t, 'connect-owner@example.com');
  reader = await createTestUser(t, 'connect-reader@example.com');
  stranger = await createTestUser(t, 'connect-stranger@example.com');
  home = await createRepositoryAs(owner, 'Home');
  second = await createRepositoryAs(owner, 'Second');
  await shareRepository(owner, reader, home, 1);
});
afterAll(async () => {
  await t?.close();
});

const connectorsOf = async (user: TTestUser, repositoryId: string) =>
  (await user.call('GET', `/api/linked_data/connectors?repository_id=${repositoryId}`)).json() as {
    id: string;
    name: string;
    repositories: { id: string; name: string }[];
  }[];

async function loadFile(bytes: Uint8Array, body: Record<string, unknown>) {
  const target = await owner.call('POST', '/api/file_upload', { type: 'manual_sync' });
  const { url, fields } = target.json() as { url: string; fields: Record<string, string> };
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'statement');
  expect((await fetch(new URL(new URL(url).pathname, baseUrl), { method: 'POST', body: form })).status).toBe(
    204,
  );
  const started = await owner.call('POST', '/api/linked_data/connectors/manual', {
    file_key: fields.key,
    ...body,
  });
  if (started.statusCode !== 200) return { statusCode: started.statusCode, body: started.json() };
  const taskId = started.json().task_id as string;
  const taskOf = async () =>
    ((await owner.call('GET', '/api/tasks')).json() as { id: string; status: string }[]).find(
      (task) => task.id === taskId,
    ) as Record<string, unknown> & { status: string };
  await vi.waitFor(async () => expect(['waiting', 'running']).not.toContain((await taskOf()).status), {
    timeout: 30_000,
    interval: 50,
  });
  return { statusCode: 200, task: await taskOf() };
}

describe('connectors', () => {
  it('makes a file connector; a provider kind is not available; writers only', async () => {
    const made = await owner.call('POST', '/api/linked_data/connectors', {
      repository_id: home,
      name: ' My bank (OFX) ',
      access_method: 'file',
      source: 'ofx',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      repository_id: home,
      name: 'My bank (OFX)',
      access_method: 'file',
      status: 'pending',
      status_message: null,
      source: 'ofx',
      logo: null,
      repositories: [{ id: home, name: 'Home' }],
    });
    const provider = await owner.call('POST', '/api/linked_data/connectors', {
      repository_id: home,
      name: 'Plaid',
      access_method: 'plaid',
    });
    expect(provider.statusCode).toBe(400);
    expect(provider.json().message).toBe('Connector not available');
    const body = { repository_id: home, name: 'X', access_method: 'manual' };
    expect((await reader.call('POST', '/api/linked_data/connectors', body)).statusCode).toBe(403);
    expect((await stranger.call('POST', '/api/linked_data/connectors', body)).statusCode).toBe(404);

    // Its import: an OFX connector takes .ofx and .qfx, nothing loaded yet.
    const importOf = await reader.call('GET', `/api/linked_data/connectors/${made.json().id}/import`);
    expect(importOf.statusCode, importOf.body).toBe(200);
    expect(importOf.json()).toEqual({
      connector_id: made.json().id,
      loader: 'ofx',
      accept: ['.ofx', '.qfx'],
      csv_profile_id: null,
      upload_type: 'manual_sync',
      last_event: null,
    });
    expect(
      (await stranger.call('GET', `/api/linked_data/connectors/${made.json().id}/import`)).statusCode,
    ).toBe(404);
  });

  it('shares a connector into another repository; each repository sees only its accounts; deleting a shared one needs the flag', async () => {
    const { connectorId, accountId } = await seedLinkedData(t.app.db, home);
    const shared = await owner.call('POST', `/api/linked_data/connectors/${connectorId}/map_repository`, {
      repository_id: second,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().repositories).toEqual([
      { id: home, name: 'Home' },
      { id: second, name: 'Second' },
    ]);
    const again = await owner.call('POST', `/api/linked_data/connectors/${connectorId}/map_repository`, {
      repository_id: second,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(LINKED_CONNECTOR_MESSAGES.ALREADY_SHARED);
    // The reader is not a member of Second: its name is not shown to them, and they cannot share.
    const seenByReader = (await connectorsOf(reader, home)).find((c) => c.id === connectorId);
    expect(seenByReader?.repositories).toEqual([{ id: home, name: 'Home' }]);
    expect(
      (
        await reader.call('POST', `/api/linked_data/connectors/${connectorId}/map_repository`, {
          repository_id: second,
        })
      ).statusCode,
    ).toBe(403);
    expect((await connectorsOf(owner, second)).map((c) => c.id)).toContain(connectorId);

    // The account goes to Second with its transaction; Home no longer lists either.
    const moved = await owner.call('PUT', '/api/linked_data/accounts', [
      { id: accountId, repository_id: second, name: 'Joint checking' },
    ]);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual([
      expect.objectContaining({
        id: accountId,
        repository_id: second,
        name: 'Joint checking',
        transactions_count: 1,
      }),
    ]);
    const inSecond = (
      await owner.call('GET', `/api/linked_data/transactions?repository_id=${second}`)
    ).json();
    expect(inSecond.data.map((row: { counterparty: string }) => row.counterparty)).toEqual(['Coffee']);
    expect((await owner.call('GET', `/api/linked_data/accounts?repository_id=${home}`)).json()).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ id: accountId })]),
    );
    expect((await reader.call('GET', `/api/linked_data/accounts/${accountId}`)).statusCode).toBe(404);
    const third = await createRepositoryAs(owner, 'Third');
    // A batch is checked whole before anything is written: the rename of its first item does not happen.
    const outside = await owner.call('PUT', '/api/linked_data/accounts', [
      { id: accountId, name: 'Renamed in vain' },
      { id: accountId, repository_id: third },
    ]);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().details.fieldErrors).toEqual({
      '1.repository_id': [LINKED_CONNECTOR_MESSAGES.NOT_IN_CONNECTOR_REPOSITORIES],
    });
    expect((await owner.call('GET', `/api/linked_data/accounts/${accountId}`)).json().name).toBe(
      'Joint checking',
    );

    // A writer of Second only: sees the connector there (and not Home's name), reads its import, but the
    // connector is Home's to rename and delete.
    const secondWriter = await createTestUser(t, 'connect-second-writer@example.com');
    await shareRepository(owner, secondWriter, second, 2);
    const seenInSecond = (await connectorsOf(secondWriter, second)).find((c) => c.id === connectorId);
    expect(seenInSecond?.repositories).toEqual([{ id: second, name: 'Second' }]);
    expect(
      (await secondWriter.call('GET', `/api/linked_data/connectors/${connectorId}/import`)).statusCode,
    ).toBe(200);
    expect(
      (await secondWriter.call('PATCH', `/api/linked_data/connectors/${connectorId}`, { name: 'Mine' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await secondWriter.call('DELETE', `/api/linked_data/connectors/${connectorId}?has_permission=true`))
        .statusCode,
    ).toBe(403);
    expect((await secondWriter.call('GET', `/api/linked_data/accounts/${accountId}`)).statusCode).toBe(200);

    const warned = await owner.call('DELETE', `/api/linked_data/connectors/${connectorId}`);
    expect(warned.statusCode).toBe(409);
    expect(warned.json().message).toBe(
      'This connector is shared with 1 other repository: deleting it removes it from all of them. Send has_permission=true to delete it',
    );
    expect(
      (await reader.call('DELETE', `/api/linked_data/connectors/${connectorId}?has_permission=true`))
        .statusCode,
    ).toBe(403);
    const deleted = await owner.call(
      'DELETE',
      `/api/linked_data/connectors/${connectorId}?has_permission=true`,
    );
    expect(deleted.json()).toEqual({ message: LINKED_DATA_MESSAGES.CONNECTOR_DELETED });
    expect((await connectorsOf(owner, second)).map((c) => c.id)).not.toContain(connectorId);
    expect(
      (await owner.call('GET', `/api/linked_data/transactions?repository_id=${second}`)).json().meta.total,
    ).toBe(0);
  });
});

describe('linked accounts and the repository accounts', () => {
  it('maps a linked account to an account: the asset answers its linked account and connector status', async () => {
    const { accountId } = await seedLinkedData(t.app.db, home);
    const tag = await tagLookupAs(owner, home);
    const bank = await createAssetAs(owner, home, {
      type: 'bank account',
      name: 'Main bank',
      currency: 'USD',
      tags: [tag('Category', 'Investments'), tag('Subcategory', 'Brokerage')],
    });
    const stock = await createAssetAs(owner, home, {
      type: 'stock',
      name: 'Apple',
      ticker: 'AAPL',
      currency: 'USD',
    });

    const refused = await owner.call('PUT', '/api/linked_data/accounts/map', {
      id: accountId,
      asset_id: stock,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.fieldErrors).toEqual({
      asset_id: [LINKED_CONNECTOR_MESSAGES.NOT_AN_ACCOUNT],
    });
    expect(
      (await reader.call('PUT', '/api/linked_data/accounts/map', { id: accountId, asset_id: bank }))
        .statusCode,
    ).toBe(403);

    const mapped = await owner.call('PUT', '/api/linked_data/accounts/map', {
      id: accountId,
      asset_id: bank,
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json()).toMatchObject({ id: accountId, asset_id: bank });
    expect((await owner.call('GET', `/api/assets/${bank}`)).json()).toMatchObject({
      linked_account_id: accountId,
      connector_status: 'ok',
      connector_status_message: null,
    });
    // The linked list filters by the repository's account.
    const byAsset = await owner.call(
      'GET',
      `/api/linked_data/transactions?repository_id=${home}&asset_id=${bank}`,
    );
    expect(byAsset.json().meta.total).toBe(1);

    const other = await seedLinkedData(t.app.db, home);
    const taken = await owner.call('PUT', '/api/linked_data/accounts/map', {
      id: other.accountId,
      asset_id: bank,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(LINKED_CONNECTOR_MESSAGES.ASSET_ALREADY_LINKED);

    const unmapped = await owner.call('PUT', '/api/linked_data/accounts/map', {
      id: accountId,
      asset_id: null,
    });
    expect(unmapped.json().asset_id).toBeNull();
    const list = (await owner.call('GET', `/api/assets?repository_id=${home}`)).json().data;
    expect(list.find((asset: { id: string }) => asset.id === bank)).toMatchObject({
      linked_account_id: null,
      connector_status: null,
      connector_status_message: null,
    });
  });

  it('makes a linked account one of the repository accounts (repository_link), with the assets’ rules', async () => {
    const { accountId } = await seedLinkedData(t.app.db, home);
    const noTags = await owner.call('PUT', '/api/linked_data/accounts/repository_link', {
      id: accountId,
      asset: { type: 'bank account' },
    });
    expect(noTags.statusCode).toBe(400);
    expect(Object.keys(noTags.json().details.fieldErrors)).toEqual(['asset.tags']);
    const tag = await tagLookupAs(owner, home);
    const linked = await owner.call('PUT', '/api/linked_data/accounts/repository_link', {
      id: accountId,
      asset: {
        type: 'bank account',
        tags: [tag('Category', 'Investments'), tag('Subcategory', 'Brokerage')],
      },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const { asset, linked_account } = linked.json();
    // Name and currency come from the linked account (the seed's 'Checking', USD).
    expect(asset).toMatchObject({
      name: 'Checking',
      currency: 'USD',
      type: 'bank account',
      linked_account_id: accountId,
      connector_status: 'ok',
    });
    expect(linked_account).toMatchObject({ id: accountId, asset_id: asset.id });
    const twice = await owner.call('PUT', '/api/linked_data/accounts/repository_link', {
      id: accountId,
      asset: {
        type: 'bank account',
        name: 'Again',
        tags: [tag('Category', 'Investments'), tag('Subcategory', 'Brokerage')],
      },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(LINKED_CONNECTOR_MESSAGES.ACCOUNT_ALREADY_MAPPED);
  });
});

describe('saved CSV profiles', () => {
  const profile = {
    encoding: 'utf-8',
    headerRows: 1,
    dateFormat: 'YYYY-MM-DD',
    decimalSeparator: '.',
    thousandsSeparator: '',
    columns: { date: 'date', amount: 'amount', payee: 'payee', memo: 'notes' },
    account: { name: 'Actual checking' },
  };

  it('saves a profile once and loads a bank CSV with it; lists, renames and deletes', async () => {
    const saved = await owner.call('POST', '/api/linked_data/csv_profiles', {
      repository_id: home,
      name: 'Actual export',
      profile,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json().id as string;
    expect(saved.json()).toMatchObject({
      repository_id: home,
      name: 'Actual export',
      profile: { dateFormat: 'YYYY-MM-DD' },
    });
    const twin = await owner.call('POST', '/api/linked_data/csv_profiles', {
      repository_id: home,
      name: 'ACTUAL EXPORT',
      profile,
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toBe(LINKED_CONNECTOR_MESSAGES.PROFILE_NAME_TAKEN);
    expect(
      (
        await reader.call('POST', '/api/linked_data/csv_profiles', {
          repository_id: home,
          name: 'R',
          profile,
        })
      ).statusCode,
    ).toBe(403);
    const listed = await reader.call('GET', `/api/linked_data/csv_profiles?repository_id=${home}`);
    expect(listed.json().map((row: { name: string }) => row.name)).toEqual(['Actual export']);
    expect(
      (await stranger.call('GET', `/api/linked_data/csv_profiles?repository_id=${home}`)).statusCode,
    ).toBe(404);

    const csv = readFileSync(join(CORPUS, 'actualbudget-actual/data-payee-memo.csv'));
    const both = await loadFile(csv, {
      repository_id: home,
      loader: 'csv',
      csv_profile_id: id,
      csv_profile: profile,
    });
    expect(both.statusCode).toBe(400);
    expect(both.body.message).toBe(LINKED_CONNECTOR_MESSAGES.PROFILE_TWICE);
    const elsewhere = await loadFile(csv, { repository_id: second, loader: 'csv', csv_profile_id: id });
    expect(elsewhere.statusCode).toBe(404);
    const loaded = await loadFile(csv, {
      repository_id: home,
      loader: 'csv',
      csv_profile_id: id,
      name: 'Actual',
    });
    expect(loaded.task?.status, String(loaded.task?.error)).toBe('succeeded');
    expect(loaded.task?.result).toMatchObject({ added: 4, skipped_duplicate: 0, failed: 0 });
    const connectorId = (loaded.task?.result as { connector_id: string } | undefined)?.connector_id as string;
    // The connector's next file: its import offers the same loader and saved profile.
    const importOf = (await owner.call('GET', `/api/linked_data/connectors/${connectorId}/import`)).json();
    expect(importOf).toMatchObject({ loader: 'csv', accept: ['.csv'], csv_profile_id: id });
    expect(importOf.last_event).toMatchObject({ result: 'success', added: 4 });
    const next = await loadFile(csv, {
      repository_id: home,
      loader: 'csv',
      csv_profile_id: importOf.csv_profile_id,
      connector_id: connectorId,
    });
    expect(next.task?.result).toMatchObject({ added: 0, skipped_duplicate: 4 });

    const renamed = await owner.call('PUT', `/api/linked_data/csv_profiles/${id}`, {
      name: 'Actual (YYYY-MM-DD)',
      profile: { ...profile, dateFormat: 'DD/MM/YYYY' },
    });
    expect(renamed.json()).toMatchObject({
      name: 'Actual (YYYY-MM-DD)',
      profile: { dateFormat: 'DD/MM/YYYY' },
    });
    expect((await reader.call('DELETE', `/api/linked_data/csv_profiles/${id}`)).statusCode).toBe(403);
    expect((await owner.call('DELETE', `/api/linked_data/csv_profiles/${id}`)).json()).toEqual({
      message: LINKED_CONNECTOR_MESSAGES.PROFILE_DELETED,
    });
    expect((await owner.call('DELETE', `/api/linked_data/csv_profiles/${id}`)).statusCode).toBe(404);
    // A deleted profile is no longer offered.
    expect(
      (await owner.call('GET', `/api/linked_data/connectors/${connectorId}/import`)).json().csv_profile_id,
    ).toBeNull();
  });
});

describe('DELETE linked_data/connectors/{id}/map_repository: unsharing without deleting', () => {
  it("gives the accounts back to the connector's home with what they hold; only writers may", async () => {
    const homeU = await createRepositoryAs(owner, 'Unshare home');
    const other = await createRepositoryAs(owner, 'Unshare other');
    await shareRepository(owner, reader, homeU, 1);
    const { connectorId, accountId, transactionId } = await seedLinkedData(t.app.db, homeU);
    // An Apple position and a ledger balance, as an investment statement's load leaves them in Home.
    const security = await t.app.db
      .insertInto('linked_securities')
      .values({
        repository_id: homeU,
        unique_id: '037833100',
        id_type: 'CUSIP',
        kind: 'stock',
        name: 'Apple',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('linked_positions')
      .values({
        repository_id: homeU,
        linked_account_id: accountId,
        security_id: security.id,
        as_of_date: '2026-01-31',
        quantity: '10',
        source: JSON.stringify({ units: '10' }),
      })
      .execute();
    await t.app.db
      .insertInto('linked_balances')
      .values({
        repository_id: homeU,
        linked_account_id: accountId,
        kind: 'ledger',
        amount: '987.65',
        as_of_date: '2026-01-31',
      })
      .execute();

    // Shared into Other, the account is given to Other, and tagged there with Other's tag 'Trip'.
    const unshare = (user: TTestUser, repositoryId: string) =>
      user.call(
        'DELETE',
        `/api/linked_data/connectors/${connectorId}/map_repository?repository_id=${repositoryId}`,
      );
    expect((await unshare(owner, other)).json().message).toBe(LINKED_CONNECTOR_MESSAGES.NOT_SHARED);
    await owner.call('POST', `/api/linked_data/connectors/${connectorId}/map_repository`, {
      repository_id: other,
    });
    expect(
      (await owner.call('PUT', '/api/linked_data/accounts', [{ id: accountId, repository_id: other }]))
        .statusCode,
    ).toBe(200);
    const trip = (
      await owner.call('POST', '/api/linked_data/transaction_tags', { repository_id: other, name: 'Trip' })
    ).json().id as string;
    const tagged = await owner.call('PUT', `/api/linked_data/transactions?repository_id=${other}`, [
      { id: transactionId, add_tags: [trip] },
    ]);
    expect(tagged.statusCode, tagged.body).toBe(200);

    expect((await unshare(reader, other)).statusCode).toBe(403);
    expect((await unshare(stranger, other)).statusCode).toBe(404);
    const atHome = await unshare(owner, homeU);
    expect(atHome.statusCode).toBe(400);
    expect(atHome.json().details.fieldErrors).toEqual({
      repository_id: [LINKED_CONNECTOR_MESSAGES.HOME_REPOSITORY],
    });

    const unshared = await unshare(owner, other);
    expect(unshared.statusCode, unshared.body).toBe(200);
    expect(unshared.json().repositories).toEqual([{ id: homeU, name: 'Unshare home' }]);
    expect((await connectorsOf(owner, other)).map((c) => c.id)).not.toContain(connectorId);
    expect((await owner.call('GET', `/api/linked_data/accounts/${accountId}`)).json()).toMatchObject({
      repository_id: homeU,
      transactions_count: 1,
    });
    // The transaction is back in Home, its tag now Home's 'Trip' (made there), not Other's.
    const list = (await reader.call('GET', `/api/linked_data/transactions?repository_id=${homeU}`)).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ counterparty: 'Coffee', amount: '-12.5' });
    expect(list.data[0].tags.map((tag: { name: string }) => tag.name)).toEqual(['Trip']);
    expect(list.data[0].tags[0].id).not.toBe(trip);
    const homeTags = (
      await owner.call('GET', `/api/linked_data/transaction_tags?repository_id=${homeU}`)
    ).json();
    expect(homeTags.map((tag: { id: string }) => tag.id)).toContain(list.data[0].tags[0].id);
    // The position went to Other and came back to Home's own Apple security; the balance followed.
    const positions = (
      await reader.call(
        'GET',
        `/api/linked_data/positions?repository_id=${homeU}&filters=${encodeURIComponent('{"groups":[]}')}`,
      )
    ).json();
    expect(positions.data).toEqual([
      expect.objectContaining({ security_id: security.id, description: 'Apple', quantity: '10' }),
    ]);
    expect(
      (await reader.call('GET', `/api/linked_data/accounts/${accountId}/balances`)).json(),
    ).toMatchObject([{ kind: 'ledger', amount: '987.65', as_of_date: '2026-01-31' }]);
    expect(
      (await owner.call('GET', `/api/linked_data/transactions?repository_id=${other}`)).json().meta.total,
    ).toBe(0);
    expect((await unshare(owner, other)).statusCode).toBe(404);

    // A writer of the repository it was shared into (and of no other) may stop receiving it.
    const otherWriter = await createTestUser(t, 'connect-unshare-writer@example.com');
    await shareRepository(owner, otherWriter, other, 2);
    await owner.call('POST', `/api/linked_data/connectors/${connectorId}/map_repository`, {
      repository_id: other,
    });
    const left = await unshare(otherWriter, other);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().repositories).toEqual([]);
  });
});
