import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LINKED_DATA_MESSAGES } from '@strata/contracts/linked-data';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  shareRepository,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';

/** The shared statement corpus (its README says what each file is). */
const CORPUS = join(import.meta.dirname, '../../../../../../shared/corpus/ofx');
const corpusFile = (path: string) => readFileSync(join(CORPUS, path));

let t: TIdentityTestApp;
let baseUrl: string;
let owner: TTestUser;
let reader: TTestUser;
let stranger: TTestUser;
let repositoryId: string;

beforeAll(async () => {
  // The in-process worker, as `npm start` runs it: the loader's task runs with nothing else to call.
  t = await createTasksTestApp({ isWorker: true });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await createTestUser(t, 'linked-owner@example.com');
  reader = await createTestUser(t, 'linked-reader@example.com');
  stranger = await createTestUser(t, 'linked-stranger@example.com');
  repositoryId = await createRepositoryAs(owner, 'Linked');
  await shareRepository(owner, reader, repositoryId, 1);
});
afterAll(async () => {
  await t?.close();
});

/** POST file_upload (manual_sync), then the browser's multipart POST of the file to the answered target. */
async function uploadStatement(user: TTestUser, bytes: Uint8Array, name: string): Promise<string> {
  const target = await user.call('POST', '/api/file_upload', { type: 'manual_sync' });
  expect(target.statusCode, target.body).toBe(200);
  const { url, fields } = target.json() as { url: string; fields: Record<string, string> };
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
  const stored = await fetch(new URL(new URL(url).pathname, baseUrl), { method: 'POST', body: form });
  expect(stored.status).toBe(204);
  return fields.key as string;
}

async function taskOf(user: TTestUser, id: string) {
  const tasks = (await user.call('GET', '/api/tasks')).json() as { id: string; status: string }[];
  return tasks.find((task) => task.id === id) as Record<string, unknown> & { status: string };
}

async function finishedTask(user: TTestUser, id: string) {
  await vi.waitFor(
    async () => expect(['waiting', 'running']).not.toContain((await taskOf(user, id)).status),
    { timeout: 30_000, interval: 50 },
  );
  return taskOf(user, id);
}

