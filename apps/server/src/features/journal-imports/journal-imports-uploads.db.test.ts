// A move-in whose journal goes to the file store by the house's upload (presigned POST → the local store's
// upload route, which streams it to disk) instead of a JSON string: over real HTTP (a listening server,
// fetch with the session cookie; the upload itself without one, as a browser posts to a store), the real
// local file store, the worker run by the test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TTask } from '@strata/contracts/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  shareRepository,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { taskQueueOf } from '../tasks/index.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';
import { createJournalUploads } from './journal-uploads.service.ts';
import { httpAs } from './testing/http-as.ts';

const FIXTURES = join(import.meta.dirname, '../../../../../packages/core/src/journals/fixtures');
const LEDGER = readFileSync(join(FIXTURES, 'portfolio.ledger'), 'utf8');
const TASK_QUEUE = taskQueueOf('journal_import');
/** Smaller than the fixture (2,831 bytes): only a journal's own, larger limit lets it through. */
const UPLOAD_MAX_BYTES = 1000;
const JOURNAL_UPLOAD_MAX_BYTES = 20_000;

let t: TIdentityTestApp;
let address: string;
let owner: TTestUser;
let writer: TTestUser;
let reader: TTestUser;
let stranger: TTestUser;

interface TTarget {
  url: string;
  fields: Record<string, string>;
  task_id: string;
}

const http = (user: TTestUser, method: string, url: string, body?: unknown) =>
  httpAs(address, user, method, url, body);

/** A browser's multipart POST to the target: the fields, then the file, and no session cookie. */
async function postFile(target: TTarget, body: string, name = 'portfolio.ledger'): Promise<Response> {
  const form = new FormData();
  for (const [field, value] of Object.entries(target.fields)) form.append(field, value);
  form.append('file', new Blob([body], { type: 'text/plain' }), name);
  return fetch(new URL(new URL(target.url).pathname, address), { method: 'POST', body: form });
}

async function uploadTarget(user: TTestUser, body: Record<string, unknown>): Promise<TTarget> {
  const made = await http(user, 'POST', '/api/journal_imports/uploads', body);
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  return made.json as TTarget;
}

async function taskOf(user: TTestUser, id: string): Promise<TTask> {
  const read = await http(user, 'GET', `/api/journal_imports/${id}`);
  expect(read.status).toBe(200);
  return read.json as TTask;
}

async function counts(repositoryId: string) {
  const [transactions, prices] = await Promise.all(
    ['transactions', 'asset_prices'].map((table) =>
      t.app.db
        .selectFrom(table as 'transactions')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('repository_id', '=', repositoryId)
        .executeTakeFirstOrThrow(),
    ),
  );
  return { transactions: Number(transactions?.count), prices: Number(prices?.count) };
}

async function repositoryNames(user: TTestUser): Promise<string[]> {
  return ((await http(user, 'GET', '/api/repositories')).json as unknown as { name: string }[]).map(
    (repository) => repository.name,
  );
}

