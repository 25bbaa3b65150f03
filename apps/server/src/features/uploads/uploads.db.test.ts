import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { UPLOAD_MESSAGES } from '@strata/contracts/uploads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCAL_UPLOAD_PATH, uploadPolicySecretOf } from '../../storage/file-store.plugin.ts';
import { signUploadPolicy } from '../../storage/upload-policy.ts';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import { signUpVerified } from '../auth/testing/sign-up.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';
import { callAs, type TCall } from '../tasks/testing/test-calls.ts';
import { createUploadsService, UPLOAD_TARGET_USED } from './uploads.service.ts';

const AUTH_SECRET = 'uploads-test-secret-uploads-test-secret-0123';

let t: TIdentityTestApp;
let baseUrl: string;
let alice: { id: string; call: TCall };
let bob: { id: string; call: TCall };
let anonymous: TCall;

beforeAll(async () => {
  // The in-process worker, as `npm start` runs it: an upload starts its task with nothing else to call.
  t = await createTasksTestApp({ isWorker: true, env: { AUTH_SECRET } });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const a = await signUpVerified(t, 'alice@example.com', 'correct-horse-1');
  const b = await signUpVerified(t, 'bob@example.com', 'correct-horse-1');
  alice = { id: a.userId, call: callAs(t.app, a.browser) };
  bob = { id: b.userId, call: callAs(t.app, b.browser) };
  anonymous = callAs(t.app, null);
});
afterAll(async () => {
  await t?.close();
});

interface TUploadTarget {
  url: string;
  fields: Record<string, string>;
  task_id: string;
}

async function uploadTarget(call: TCall, body: unknown): Promise<TUploadTarget> {
  const response = await call('POST', '/api/file_upload', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A browser's multipart POST over a real socket: the fields, then the file, and no session cookie. */
async function upload(
  url: string,
  fields: Record<string, string>,
  file: { body: string; type: string; name?: string } | null,
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file.body], { type: file.type }), file.name ?? 'upload.json');
  return fetch(new URL(new URL(url).pathname, baseUrl), { method: 'POST', body: form });
}

async function taskOf(call: TCall, id: string) {
  const tasks = (await call('GET', '/api/tasks')).json() as { id: string; status: string }[];
  return tasks.find((task) => task.id === id) as Record<string, unknown> & { status: string };
}

async function finishedTask(call: TCall, id: string) {
  await vi.waitFor(
    async () => {
      expect(['waiting', 'running']).not.toContain((await taskOf(call, id)).status);
    },
    { timeout: 30_000, interval: 50 },
  );
  return taskOf(call, id);
}

async function repositoryNames(call: TCall): Promise<string[]> {
  return ((await call('GET', '/api/repositories')).json() as { name: string }[]).map(
    (repository) => repository.name,
  );
}

function forgedFields(policy: { key: string; maxBytes: number; expiresAt: number; contentType?: string }) {
  const signed = signUploadPolicy(policy, uploadPolicySecretOf(AUTH_SECRET));
  return { key: policy.key, policy: signed.policy, signature: signed.signature };
}

describe('POST /api/file_upload', () => {
  it('answers a presigned post to the local store and a waiting import task', async () => {
    const target = await uploadTarget(alice.call, { type: 'repository', repoName: 'Holdings' });
    expect(new URL(target.url).pathname).toBe(LOCAL_UPLOAD_PATH);
    expect(target.fields).toMatchObject({ key: expect.stringMatching(/^uploads\/repository\/.+\.json$/) });
    expect(target.fields['Content-Type']).toBe('application/json');
    expect(await taskOf(alice.call, target.task_id)).toMatchObject({
      type: 'repository_import',
      status: 'waiting',
    });
    expect(await taskOf(bob.call, target.task_id)).toBeUndefined();
  });

  it("refuses a repository upload without a name with the seed's message", async () => {
    for (const body of [{ type: 'repository' }, { type: 'repository', repoName: '   ' }]) {
      const response = await alice.call('POST', '/api/file_upload', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'BAD_REQUEST',
        message: UPLOAD_MESSAGES.UNKNOWN_REPOSITORY_NAME,
      });
    }
    expect((await alice.call('POST', '/api/file_upload', { type: 'photo' })).statusCode).toBe(400);
  });

  it('is 401 for an anonymous caller', async () => {
    expect((await anonymous('POST', '/api/file_upload', { type: 'manual_sync' })).statusCode).toBe(401);
  });

  it('gives manual_sync an upload target of any type and a task that waits for the linked-data loader', async () => {
    const target = await uploadTarget(alice.call, { type: 'manual_sync' });
    expect(target.fields['Content-Type']).toBeUndefined();
    const response = await upload(target.url, target.fields, {
      body: 'date,amount\n',
      type: 'text/csv',
      name: 'a.csv',
    });
    expect(response.status).toBe(204);
    const row = await t.app.db
      .selectFrom('tasks')
      .selectAll()
      .where('id', '=', target.task_id)
      .executeTakeFirst();
    expect(row).toMatchObject({ type: 'sync_linked_account', status: 'waiting' });
    expect(row?.payload).toMatchObject({ upload_type: 'manual_sync', uploaded_at: expect.any(String) });
  });
});