async function load(
  bytes: Uint8Array,
  name: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown> & { status: string }> {
  const fileKey = await uploadStatement(owner, bytes, name);
  const started = await owner.call('POST', '/api/linked_data/connectors/manual', {
    repository_id: repositoryId,
    file_key: fileKey,
    ...body,
  });
  expect(started.statusCode, started.body).toBe(200);
  return finishedTask(owner, started.json().task_id);
}

describe('the manual loader', () => {
  let connectorId: string;
  let accountId: string;

  it('imports checking.ofx (OFX 1.x SGML): one account, 3 transactions summing -59.50', async () => {
    const task = await load(corpusFile('jseutter-ofxparse/checking.ofx'), 'checking.ofx', { loader: 'ofx' });
    expect(task.status, String(task.error)).toBe('succeeded');
    expect(task.result).toMatchObject({ added: 3, skipped_duplicate: 0, failed: 0 });
    connectorId = (task.result as { connector_id: string }).connector_id;

    const connectors = (
      await owner.call('GET', `/api/linked_data/connectors?repository_id=${repositoryId}`)
    ).json();
    expect(connectors).toEqual([
      expect.objectContaining({ id: connectorId, name: 'OFX file', access_method: 'manual', status: 'ok' }),
    ]);
    const accounts = (
      await owner.call('GET', `/api/linked_data/accounts?repository_id=${repositoryId}`)
    ).json();
    expect(accounts).toEqual([
      expect.objectContaining({
        connector_id: connectorId,
        number: '1452687~7',
        type: 'CHECKING',
        currency: 'USD',
        transactions_count: 3,
      }),
    ]);
    accountId = accounts[0].id;

    const page = await owner.call(
      'GET',
      `/api/linked_data/transactions?repository_id=${repositoryId}&sort=${encodeURIComponent(
        JSON.stringify([{ field: 'date', sortDirection: 'ascending' }]),
      )}`,
    );
    expect(page.statusCode, page.body).toBe(200);
    const { data, meta } = page.json() as { data: Record<string, unknown>[]; meta: Record<string, number> };
    expect(meta).toEqual({ page_size: 50, page_no: 1, total: 3 });
    expect(data.map((row) => [row.date, row.amount, row.type, row.fitid])).toEqual([
      ['2011-03-31', '0.01', 'CREDIT', '0000486'],
      ['2011-04-05', '-34.51', 'DEBIT', '0000487'],
      ['2011-04-07', '-25', 'CHECK', '0000488'],
    ]);
    const sumCents = data.reduce((sum, row) => sum + Math.round(Number(row.amount) * 100), 0);
    expect(sumCents).toBe(-5950);
    // The web sends core's sort model, whose direction reads 'descending'.
    const newest = await owner.call(
      'GET',
      `/api/linked_data/transactions?repository_id=${repositoryId}&sort=${encodeURIComponent(
        JSON.stringify([{ field: 'date', sortDirection: 'descending' }]),
      )}`,
    );
    expect((newest.json().data as { date: string }[]).map((row) => row.date)).toEqual([
      '2011-04-07',
      '2011-04-05',
      '2011-03-31',
    ]);
    expect(data[2]).toMatchObject({
      check_number: '319',
      counterparty: 'RETURNED CHECK FEE, CHECK # 319',
      description: 'RETURNED CHECK FEE, CHECK # 319 FOR $45.33 ON 04/07/11',
      connector_name: 'OFX file',
      account_number: '1452687~7',
      year: 2011,
      quarter: 2,
      month: 4,
      mapping_status: 'none',
    });

    const detail = await owner.call('GET', `/api/linked_data/transactions/${data[2]!.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().source).toMatchObject({ fitId: '0000488', amount: '-25', checkNumber: '319' });

    const searched = await owner.call(
      'GET',
      `/api/linked_data/transactions?repository_id=${repositoryId}&search=electric`,
    );
    expect(searched.json().data.map((row: { fitid: string }) => row.fitid)).toEqual(['0000487']);
  });

  it('adds nothing when the same file is loaded again into its connector, and records the skips', async () => {
    const task = await load(corpusFile('jseutter-ofxparse/checking.ofx'), 'checking.ofx', {
      loader: 'ofx',
      connector_id: connectorId,
    });
    expect(task.status, String(task.error)).toBe('succeeded');
    expect(task.result).toMatchObject({ added: 0, skipped_duplicate: 3, failed: 0 });
    const total = (
      await owner.call('GET', `/api/linked_data/transactions?repository_id=${repositoryId}`)
    ).json().meta.total;
    expect(total).toBe(3);
    const events = (await owner.call('GET', `/api/linked_data/accounts/${accountId}/sync_events`)).json();
    const one = await owner.call('GET', `/api/linked_data/events/${events[0].id}`);
    expect(one.json()).toEqual(events[0]);
    expect((await stranger.call('GET', `/api/linked_data/events/${events[0].id}`)).statusCode).toBe(404);
    expect(
      events.map((event: Record<string, unknown>) => [event.result, event.added, event.skipped_duplicate]),
    ).toEqual([
      ['success', 0, 3],
      ['success', 3, 0],
    ]);
  });

  it('marks an existing connector failed when a file for it cannot be read, and ok after a good load', async () => {
    const bad = await load(Buffer.from('<OFX><BANKMSGSRSV1>'), 'broken.ofx', {
      loader: 'ofx',
      connector_id: connectorId,
    });
    expect(bad.status).toBe('failed');
    const connectors = (
      await owner.call('GET', `/api/linked_data/connectors?repository_id=${repositoryId}`)
    ).json();
    expect(connectors.find((connector: { id: string }) => connector.id === connectorId)).toMatchObject({
      status: 'failed',
      status_message: bad.error,
    });
    const good = await load(corpusFile('jseutter-ofxparse/checking.ofx'), 'checking.ofx', {
      loader: 'ofx',
      connector_id: connectorId,
    });
    expect(good.result).toMatchObject({ added: 0, skipped_duplicate: 3 });
    const after = (
      await owner.call('GET', `/api/linked_data/connectors?repository_id=${repositoryId}`)
    ).json();
    expect(after.find((connector: { id: string }) => connector.id === connectorId)).toMatchObject({
      status: 'ok',
      status_message: null,
    });
  });

  it('imports fidelity-savings.ofx (cash of an investment statement, 4-decimal zero-padded amounts) exactly', async () => {
    const task = await load(corpusFile('jseutter-ofxparse/fidelity-savings.ofx'), 'fidelity.qfx', {
      loader: 'qfx',
    });
    expect(task.status, String(task.error)).toBe('succeeded');
    expect(task.result).toMatchObject({ added: 4, skipped_duplicate: 0, failed: 0 });
    const connector = (task.result as { connector_id: string }).connector_id;
    const [account] = (
      await owner.call(
        'GET',
        `/api/linked_data/accounts?repository_id=${repositoryId}&connector_id=${connector}`,
      )
    ).json();
    expect(account).toMatchObject({ number: 'X0000001', currency: 'USD', transactions_count: 4 });
    const page = await owner.call(
      'GET',
      `/api/linked_data/transactions?repository_id=${repositoryId}&linked_account_id=${account.id}`,
    );
    const amounts = (page.json().data as { amount: string }[]).map((row) => row.amount).sort();
    expect(amounts).toEqual(['-1500', '-197.1063', '-197.122', '115.8331']);
    // In units of 0.0001, so the sum is exact: -1500 + 115.8331 - 197.1063 - 197.1220.
    const sum = amounts.reduce((total, amount) => total + Math.round(Number(amount) * 10_000), 0);
    expect(sum).toBe(-17_783_952);
  });

  it('starts the task when the file arrives after its loader was given', async () => {
    const target = await owner.call('POST', '/api/file_upload', { type: 'manual_sync' });
    const { url, fields, task_id } = target.json() as {
      url: string;
      fields: Record<string, string>;
      task_id: string;
    };
    const started = await owner.call('POST', '/api/linked_data/connectors/manual', {
      repository_id: repositoryId,
      file_key: fields.key,
      loader: 'ofx',
      name: 'Loader first',
    });
    expect(started.json()).toEqual({ task_id });
    expect((await taskOf(owner, task_id)).status).toBe('waiting');
    const form = new FormData();
    for (const [field, value] of Object.entries(fields)) form.append(field, value);
    form.append('file', new Blob([corpusFile('jseutter-ofxparse/checking.ofx')]), 'checking.ofx');
    expect(
      (await fetch(new URL(new URL(url).pathname, baseUrl), { method: 'POST', body: form })).status,
    ).toBe(204);
    const task = await finishedTask(owner, task_id);
    expect(task.status, String(task.error)).toBe('succeeded');
    // A new connector: its account is new too, so all three are added again there.
    expect(task.result).toMatchObject({ added: 3, skipped_duplicate: 0 });
  });

  it('loads a CSV with its column mapping: data-payee-memo.csv, 4 rows summing -100', async () => {
    const csv = corpusFile('actualbudget-actual/data-payee-memo.csv');
    const csvProfile = {
      encoding: 'utf-8',
      headerRows: 1,
      dateFormat: 'YYYY-MM-DD',
      decimalSeparator: '.',
      thousandsSeparator: '',
      columns: { date: 'date', amount: 'amount', payee: 'payee', memo: 'notes' },
      account: { name: 'Actual checking' },
    };
    const withoutProfile = await owner.call('POST', '/api/linked_data/connectors/manual', {
      repository_id: repositoryId,
      file_key: await uploadStatement(owner, csv, 'data.csv'),
      loader: 'csv',
    });
    expect(withoutProfile.statusCode).toBe(400);
    expect(withoutProfile.json().message).toBe(LINKED_DATA_MESSAGES.CSV_NEEDS_PROFILE);

    const task = await load(csv, 'data.csv', { loader: 'csv', csv_profile: csvProfile });
    expect(task.status, String(task.error)).toBe('succeeded');
    expect(task.result).toMatchObject({ added: 4, skipped_duplicate: 0, failed: 0 });
    const [account] = (
      await owner.call(
        'GET',
        `/api/linked_data/accounts?repository_id=${repositoryId}&connector_id=${(task.result as { connector_id: string }).connector_id}`,
      )
    ).json();
    expect(account).toMatchObject({ name: 'Actual checking', transactions_count: 4 });
    const rows = (
      await owner.call(
        'GET',
        `/api/linked_data/transactions?repository_id=${repositoryId}&linked_account_id=${account.id}`,
      )
    ).json().data as { amount: string; counterparty: string | null; description: string | null }[];
    expect(rows.reduce((sum, row) => sum + Number(row.amount), 0)).toBe(-100);
    expect(rows.find((row) => row.amount === '-10')).toMatchObject({
      counterparty: 'Payee Name',
      description: 'Note Text',
    });
  });

  it('records rows that cannot be read as failed: fail_nice__date_missing.ofx has none readable', async () => {
    const task = await load(corpusFile('jseutter-ofxparse/fail_nice__date_missing.ofx'), 'bad-dates.ofx', {
      loader: 'ofx',
    });
    expect(task.status, String(task.error)).toBe('succeeded');
    expect(task.result).toMatchObject({ added: 0, skipped_duplicate: 0, failed: 3 });
    const { accounts } = task.result as { accounts: { linked_account_id: string }[] };
    expect(accounts).toHaveLength(1);
    const linked_account_id = accounts[0]?.linked_account_id;
    const [event] = (
      await owner.call('GET', `/api/linked_data/accounts/${linked_account_id}/sync_events`)
    ).json();
    expect(event).toMatchObject({ result: 'error', added: 0, failed: 3 });
    expect(event.message).toContain("'20120231'");
  });

  it('loads a QIF file without ids and skips its rows the second time by the fuzzy matcher', async () => {
    const qif = Buffer.from(
      [
        '!Type:Bank',
        'D01/02/2024',
        'T-12.50',
        'PCoffee Shop',
        '^',
        'D01/05/2024',
        'T1,000.00',
        'PSalary',
        '^',
        '',
      ].join('\n'),
    );
    const first = await load(qif, 'bank.qif', { loader: 'qif', name: 'My bank (QIF)' });
    expect(first.status, String(first.error)).toBe('succeeded');
    expect(first.result).toMatchObject({ added: 2, skipped_duplicate: 0 });
    const connector = (first.result as { connector_id: string }).connector_id;
    const again = await load(qif, 'bank.qif', { loader: 'qif', connector_id: connector });
    expect(again.result).toMatchObject({ added: 0, skipped_duplicate: 2 });
  });

  it('fails the task with a clear message for a file that holds no statement, and writes nothing', async () => {
    const before = (
      await owner.call('GET', `/api/linked_data/connectors?repository_id=${repositoryId}`)
    ).json().length;
    const empty = await load(corpusFile('jseutter-ofxparse/bank_small.ofx'), 'bank_small.ofx', {
      loader: 'ofx',
    });
    expect(empty.status).toBe('failed');
    expect(empty.error).toMatch(/statement/i);
    const refused = await load(corpusFile('jseutter-ofxparse/error_message.ofx'), 'error.ofx', {
      loader: 'ofx',
    });
    expect(refused.status).toBe('failed');
    expect(refused.error).toMatch(/General Server Error/);
    const notOfx = await load(Buffer.from('!Type:Bank\nD01/02/2024\nT-1\n^\n'), 'x.ofx', { loader: 'ofx' });
    expect(notOfx.status).toBe('failed');
    expect(notOfx.error).toBe('This file is not OFX: it looks like QIF; choose the QIF loader');
    const nothing = await load(Buffer.alloc(0), 'empty.ofx', { loader: 'ofx' });
    expect(nothing).toMatchObject({ status: 'failed', error: LINKED_DATA_MESSAGES.NOTHING_TO_IMPORT });
    const after = (
      await owner.call('GET', `/api/linked_data/connectors?repository_id=${repositoryId}`)
    ).json().length;
    expect(after).toBe(before);
  });

  it('refuses a file key that is not the caller’s, or given twice', async () => {
    const fileKey = await uploadStatement(owner, corpusFile('jseutter-ofxparse/checking.ofx'), 'c.ofx');
    const body = { repository_id: repositoryId, file_key: fileKey, loader: 'ofx' };
    const stolen = await stranger.call('POST', '/api/linked_data/connectors/manual', {
      ...body,
      repository_id: await createRepositoryAs(stranger, 'Theirs'),
    });
    expect(stolen.statusCode).toBe(404);
    const started = await owner.call('POST', '/api/linked_data/connectors/manual', body);
    expect(started.statusCode).toBe(200);
    await finishedTask(owner, started.json().task_id);
    const twice = await owner.call('POST', '/api/linked_data/connectors/manual', body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(LINKED_DATA_MESSAGES.UPLOAD_USED);
  });

  it('lets a read-only member read but not load; another repository’s user sees nothing', async () => {
    const list = await reader.call('GET', `/api/linked_data/transactions?repository_id=${repositoryId}`);
    expect(list.statusCode).toBe(200);
    expect((await reader.call('GET', `/api/linked_data/accounts/${accountId}`)).statusCode).toBe(200);
    const fileKey = await uploadStatement(reader, corpusFile('jseutter-ofxparse/checking.ofx'), 'c.ofx');
    const load = await reader.call('POST', '/api/linked_data/connectors/manual', {
      repository_id: repositoryId,
      file_key: fileKey,
      loader: 'ofx',
    });
    expect(load.statusCode).toBe(403);

    expect(
      (await stranger.call('GET', `/api/linked_data/transactions?repository_id=${repositoryId}`)).statusCode,
    ).toBe(404);
    expect((await stranger.call('GET', `/api/linked_data/accounts/${accountId}`)).statusCode).toBe(404);
    expect(
      (await stranger.call('GET', `/api/linked_data/accounts/${accountId}/sync_events`)).statusCode,
    ).toBe(404);
    const one = (
      await owner.call('GET', `/api/linked_data/transactions?repository_id=${repositoryId}`)
    ).json().data[0].id;
    expect((await stranger.call('GET', `/api/linked_data/transactions/${one}`)).statusCode).toBe(404);
  });

  it('renames a connector (writers only) and deletes it with its accounts and transactions', async () => {
    const qif = Buffer.from('!Type:Bank\nD03/04/2024\nT-7.00\nPBakery\n^\n');
    const task = await load(qif, 'gone.qif', { loader: 'qif', name: 'To delete' });
    const id = (task.result as { connector_id: string }).connector_id;
    expect(
      (await reader.call('PATCH', `/api/linked_data/connectors/${id}`, { name: 'Mine' })).statusCode,
    ).toBe(403);
    const renamed = await owner.call('PATCH', `/api/linked_data/connectors/${id}`, { name: '  Renamed  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id, name: 'Renamed' });
    expect((await reader.call('DELETE', `/api/linked_data/connectors/${id}`)).statusCode).toBe(403);
    const deleted = await owner.call('DELETE', `/api/linked_data/connectors/${id}`);
    expect(deleted.json()).toEqual({ message: LINKED_DATA_MESSAGES.CONNECTOR_DELETED });
    expect(
      (
        await owner.call('GET', `/api/linked_data/accounts?repository_id=${repositoryId}&connector_id=${id}`)
      ).json(),
    ).toEqual([]);
    const bakery = await owner.call(
      'GET',
      `/api/linked_data/transactions?repository_id=${repositoryId}&search=bakery`,
    );
    expect(bakery.json().meta.total).toBe(0);
    expect((await owner.call('DELETE', `/api/linked_data/connectors/${id}`)).statusCode).toBe(404);
  });

  it('answers 400 for a sort on a column that does not sort', async () => {
    const sort = encodeURIComponent(JSON.stringify([{ field: 'tags', sortDirection: 'ascending' }]));
    const response = await owner.call(
      'GET',
      `/api/linked_data/transactions?repository_id=${repositoryId}&sort=${sort}`,
    );
    expect(response.statusCode).toBe(400);
  });
});