beforeAll(async () => {
  t = await createTasksTestApp({
    isWorker: false,
    env: {
      UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES),
      JOURNAL_UPLOAD_MAX_BYTES: String(JOURNAL_UPLOAD_MAX_BYTES),
    },
  });
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await createTestUser(t, 'upload-owner@example.com');
  writer = await createTestUser(t, 'upload-writer@example.com');
  reader = await createTestUser(t, 'upload-reader@example.com');
  stranger = await createTestUser(t, 'upload-stranger@example.com');
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('a journal uploaded to the file store', () => {
  it('starts when its file arrives, imports it and deletes the file', async () => {
    const repositoryId = await createRepositoryAs(owner, 'Uploaded journal');
    const target = await uploadTarget(owner, { repository_id: repositoryId, format: 'ledger' });
    expect(target.fields.key).toBe(`uploads/journal/${target.task_id}`);
    expect(await taskOf(owner, target.task_id)).toMatchObject({ status: 'waiting', progress: null });
    // Nothing queued before the file is there.
    expect(await t.app.jobs.runPending(TASK_QUEUE)).toBe(0);

    expect((await postFile(target, LEDGER)).status).toBe(204);
    expect(await t.app.fileStore.exists(target.fields.key as string)).toBe(true);
    expect(await t.app.jobs.runPending(TASK_QUEUE)).toBe(1);
    const task = await taskOf(owner, target.task_id);
    expect(task.status, task.error ?? '').toBe('succeeded');
    expect(task.progress).toEqual({ stage: 'done', total: 13, written: 13 });
    expect(task.result).toMatchObject({
      message: '13 transactions imported',
      created: { accounts: 8, assets: 3, prices: 24, transactions: 13 },
    });
    expect(await counts(repositoryId)).toEqual({ transactions: 13, prices: 24 });
    expect(await t.app.fileStore.exists(target.fields.key as string)).toBe(false);
  }, 300_000);

  it('holds a preview_first upload: previews it, then imports it into a new repository once started', async () => {
    const name = 'Moved in by upload';
    const target = await uploadTarget(owner, {
      new_repository: { name, currency: 'USD' },
      format: 'ledger',
      preview_first: true,
    });
    // Before its file: nothing to preview or start.
    const early = await http(owner, 'POST', `/api/journal_imports/${target.task_id}/preview`);
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ message: 'The journal file has not been uploaded yet' });
    expect((await postFile(target, LEDGER)).status).toBe(204);
    // Stored, but held: the upload does not queue it.
    expect(await t.app.jobs.runPending(TASK_QUEUE)).toBe(0);

    const preview = await http(owner, 'POST', `/api/journal_imports/${target.task_id}/preview`);
    expect(preview.status).toBe(200);
    // The same answer as the JSON route's preview of the same text into a new repository.
    const byJson = await http(owner, 'POST', '/api/journal_imports/preview', {
      currency: 'USD',
      format: 'ledger',
      journal: LEDGER,
    });
    expect(preview.json).toEqual(byJson.json);
    expect(preview.json).toMatchObject({
      accounts: { create: 8 },
      prices: { create: 24 },
      transactions: { create: 13, existing: 0 },
    });
    // The preview reads the file and leaves it for the import; nothing is made.
    expect(await t.app.fileStore.exists(target.fields.key as string)).toBe(true);
    expect(await repositoryNames(owner)).not.toContain(name);

    const started = await http(owner, 'POST', `/api/journal_imports/${target.task_id}/start`, {
      skip_unmapped: false,
    });
    expect(started.status).toBe(202);
    expect(started.json).toMatchObject({ id: target.task_id, status: 'waiting' });
    const again = await http(owner, 'POST', `/api/journal_imports/${target.task_id}/start`, {});
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ message: 'This import has started already' });
    expect(await t.app.jobs.runPending(TASK_QUEUE)).toBe(1);
    const task = await taskOf(owner, target.task_id);
    expect(task.status, task.error ?? '').toBe('succeeded');
    expect(task.result).toMatchObject({ created: { transactions: 13, prices: 24 } });
    expect(await repositoryNames(owner)).toContain(name);
    expect(await counts(task.repository_id as string)).toEqual({ transactions: 13, prices: 24 });
  }, 300_000);

  it('allows a journal larger than other uploads, up to its own limit, keeping nothing past it', async () => {
    expect(LEDGER.length).toBeGreaterThan(UPLOAD_MAX_BYTES);
    const repositoryId = await createRepositoryAs(owner, 'Too large');
    const target = await uploadTarget(owner, { repository_id: repositoryId, format: 'ledger' });
    const tooLarge = await postFile(target, `${LEDGER}\n${';'.repeat(JOURNAL_UPLOAD_MAX_BYTES)}\n`);
    expect(tooLarge.status).toBe(413);
    expect(await t.app.fileStore.exists(target.fields.key as string)).toBe(false);
    expect((await taskOf(owner, target.task_id)).status).toBe('waiting');
    // The refused upload gave its target back: the file that fits goes in.
    expect((await postFile(target, LEDGER)).status).toBe(204);
    expect(await t.app.jobs.runPending(TASK_QUEUE)).toBe(1);
    expect((await taskOf(owner, target.task_id)).status).toBe('succeeded');
  }, 300_000);

  it('accepts each upload target once: a second POST is 403 and changes nothing', async () => {
    const repositoryId = await createRepositoryAs(owner, 'Posted twice');
    const target = await uploadTarget(owner, { repository_id: repositoryId, format: 'ledger' });
    expect((await postFile(target, LEDGER)).status).toBe(204);
    const replay = await postFile(target, '2024-01-02 other\n    Assets:Cash   1 USD\n    Equity:Opening\n');
    expect(replay.status).toBe(403);
    expect(await replay.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'This upload target has already been used; ask for a new one',
    });
    expect((await t.app.fileStore.get(target.fields.key as string))?.toString()).toBe(LEDGER);
    expect(await t.app.jobs.runPending(TASK_QUEUE)).toBe(1);
    expect(await counts(repositoryId)).toEqual({ transactions: 13, prices: 24 });
  }, 300_000);

  it('fails the task with a clear message when its file is gone, writing nothing', async () => {
    const repositoryId = await createRepositoryAs(owner, 'File gone');
    const target = await uploadTarget(owner, { repository_id: repositoryId, format: 'ledger' });
    expect((await postFile(target, LEDGER)).status).toBe(204);
    await t.app.fileStore.delete(target.fields.key as string);
    await t.app.jobs.runPending(TASK_QUEUE);
    const task = await taskOf(owner, target.task_id);
    expect(task.status).toBe('failed');
    expect(task.error).toBe(
      'The journal file was not found (it was never uploaded, or has expired): upload it again',
    );
    expect(await counts(repositoryId)).toEqual({ transactions: 0, prices: 0 });
  }, 300_000);
});

