import type { TImportProgress } from '@strata/contracts/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  anonymousCall,
  createRepositoryAs,
  createTestUser,
  shareRepository,
  type TTestUser,
  tagLookupAs,
} from '../repositories/testing/repository-test-kit.ts';
import { taskQueueOf } from '../tasks/index.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';
import { createTransactionsService } from './transactions.service.ts';
import { IMPORT_TASK_TYPE, importFileKey } from './transactions-import-task.ts';

let t: TIdentityTestApp;
let owner: TTestUser;
let reader: TTestUser;
let stranger: TTestUser;
let repositoryId: string;

const HEADER =
  'type,date,account1,amount1,asset1,account2,amount2,asset2,account3,account4,description,amount3,asset3,amount4,asset4';
const deposit = (day: number, amount = '100') =>
  `deposit,2026-01-${String(1 + (day % 28)).padStart(2, '0')},Bank,${amount},US Dollar,,,,,,Row ${day},,,,`;
/** More rows than two chunks (5000 each), so progress is reported more than once per phase. */
const ROWS = 10_001;
const bigCsv = () => [HEADER, ...Array.from({ length: ROWS }, (_, day) => deposit(day))].join('\r\n');

async function liveCount(): Promise<number> {
  const row = await t.app.db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('repository_id', '=', repositoryId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const runQueuedImports = () => t.app.jobs.runPending(taskQueueOf(IMPORT_TASK_TYPE));

beforeAll(async () => {
  // Jobs run only when a test calls runPending, so the task is seen before and after its work.
  t = await createTasksTestApp({ isWorker: false });
  owner = await createTestUser(t, 'import-owner@example.com');
  reader = await createTestUser(t, 'import-reader@example.com');
  stranger = await createTestUser(t, 'import-stranger@example.com');
  repositoryId = await createRepositoryAs(owner, 'Imports');
  await shareRepository(owner, reader, repositoryId, 1);
  const tag = await tagLookupAs(owner, repositoryId);
  const bank = await owner.call('POST', '/api/assets', {
    repository_id: repositoryId,
    type: 'bank account',
    name: 'Bank',
    currency: 'USD',
    tags: [tag('Category', 'Cash'), tag('Subcategory', 'Checking')],
  });
  expect(bank.statusCode).toBe(201);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('background transactions import', () => {
  it('checks, then writes, in chunks, reporting progress that only rises to the total', async () => {
    const service = createTransactionsService(t.app.db);
    const reports: TImportProgress[] = [];
    const report = async (progress: TImportProgress) => {
      reports.push(progress);
    };
    const checked = await service.checkImport({ id: owner.id }, repositoryId, bigCsv(), report);
    await t.app.db.transaction().execute((trx) => service.writeImport(trx, checked, report));

    expect(reports.map((progress) => progress.validated)).toEqual([0, 5000, 10_000, ROWS, ROWS, ROWS, ROWS]);
    expect(reports.map((progress) => progress.written)).toEqual([0, 0, 0, 0, 5000, 10_000, ROWS]);
    expect(new Set(reports.map((progress) => progress.total))).toEqual(new Set([ROWS]));
  }, 120_000);

  it('answers 202 with a waiting task; the worker ends it succeeded with progress and the created count', async () => {
    const before = await liveCount();
    const started = await owner.call('POST', '/api/transactions/import', {
      repository_id: repositoryId,
      csv: bigCsv(),
      background: true,
    });
    expect(started.statusCode).toBe(202);
    const task = started.json();
    expect(task).toMatchObject({ type: 'default', status: 'waiting', repository_id: repositoryId });
    expect(await t.app.fileStore.exists(importFileKey(task.id))).toBe(true);

    // Members of the repository follow it; nobody else sees it.
    const url = `/api/transactions/import/${task.id}`;
    expect((await reader.call('GET', url)).json()).toMatchObject({ id: task.id, status: 'waiting' });
    expect((await stranger.call('GET', url)).statusCode).toBe(404);
    expect((await anonymousCall(t)('GET', url)).statusCode).toBe(401);
    expect((await stranger.call('GET', '/api/tasks')).json()).toEqual([]);

    expect(await runQueuedImports()).toBe(1);
    const done = (await owner.call('GET', url)).json();
    expect(done).toMatchObject({
      status: 'succeeded',
      error: null,
      progress: { total: ROWS, validated: ROWS, written: ROWS },
      result: { message: `${ROWS} transactions imported`, created: ROWS },
    });
    expect(await liveCount()).toBe(before + ROWS);
    expect(await t.app.fileStore.exists(importFileKey(task.id))).toBe(false);
    expect((await stranger.call('GET', url)).statusCode).toBe(404);
  }, 120_000);

  it('streams the progress of both phases as events to a member, over real HTTP, ending with the import', async () => {
    const started = await owner.call('POST', '/api/transactions/import', {
      repository_id: repositoryId,
      csv: bigCsv(),
      background: true,
    });
    expect(started.statusCode).toBe(202);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/transactions/import/${started.json().id}/events`, {
      headers: { cookie: reader.browser.cookieHeader() },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader_ = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    // The opening comment means the stream is subscribed: only now may the job run.
    while (!text.includes(': following')) {
      const chunk = await reader_.read();
      if (chunk.done) throw new Error(`The stream ended before it opened: ${text}`);
      text += decoder.decode(chunk.value);
    }
    expect(await runQueuedImports()).toBe(1);
    for (;;) {
      const chunk = await reader_.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value);
    }
    const reports = [...text.matchAll(/^data: (\{.+\})$/gm)].map(
      (match) => JSON.parse(match[1] as string) as TImportProgress,
    );
    expect(reports.map((progress) => progress.written)).toEqual([0, 0, 0, 0, 5000, 10_000, ROWS]);
    expect(reports.at(-1)).toEqual({ total: ROWS, validated: ROWS, written: ROWS });
    expect(text.trimEnd().endsWith('event: end\ndata: {}')).toBe(true);

    const refused = await fetch(`${address}/api/transactions/import/${started.json().id}/events`, {
      headers: { cookie: stranger.browser.cookieHeader() },
    });
    expect(refused.status).toBe(404);
  }, 120_000);

  it('a bad row fails the task with the same row errors as the direct import, and writes nothing', async () => {
    const before = await liveCount();
    const csv = [HEADER, deposit(1), deposit(2, 'abc'), deposit(3), deposit(4, '')].join('\r\n');
    const direct = await owner.call('POST', '/api/transactions/import', { repository_id: repositoryId, csv });
    expect(direct.statusCode).toBe(400);
    const fieldErrors = direct.json().details.fieldErrors;
    expect(Object.keys(fieldErrors).some((key) => key.startsWith('line 3 '))).toBe(true);

    const started = await owner.call('POST', '/api/transactions/import', {
      repository_id: repositoryId,
      csv,
      background: true,
    });
    expect(started.statusCode).toBe(202);
    expect(await runQueuedImports()).toBe(1);
    const failed = (await owner.call('GET', `/api/transactions/import/${started.json().id}`)).json();
    expect(failed).toMatchObject({
      status: 'failed',
      error: direct.json().message,
      progress: { total: 4, validated: 4, written: 0 },
      result: { fieldErrors },
    });
    expect(await liveCount()).toBe(before);
  });

  it('a reader cannot start one, and an unknown id is 404', async () => {
    const refused = await reader.call('POST', '/api/transactions/import', {
      repository_id: repositoryId,
      csv: [HEADER, deposit(1)].join('\r\n'),
      background: true,
    });
    expect(refused.statusCode).toBe(403);
    const unknown = await owner.call('GET', `/api/transactions/import/${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Import not found');
  });
});
