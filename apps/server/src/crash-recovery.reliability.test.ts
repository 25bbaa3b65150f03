import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresTestDatabaseUrl } from '@strata/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  runAdmin,
  startServerProcess,
  type TServerProcess,
  type TServerSetup,
} from './testing/server-process.ts';

// Issue #17.6 and the crash part of the reliability suite: the real server, killed with SIGKILL in the
// middle of an import, then started again on the same data. Whatever the import had done is all there or
// not at all, and its task says it failed (it stayed `running` for ever before), with counts that are true.
const WORKER_STOPPED =
  'The task stopped before it finished: the server running it ended (a crash or restart) or it ran past its time limit. Nothing of it was kept; start it again.';
const ROWS = 50_000;
const HEADER =
  'type,date,account1,amount1,asset1,account2,amount2,asset2,account3,account4,description,amount3,asset3,amount4,asset4';
const csv = [
  HEADER,
  ...Array.from(
    { length: ROWS },
    (_, row) =>
      `deposit,2026-01-${String(1 + (row % 28)).padStart(2, '0')},Bank,100,US Dollar,,,,,,Row ${row},,,,`,
  ),
].join('\r\n');

let setup: TServerSetup;
let dropDatabase = async () => {};
let server: TServerProcess | undefined;
let cookie = '';
let repositoryId = '';

async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server?.baseUrl}/api${path}`, {
    method,
    headers: {
      cookie,
      origin: server?.baseUrl ?? '',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function ok<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await api<T>(method, path, body);
  if (response.status >= 300)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

interface TTaskView {
  id: string;
  status: string;
  error: string | null;
  progress: Record<string, number> | null;
  result: Record<string, unknown> | null;
}

/** Polls the caller's task until it is no longer waiting or running (the server may take a sweep to see it). */
async function settledTask(id: string): Promise<TTaskView> {
  let task: TTaskView | undefined;
  for (let attempt = 0; attempt < 600; attempt += 1) {
    task = (await ok<TTaskView[]>('GET', '/tasks')).find((candidate) => candidate.id === id);
    if (task && task.status !== 'waiting' && task.status !== 'running') return task;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`task ${id} did not settle: ${JSON.stringify(task)}`);
}

async function transactionCount(): Promise<number> {
  const page = await ok<{ meta: { total: number } }>(
    'GET',
    `/transactions?repository_id=${repositoryId}&page_size=1`,
  );
  return page.meta.total;
}

/**
 * Reads the import's events stream until `isThere(progress)`; answers that progress. The stream relays the
 * worker's reports as they happen, on both databases (on PGlite the task row cannot be read meanwhile).
 */
async function progressUntil(
  taskId: string,
  isThere: (progress: Record<string, number>) => boolean,
): Promise<Record<string, number>> {
  const response = await fetch(`${server?.baseUrl}/api/transactions/import/${taskId}/events`, {
    headers: { cookie, origin: server?.baseUrl ?? '' },
  });
  if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of response.body) {
    buffered += decoder.decode(chunk, { stream: true });
    for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
      const event = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (event.startsWith('event: end')) throw new Error('the import ended before it was killed');
      if (event.startsWith('data: ')) {
        const progress = JSON.parse(event.slice('data: '.length)) as Record<string, number>;
        if (isThere(progress)) {
          await response.body.cancel().catch(() => {});
          return progress;
        }
      }
    }
  }
  throw new Error('the events stream ended');
}

async function restart(): Promise<void> {
  server = await startServerProcess(setup);
}

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'strata-crash-'));
  let databaseUrl = '';
  if (process.env.STRATA_TEST_DB === 'postgres') {
    const database = await createPostgresTestDatabaseUrl();
    databaseUrl = database.url;
    dropDatabase = database.drop;
  }
  setup = { dataDir, databaseUrl, port: await freePort() };
  // The operator's way in: the user exists before the server starts (on PGlite the server must be stopped).
  runAdmin(setup, ['create-user', '--email', 'crash@example.com', '--password', 'crash-test-pass-1']);
  await restart();
  const signIn = await fetch(`${server?.baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server?.baseUrl ?? '' },
    body: JSON.stringify({ email: 'crash@example.com', password: 'crash-test-pass-1' }),
  });
  expect(signIn.status).toBe(200);
  cookie = signIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  repositoryId = (await ok<{ id: string }>('POST', '/repositories', { name: 'Crash', currency: 'USD' })).id;
  await ok('POST', `/repositories/${repositoryId}/initialize`);
  const tags = await ok<Array<{ id: string; tag_name: string; tag_value: string }>>(
    'GET',
    `/tags?repository_id=${repositoryId}`,
  );
  const tag = (name: string, value: string) =>
    tags.find((candidate) => candidate.tag_name === name && candidate.tag_value === value)?.id;
  await ok('POST', '/assets', {
    repository_id: repositoryId,
    type: 'bank account',
    name: 'Bank',
    currency: 'USD',
    tags: [tag('Category', 'Cash'), tag('Subcategory', 'Checking')],
  });
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await dropDatabase();
  if (setup) await rm(setup.dataDir, { recursive: true, force: true });
});