describe('an upload nobody uses', () => {
  /** The watcher's look once the upload can no longer be used (its job runs 75 min after the target). */
  const expire = (watch: { taskId: string; key: string }) =>
    createJournalUploads({
      db: t.app.db,
      tasks: t.app.tasks,
      fileStore: t.app.fileStore,
      jobs: t.app.jobs,
      maxBytes: JOURNAL_UPLOAD_MAX_BYTES,
      imports: { assertMayImportInto: async () => {}, previewFile: async () => ({}) as never },
    }).expireUpload(watch);

  it('ends a held upload never started, deleting its file; a started one is left to its task', async () => {
    const repositoryId = await createRepositoryAs(owner, 'Never started');
    const held = await uploadTarget(owner, {
      repository_id: repositoryId,
      format: 'ledger',
      preview_first: true,
    });
    expect((await postFile(held, LEDGER)).status).toBe(204);
    await expire({ taskId: held.task_id, key: held.fields.key as string });
    expect(await taskOf(owner, held.task_id)).toMatchObject({
      status: 'time_out',
      error: 'The import was not started in time',
    });
    expect(await t.app.fileStore.exists(held.fields.key as string)).toBe(false);
    const late = await http(owner, 'POST', `/api/journal_imports/${held.task_id}/start`, {});
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({ message: 'This import has ended: The import was not started in time' });

    const started = await uploadTarget(owner, {
      repository_id: repositoryId,
      format: 'ledger',
      preview_first: true,
    });
    expect((await postFile(started, LEDGER)).status).toBe(204);
    expect((await http(owner, 'POST', `/api/journal_imports/${started.task_id}/start`, {})).status).toBe(202);
    await expire({ taskId: started.task_id, key: started.fields.key as string });
    expect(await t.app.fileStore.exists(started.fields.key as string)).toBe(true);
    expect(await t.app.jobs.runPending(TASK_QUEUE)).toBe(1);
    expect((await taskOf(owner, started.task_id)).status).toBe('succeeded');
    expect(await counts(repositoryId)).toEqual({ transactions: 13, prices: 24 });
  }, 300_000);

  it('deletes the file of an upload aborted after its file came', async () => {
    const repositoryId = await createRepositoryAs(owner, 'Aborted upload');
    const target = await uploadTarget(owner, {
      repository_id: repositoryId,
      format: 'ledger',
      preview_first: true,
    });
    expect((await postFile(target, LEDGER)).status).toBe(204);
    const aborted = await owner.call('PATCH', `/api/tasks/${target.task_id}`, { status: 'aborted' });
    expect(aborted.statusCode, aborted.body).toBe(200);
    await expire({ taskId: target.task_id, key: target.fields.key as string });
    expect(await t.app.fileStore.exists(target.fields.key as string)).toBe(false);
    expect((await taskOf(owner, target.task_id)).status).toBe('aborted');
  }, 300_000);
});