describe('POST /api/files/upload (the local store)', () => {
  it('refuses an expired policy', async () => {
    const fields = forgedFields({
      key: 'uploads/repository/expired.json',
      maxBytes: 100,
      expiresAt: Date.now() - 1,
    });
    const response = await upload(`${baseUrl}${LOCAL_UPLOAD_PATH}`, fields, {
      body: '{}',
      type: 'application/json',
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: 'FORBIDDEN', message: 'The upload policy has expired' });
  });

  it('refuses a file larger than the policy allows, keeping nothing', async () => {
    const key = 'uploads/repository/large.json';
    const fields = forgedFields({ key, maxBytes: 10, expiresAt: Date.now() + 60_000 });
    const response = await upload(`${baseUrl}${LOCAL_UPLOAD_PATH}`, fields, {
      body: '{"a":"0123456789"}',
      type: 'application/json',
    });
    expect(response.status).toBe(413);
    expect((await response.json()).code).toBe('PAYLOAD_TOO_LARGE');
    expect(await t.app.fileStore.exists(key)).toBe(false);
    const exact = await upload(`${baseUrl}${LOCAL_UPLOAD_PATH}`, fields, {
      body: '0123456789',
      type: 'text/plain',
    });
    expect(exact.status).toBe(204);
  });

  it('refuses another content type than the policy names', async () => {
    const target = await uploadTarget(alice.call, { type: 'repository', repoName: 'Typed' });
    const response = await upload(
      target.url,
      { ...target.fields, 'Content-Type': 'text/plain' },
      { body: '{}', type: 'text/plain' },
    );
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe(
      'The upload must be of type application/json, not text/plain',
    );
    expect(await t.app.fileStore.exists(target.fields.key as string)).toBe(false);
  });

  it('refuses a key that would leave the store folder, even under a valid signature', async () => {
    for (const key of ['../../escaped.json', '/tmp/escaped.json', 'uploads/../../escaped.json']) {
      const fields = forgedFields({ key, maxBytes: 100, expiresAt: Date.now() + 60_000 });
      const response = await upload(`${baseUrl}${LOCAL_UPLOAD_PATH}`, fields, {
        body: '{}',
        type: 'application/json',
      });
      expect(response.status, key).toBe(400);
      expect((await response.json()).message).toMatch(/^Invalid file key/);
    }
    expect(existsSync(join(t.dataDir, 'escaped.json'))).toBe(false);
    expect(await readdir(t.dataDir)).not.toContain('escaped.json');
  });

  it('answers 400 to a multipart body cut off before its end, keeping nothing', async () => {
    const target = await uploadTarget(alice.call, { type: 'repository', repoName: 'Truncated' });
    const boundary = 'strata-truncated-boundary';
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const whole =
      Object.entries(target.fields)
        .map(([name, value]) => field(name, value))
        .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n` +
      'Content-Type: application/json\r\n\r\n{"format":"strata-repository"';
    for (const body of [whole, whole.slice(0, whole.indexOf('policy') + 20)]) {
      const response = await fetch(new URL(new URL(target.url).pathname, baseUrl), {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: 'BAD_REQUEST',
        message: 'The multipart body ended before its closing boundary',
      });
    }
    expect(await t.app.fileStore.exists(target.fields.key as string)).toBe(false);
    expect((await taskOf(alice.call, target.task_id)).status).toBe('waiting');
  });

  it('answers 400 to a multipart body without a boundary', async () => {
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=']) {
      const response = await fetch(`${baseUrl}${LOCAL_UPLOAD_PATH}`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: '--x\r\n\r\n',
      });
      expect(response.status, contentType).toBe(400);
      expect((await response.json()).code).toBe('BAD_REQUEST');
    }
  });

  it('accepts each upload target once: a replay within its lifetime is 403 and changes nothing', async () => {
    const target = await uploadTarget(alice.call, { type: 'manual_sync' });
    const key = target.fields.key as string;
    const first = await upload(target.url, target.fields, { body: 'date,amount\n', type: 'text/csv' });
    expect(first.status).toBe(204);
    const replay = await upload(target.url, target.fields, { body: 'replaced', type: 'text/csv' });
    expect(replay.status).toBe(403);
    expect(await replay.json()).toEqual({ code: 'FORBIDDEN', message: UPLOAD_TARGET_USED });
    expect((await t.app.fileStore.get(key))?.toString()).toBe('date,amount\n');

    // Two posts of one target at once: exactly one is stored.
    const twin = await uploadTarget(alice.call, { type: 'manual_sync' });
    const statuses = await Promise.all(
      ['a', 'b'].map(
        async (body) => (await upload(twin.url, twin.fields, { body, type: 'text/csv' })).status,
      ),
    );
    expect(statuses.sort()).toEqual([204, 403]);
  });

  it('refuses a changed key, a wrong signature and a form without a file', async () => {
    const target = await uploadTarget(alice.call, { type: 'repository', repoName: 'Tampered' });
    const file = { body: '{}', type: 'application/json' };
    const otherKey = await upload(
      target.url,
      { ...target.fields, key: 'uploads/repository/other.json' },
      file,
    );
    expect(otherKey.status).toBe(403);
    const badSignature = await upload(target.url, { ...target.fields, signature: '0'.repeat(64) }, file);
    expect(badSignature.status).toBe(403);
    const noFile = await upload(target.url, target.fields, null);
    expect(noFile.status).toBe(400);
    expect((await taskOf(alice.call, target.task_id)).status).toBe('waiting');
  });
});

describe('repository import through an upload', () => {
  let exported: string;

  beforeAll(async () => {
    const created = await alice.call('POST', '/api/repositories', { name: 'Family office', currency: 'EUR' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect((await alice.call('POST', `/api/repositories/${id}/initialize`)).statusCode).toBe(200);
    const response = await alice.call('GET', `/api/repositories/${id}/export`);
    expect(response.statusCode, response.body).toBe(200);
    exported = response.body;
  });

  it('imports an uploaded export: the task succeeds and the repository exists with its records', async () => {
    const target = await uploadTarget(alice.call, { type: 'repository', repoName: 'Family copy' });
    const response = await upload(target.url, target.fields, { body: exported, type: 'application/json' });
    expect(response.status).toBe(204);

    const task = await finishedTask(alice.call, target.task_id);
    expect(task).toMatchObject({
      status: 'succeeded',
      error: null,
      result: { message: UPLOAD_MESSAGES.IMPORT_SUCCEEDED },
    });
    const repositoryId = (task.result as { repository_id: string }).repository_id;
    expect(task.repository_id).toBe(repositoryId);
    expect(await repositoryNames(alice.call)).toContain('Family copy');
    const copy = JSON.parse((await alice.call('GET', `/api/repositories/${repositoryId}/export`)).body);
    const original = JSON.parse(exported);
    expect(copy.repository.currency).toBe('EUR');
    expect(copy.assets.length).toBe(original.assets.length);
    expect(copy.tags.length).toBe(original.tags.length);
    expect(await repositoryNames(bob.call)).not.toContain('Family copy');
    // The uploaded export is read once and then deleted, as the CSV import's file is.
    expect(await t.app.fileStore.exists(target.fields.key as string)).toBe(false);
  });

  it('fails the task with a clear error when the file is not JSON, creating nothing', async () => {
    const target = await uploadTarget(alice.call, { type: 'repository', repoName: 'Broken' });
    await upload(target.url, target.fields, { body: '{"repository": ', type: 'application/json' });
    const task = await finishedTask(alice.call, target.task_id);
    expect(task.status).toBe('failed');
    expect(task.error).toMatch(/^The uploaded file is not valid JSON: /);
    expect(await repositoryNames(alice.call)).not.toContain('Broken');
    expect(await t.app.fileStore.exists(target.fields.key as string)).toBe(false);
  });

  it('fails the task when the JSON is no repository export, leaving no partial rows', async () => {
    const before = await t.app.db
      .selectFrom('repositories')
      .select(t.app.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const target = await uploadTarget(alice.call, { type: 'repository', repoName: 'Not an export' });
    await upload(target.url, target.fields, { body: '{"hello":"world"}', type: 'application/json' });
    const task = await finishedTask(alice.call, target.task_id);
    expect(task.status).toBe('failed');
    expect(task.error).toMatch(/^The file is not a Strata repository export/);
    const after = await t.app.db
      .selectFrom('repositories')
      .select(t.app.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('fails the task when the name is already taken, rolling the import back', async () => {
    const target = await uploadTarget(alice.call, { type: 'repository', repoName: 'family OFFICE' });
    await upload(target.url, target.fields, { body: exported, type: 'application/json' });
    const task = await finishedTask(alice.call, target.task_id);
    expect(task.status).toBe('failed');
    expect(task.error).toBe('This name of the repository already exists. Try something else');
    expect(await t.app.fileStore.exists(target.fields.key as string)).toBe(false);
    expect(
      (await repositoryNames(alice.call)).filter((name) => name.toLowerCase() === 'family office'),
    ).toHaveLength(1);
  });
});

describe('an upload target that waits for its file', () => {
  const watcher = () =>
    createUploadsService({
      db: t.app.db,
      fileStore: t.app.fileStore,
      tasks: t.app.tasks,
      jobs: t.app.jobs,
      maxBytes: 1024,
    });

  it('times the task out when the file never came', async () => {
    const target = await uploadTarget(alice.call, { type: 'repository', repoName: 'Never sent' });
    await watcher().awaitUpload({
      taskId: target.task_id,
      key: target.fields.key as string,
      expiresAt: Date.now() - 1,
    });
    expect(await taskOf(alice.call, target.task_id)).toMatchObject({
      status: 'time_out',
      error: UPLOAD_MESSAGES.NOT_UPLOADED_IN_TIME,
    });
  });

  it('starts the task when it finds the file that reached the store on its own (as on S3)', async () => {
    const created = await alice.call('POST', '/api/repositories', { name: 'Source', currency: 'USD' });
    const exported = (await alice.call('GET', `/api/repositories/${created.json().id}/export`)).body;
    const target = await uploadTarget(alice.call, { type: 'repository', repoName: 'Found later' });
    const key = target.fields.key as string;
    await t.app.fileStore.put(key, Buffer.from(exported));
    await watcher().awaitUpload({ taskId: target.task_id, key, expiresAt: Date.now() + 60_000 });
    expect((await finishedTask(alice.call, target.task_id)).status).toBe('succeeded');
    expect(await repositoryNames(alice.call)).toContain('Found later');
  });

  it('starts a journal import whose file reached the store on its own, but leaves a held one waiting', async () => {
    const created = await alice.call('POST', '/api/repositories', { name: 'Journal by S3', currency: 'USD' });
    const repositoryId = created.json().id as string;
    const journal = '2024-01-02 opening\n    Assets:Cash   100 USD\n    Equity:Opening\n';
    const targetOf = async (body: Record<string, unknown>) => {
      const made = await alice.call('POST', '/api/journal_imports/uploads', body);
      expect(made.statusCode, made.body).toBe(200);
      return made.json() as TUploadTarget;
    };
    const direct = await targetOf({ repository_id: repositoryId, format: 'ledger' });
    const held = await targetOf({ repository_id: repositoryId, format: 'ledger', preview_first: true });
    for (const target of [direct, held]) {
      const key = target.fields.key as string;
      await t.app.fileStore.put(key, Buffer.from(journal));
      await watcher().awaitUpload({ taskId: target.task_id, key, expiresAt: Date.now() + 60_000 });
    }
    expect(await finishedTask(alice.call, direct.task_id)).toMatchObject({
      status: 'succeeded',
      result: { message: '1 transactions imported' },
    });
    const row = await t.app.db
      .selectFrom('tasks')
      .selectAll()
      .where('id', '=', held.task_id)
      .executeTakeFirst();
    expect(row).toMatchObject({ status: 'waiting' });
    expect(row?.payload).toMatchObject({ held: true, uploaded_at: expect.any(String) });
  });

  it('leaves an aborted task alone', async () => {
    const target = await uploadTarget(alice.call, { type: 'manual_sync' });
    expect(
      (await alice.call('PATCH', `/api/tasks/${target.task_id}`, { status: 'aborted' })).statusCode,
    ).toBe(200);
    await watcher().awaitUpload({ taskId: target.task_id, key: target.fields.key as string, expiresAt: 0 });
    expect((await taskOf(alice.call, target.task_id)).status).toBe('aborted');
  });
});
