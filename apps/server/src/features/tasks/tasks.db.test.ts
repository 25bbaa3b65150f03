import type { TTaskStatus, TTaskType } from '@strata/core/tasks/task-status';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import { signUpVerified } from '../auth/testing/sign-up.ts';
import { taskQueueOf } from './task-executor.ts';
import { createTasksTestApp } from './testing/tasks-test-app.ts';
import { callAs, type TCall } from './testing/test-calls.ts';

let t: TIdentityTestApp;
let alice: { id: string; call: TCall };
let bob: { id: string; call: TCall };
let anonymous: TCall;
/** What the `default` test handler saw of its own task, inside its transaction. */
const seenStatuses: string[] = [];

const DEFAULT_QUEUE = taskQueueOf('default');

beforeAll(async () => {
  t = await createTasksTestApp({
    // Jobs run only when a test calls runPending, so every step can be looked at.
    isWorker: false,
    prepare: (app) => {
      // A test task: writes a marker row through the task's transaction, then may crash.
      app.tasks.register('default', async ({ task, trx }) => {
        const seen = await trx
          .selectFrom('tasks')
          .select('status')
          .where('id', '=', task.id)
          .executeTakeFirstOrThrow();
        seenStatuses.push(seen.status);
        await trx
          .insertInto('app_meta')
          .values({ key: `marker-${task.id}`, value: JSON.stringify({ by: task.id }) })
          .execute();
        if (task.payload.crash) throw new Error(String(task.payload.crash));
        return { marker: `marker-${task.id}` };
      });
    },
  });
  const a = await signUpVerified(t, 'alice@example.com', 'correct-horse-1');
  const b = await signUpVerified(t, 'bob@example.com', 'correct-horse-1');
  alice = { id: a.userId, call: callAs(t.app, a.browser) };
  bob = { id: b.userId, call: callAs(t.app, b.browser) };
  anonymous = callAs(t.app, null);
});
afterAll(async () => {
  await t?.close();
});

async function queuedTask(userId: string, payload: Record<string, unknown> = {}): Promise<string> {
  return t.app.db.transaction().execute(async (trx) => {
    const task = await t.app.tasks.create(trx, { userId, type: 'default', payload });
    await t.app.tasks.enqueue(trx, task);
    return task.id;
  });
}

async function taskRow(id: string) {
  return t.app.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
}

async function markerExists(taskId: string): Promise<boolean> {
  const row = await t.app.db
    .selectFrom('app_meta')
    .select('key')
    .where('key', '=', `marker-${taskId}`)
    .executeTakeFirst();
  return row !== undefined;
}

async function plainTask(userId: string, type: TTaskType, status: TTaskStatus): Promise<string> {
  const task = await t.app.tasks.create(t.app.db, { userId, type });
  await t.app.db.updateTable('tasks').set({ status }).where('id', '=', task.id).execute();
  return task.id;
}

describe('a task run by the job queue', () => {
  it('goes waiting → running → succeeded, keeping its work and its result', async () => {
    const id = await queuedTask(alice.id);
    expect((await taskRow(id))?.status).toBe('waiting');
    seenStatuses.length = 0;

    expect(await t.app.jobs.runPending(DEFAULT_QUEUE)).toBe(1);

    expect(seenStatuses).toEqual(['running']);
    const row = await taskRow(id);
    expect(row).toMatchObject({ status: 'succeeded', error: null, result: { marker: `marker-${id}` } });
    expect(row?.started_at).toBeInstanceOf(Date);
    expect(row?.finished_at).toBeInstanceOf(Date);
    expect(await markerExists(id)).toBe(true);
  });

  it('ends failed with the error text and leaves no partial rows when its work crashes mid-way', async () => {
    const id = await queuedTask(alice.id, { crash: 'The file ended in the middle of an asset' });
    await t.app.jobs.runPending(DEFAULT_QUEUE);
    expect(await taskRow(id)).toMatchObject({
      status: 'failed',
      error: 'The file ended in the middle of an asset',
      result: null,
    });
    expect(await markerExists(id)).toBe(false);
  });

  it('has no job unless the transaction that queued it commits', async () => {
    let taskId = '';
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        const task = await t.app.tasks.create(trx, { userId: alice.id, type: 'default' });
        taskId = task.id;
        await t.app.tasks.enqueue(trx, task);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await taskRow(taskId)).toBeUndefined();
    expect(await t.app.jobs.runPending(DEFAULT_QUEUE)).toBe(0);
  });

  it('does not start once aborted', async () => {
    const id = await queuedTask(alice.id);
    const aborted = await alice.call('PATCH', `/api/tasks/${id}`, { status: 'aborted' });
    expect(aborted.statusCode).toBe(200);
    expect(aborted.json()).toMatchObject({ id, status: 'aborted', error: 'Aborted by the user' });
    seenStatuses.length = 0;
    await t.app.jobs.runPending(DEFAULT_QUEUE);
    expect(seenStatuses).toEqual([]);
    expect((await taskRow(id))?.status).toBe('aborted');
    expect(await markerExists(id)).toBe(false);
  });

  it('is not started twice when its job arrives while it already runs', async () => {
    const id = await queuedTask(alice.id);
    await t.app.db.updateTable('tasks').set({ status: 'running' }).where('id', '=', id).execute();
    seenStatuses.length = 0;
    expect(await t.app.jobs.runPending(DEFAULT_QUEUE)).toBe(1);
    expect(seenStatuses).toEqual([]);
    expect(await markerExists(id)).toBe(false);
    expect((await taskRow(id))?.status).toBe('running');
  });
});