describe('kill -9 during an import, then a restart', () => {
  it('a 50,000-row CSV import killed while writing: no row kept, the task failed, 0 written', async () => {
    const started = await api<TTaskView>('POST', '/transactions/import', {
      repository_id: repositoryId,
      csv,
      background: true,
    });
    expect(started.status).toBe(202);
    const taskId = started.body.id;
    // Killed in the write phase, after a chunk was written (on PostgreSQL also recorded on the task) and
    // before the last.
    const atKill = await progressUntil(taskId, (progress) => (progress.written ?? 0) >= 5_000);
    expect(atKill.written).toBeLessThan(ROWS);
    await server?.killHard();

    await restart();
    const task = await settledTask(taskId);
    expect(task).toMatchObject({
      status: 'failed',
      error: WORKER_STOPPED,
      progress: { total: ROWS, validated: ROWS, written: 0 },
    });
    expect(await transactionCount()).toBe(0);
  }, 600_000);

  it('a repository import killed while it runs: no repository kept, the task failed', async () => {
    // A repository worth importing: the 50,000 rows, this time to the end.
    const imported = await ok<TTaskView>('POST', '/transactions/import', {
      repository_id: repositoryId,
      csv,
      background: true,
    });
    expect(await settledTask(imported.id)).toMatchObject({ status: 'succeeded' });
    expect(await transactionCount()).toBe(ROWS);
    const exported = await fetch(`${server?.baseUrl}/api/repositories/${repositoryId}/export`, {
      headers: { cookie },
    }).then((response) => response.text());

    const target = await ok<{ url: string; fields: Record<string, string>; task_id: string }>(
      'POST',
      '/file_upload',
      { type: 'repository', repoName: 'Crash copy' },
    );
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    form.append('file', new Blob([exported], { type: 'application/json' }), 'crash.json');
    const uploaded = await fetch(new URL(new URL(target.url).pathname, server?.baseUrl), {
      method: 'POST',
      body: form,
    });
    expect(uploaded.status).toBe(204);
    // The upload starts the task. PostgreSQL: kill once it is seen running (50,000 transactions take
    // seconds to import). PGlite: kill when the task list stops answering, which is the import's transaction
    // holding the one connection (a `running` seen before that may precede the transaction).
    const isPglite = process.env.STRATA_TEST_DB !== 'postgres';
    for (;;) {
      const polled = await fetch(`${server?.baseUrl}/api/tasks`, {
        headers: { cookie },
        signal: AbortSignal.timeout(2_000),
      }).then(
        async (response) =>
          ((await response.json()) as TTaskView[]).find((task) => task.id === target.task_id),
        () => 'busy' as const,
      );
      if (polled === 'busy') break;
      expect(polled?.status).not.toMatch(/succeeded|failed/);
      if (!isPglite && polled?.status === 'running') break;
    }
    await server?.killHard();

    await restart();
    expect(await settledTask(target.task_id)).toMatchObject({ status: 'failed', error: WORKER_STOPPED });
    const names = (await ok<Array<{ name: string }>>('GET', '/repositories')).map(
      (repository) => repository.name,
    );
    expect(names).toEqual(['Crash']);
    // The server works on after the crashes: the first repository is whole.
    expect(await transactionCount()).toBe(ROWS);
  }, 600_000);
});