describe('who may upload, preview and start', () => {
  it('checks the target on the server: a reader is 403, a stranger 404, a taken new name 409', async () => {
    const repositoryId = await createRepositoryAs(owner, 'Upload access');
    await shareRepository(owner, reader, repositoryId, 1);
    const body = { repository_id: repositoryId, format: 'ledger' };
    expect((await http(reader, 'POST', '/api/journal_imports/uploads', body)).status).toBe(403);
    expect((await http(stranger, 'POST', '/api/journal_imports/uploads', body)).status).toBe(404);
    const taken = await http(owner, 'POST', '/api/journal_imports/uploads', {
      new_repository: { name: 'upload ACCESS', currency: 'USD' },
      format: 'ledger',
    });
    expect(taken.status).toBe(409);
    const tasks = await t.app.db
      .selectFrom('tasks')
      .select('id')
      .where('type', '=', 'journal_import')
      .where('user_id', 'in', [reader.id, stranger.id])
      .execute();
    expect(tasks).toEqual([]);
  }, 300_000);

  it("answers 404 for another user's held upload, to members of its repository too", async () => {
    const repositoryId = await createRepositoryAs(owner, 'Held access');
    await shareRepository(owner, writer, repositoryId, 2);
    await shareRepository(owner, reader, repositoryId, 1);
    const target = await uploadTarget(owner, {
      repository_id: repositoryId,
      format: 'ledger',
      preview_first: true,
    });
    expect((await postFile(target, LEDGER)).status).toBe(204);
    for (const user of [writer, reader, stranger]) {
      for (const step of ['preview', 'start']) {
        const answer = await http(user, 'POST', `/api/journal_imports/${target.task_id}/${step}`, {});
        expect(answer.status, `${user.email} ${step}`).toBe(404);
        expect(answer.json).toEqual({ code: 'NOT_FOUND', message: 'Import not found' });
      }
    }
    // The owner who lost write access since the upload may no longer preview or start it.
    await t.app.db
      .updateTable('repositories')
      .set({ settings: JSON.stringify({ readonly: true }) })
      .where('id', '=', repositoryId)
      .execute();
    expect((await http(owner, 'POST', `/api/journal_imports/${target.task_id}/start`, {})).status).toBe(403);
    await t.app.db
      .updateTable('repositories')
      .set({ settings: JSON.stringify({}) })
      .where('id', '=', repositoryId)
      .execute();
    expect((await http(owner, 'POST', `/api/journal_imports/${target.task_id}/start`, {})).status).toBe(202);
    expect(await t.app.jobs.runPending(TASK_QUEUE)).toBe(1);
    expect(await counts(repositoryId)).toEqual({ transactions: 13, prices: 24 });
  }, 300_000);
});