describe('PATCH /api/tasks/:id', () => {
  it('aborts a running task, refuses a finished one with 409 and any other status with 400', async () => {
    const running = await plainTask(alice.id, 'market_data_sync', 'running');
    expect((await alice.call('PATCH', `/api/tasks/${running}`, { status: 'aborted' })).json().status).toBe(
      'aborted',
    );
    const again = await alice.call('PATCH', `/api/tasks/${running}`, { status: 'aborted' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: 'The task has already finished' });
    const done = await alice.call('PATCH', `/api/tasks/${running}`, { status: 'done' });
    expect(done.statusCode).toBe(400);
    expect(done.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /api/tasks', () => {
  let carol: { id: string; call: TCall };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const c = await signUpVerified(t, 'carol@example.com', 'correct-horse-1');
    carol = { id: c.userId, call: callAs(t.app, c.browser) };
    ids.waiting = await plainTask(carol.id, 'repository_import', 'waiting');
    ids.running = await plainTask(carol.id, 'analytics_compute', 'running');
    ids.done = await plainTask(carol.id, 'analytics_compute', 'done');
    ids.timedOut = await plainTask(carol.id, 'eod_search', 'time_out');
    ids.failed = await plainTask(carol.id, 'repository_import', 'failed');
  });

  const idsOf = (response: { json(): { id: string }[] }) =>
    response
      .json()
      .map((task) => task.id)
      .sort();

  it("answers only the caller's tasks, in the API shape", async () => {
    const response = await carol.call('GET', '/api/tasks');
    expect(response.statusCode).toBe(200);
    expect(idsOf(response)).toEqual(Object.values(ids).sort());
    const task = response.json().find((candidate: { id: string }) => candidate.id === ids.timedOut);
    expect(task).toEqual({
      id: ids.timedOut,
      type: 'eod_search',
      status: 'time_out',
      repository_id: null,
      error: null,
      progress: null,
      result: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      started_at: null,
      finished_at: null,
    });
  });

  it('leaves out excluded statuses and types, given as JSON, as a comma list or in the seed words', async () => {
    const json = await carol.call(
      'GET',
      `/api/tasks?excluded_statuses=${encodeURIComponent('["done","failed","time out"]')}`,
    );
    expect(idsOf(json)).toEqual([ids.waiting, ids.running].sort());
    const comma = await carol.call('GET', '/api/tasks?excluded_types=analytics_compute,eod_search');
    expect(idsOf(comma)).toEqual([ids.waiting, ids.failed].sort());
    const both = await carol.call(
      'GET',
      `/api/tasks?excluded_statuses=waiting&excluded_types=${encodeURIComponent('repository import')}`,
    );
    expect(idsOf(both)).toEqual([ids.running, ids.done, ids.timedOut].sort());
  });

  it('rejects an unknown status or type with 400', async () => {
    const status = await carol.call('GET', '/api/tasks?excluded_statuses=paused');
    expect(status.statusCode).toBe(400);
    expect(status.json().message).toContain('unknown task status: paused');
    const type = await carol.call('GET', `/api/tasks?excluded_types=${encodeURIComponent('["import"]')}`);
    expect(type.statusCode).toBe(400);
    const notJson = await carol.call('GET', `/api/tasks?excluded_types=${encodeURIComponent('[oops')}`);
    expect(notJson.statusCode).toBe(400);
  });

  it('is 401 for an anonymous caller', async () => {
    expect((await anonymous('GET', '/api/tasks')).statusCode).toBe(401);
    expect((await anonymous('PATCH', `/api/tasks/${ids.waiting}`, { status: 'aborted' })).statusCode).toBe(
      401,
    );
    expect((await anonymous('DELETE', `/api/tasks/${ids.waiting}`)).statusCode).toBe(401);
  });

  it("does not let another user see, abort or delete a user's task", async () => {
    expect(idsOf(await bob.call('GET', '/api/tasks'))).not.toContain(ids.waiting);
    const abort = await bob.call('PATCH', `/api/tasks/${ids.waiting}`, { status: 'aborted' });
    expect(abort.statusCode).toBe(404);
    expect(abort.json()).toEqual({ code: 'NOT_FOUND', message: 'Task not found' });
    expect((await bob.call('DELETE', `/api/tasks/${ids.waiting}`)).statusCode).toBe(404);
    expect((await taskRow(ids.waiting as string))?.status).toBe('waiting');
  });

  it('deletes a task of the caller', async () => {
    const id = await plainTask(carol.id, 'default', 'succeeded');
    const deleted = await carol.call('DELETE', `/api/tasks/${id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await taskRow(id)).toBeUndefined();
    expect((await carol.call('DELETE', `/api/tasks/${id}`)).statusCode).toBe(404);
  });
});

describe('the task table', () => {
  it('refuses a status or type outside the catalogue', async () => {
    await expect(
      sql`INSERT INTO tasks (user_id, type, status) VALUES (${alice.id}, 'default', 'paused')`.execute(
        t.app.db,
      ),
    ).rejects.toThrow();
    await expect(
      sql`INSERT INTO tasks (user_id, type) VALUES (${alice.id}, 'import')`.execute(t.app.db),
    ).rejects.toThrow();
  });
});

describe('shutting the app down', () => {
  it('stops the job runner with the app', async () => {
    const other = await createTasksTestApp({ isWorker: true });
    expect(other.app.jobs.isStarted).toBe(true);
    await other.close();
    await expect(other.app.jobs.send(DEFAULT_QUEUE, {})).rejects.toThrow('The job runner has stopped');
  });
});
