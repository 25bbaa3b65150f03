import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  shareRepository,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';

/**
 * Issue #17 item 1: a crafted repository export naming another repository's stored file key. Played
 * through the real upload → task → import path, by a member who was removed and by a user who never
 * belonged. An import never takes a key from the file: the copy's file lives under its own repository,
 * so it can neither read nor overwrite the original, and a key that is not a safe store key refuses the
 * file with a clear message instead of answering 500 later.
 */

let t: TIdentityTestApp;
let baseUrl: string;
let alice: TTestUser;
let removed: TTestUser;
let stranger: TTestUser;
let vaultId: string;
let secretDocument: { id: string; file: string };
const SECRET = '%PDF alice only';

interface TUploadTarget {
  url: string;
  fields: Record<string, string>;
}

/** A browser's multipart POST over a real socket: the fields, then the file, and no session cookie. */
async function upload(target: TUploadTarget, body: string, type: string, name: string): Promise<Response> {
  const form = new FormData();
  for (const [field, value] of Object.entries(target.fields)) form.append(field, value);
  form.append('file', new Blob([body], { type }), name);
  return fetch(new URL(new URL(target.url).pathname, baseUrl), { method: 'POST', body: form });
}

async function finishedTask(user: TTestUser, id: string) {
  const find = async () =>
    ((await user.call('GET', '/api/tasks')).json() as Record<string, unknown>[]).find(
      (task) => task.id === id,
    );
  await vi.waitFor(
    async () => {
      expect(['waiting', 'running']).not.toContain((await find())?.status);
    },
    { timeout: 60_000, interval: 50 },
  );
  return (await find()) as { status: string; error: string | null; result: Record<string, unknown> | null };
}

/** Uploads `file` as a repository export named `name` and waits for its import task to end. */
async function importAs(user: TTestUser, name: string, file: unknown) {
  const target = await user.call('POST', '/api/file_upload', { type: 'repository', repoName: name });
  expect(target.statusCode, target.body).toBe(200);
  const stored = await upload(target.json(), JSON.stringify(file), 'application/json', `${name}.json`);
  expect(stored.status).toBe(204);
  return finishedTask(user, target.json().task_id);
}

/** A minimal export whose one document is a stored file said to live at `fileKey`. */
function craftedExport(fileKey: string) {
  return {
    format: 'strata-repository',
    version: 1,
    exported_at: '2026-11-25T00:00:00.000Z',
    repository: { name: 'Crafted', currency: 'USD', settings: {} },
    assets: [],
    tags: [],
    asset_tags: [],
    asset_prices: [],
    transactions: [],
    documents: [
      {
        id: 'doc-1',
        asset_id: null,
        name: 'Borrowed',
        source: 'file',
        path: null,
        filename: 'file.pdf',
        file_key: fileKey,
        content_type: 'application/pdf',
        description: null,
      },
    ],
  };
}

async function storedBytes(key: string): Promise<string> {
  return readFile(join(t.dataDir, 'files', key), 'utf8');
}

async function repositoryNames(user: TTestUser): Promise<string[]> {
  return ((await user.call('GET', '/api/repositories')).json() as { name: string }[]).map((row) => row.name);
}

beforeAll(async () => {
  t = await createTasksTestApp({ isWorker: true });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  alice = await createTestUser(t, 'alice.vault@example.com');
  removed = await createTestUser(t, 'removed.member@example.com');
  stranger = await createTestUser(t, 'never.member@example.com');
  vaultId = await createRepositoryAs(alice, 'Vault');
  const created = await alice.call('POST', '/api/documents', {
    repository_id: vaultId,
    name: 'Private agreement',
    source: 'file',
    filename: 'agreement.pdf',
    content_type: 'application/pdf',
  });
  expect(created.statusCode, created.body).toBe(201);
  secretDocument = { id: created.json().id, file: created.json().file };
  expect((await upload(created.json().upload, SECRET, 'application/pdf', 'agreement.pdf')).status).toBe(204);
  // The removed member once saw the document, and so its key; then lost access.
  await shareRepository(alice, removed, vaultId, 2);
  expect((await removed.call('GET', `/api/documents/${secretDocument.id}`)).json().file).toBe(
    secretDocument.file,
  );
  const removal = await alice.call('DELETE', `/api/collaborators/${removed.id}?repository_id=${vaultId}`);
  expect(removal.statusCode, removal.body).toBe(200);
  expect((await removed.call('GET', `/api/documents/${secretDocument.id}`)).statusCode).toBe(404);
});
afterAll(async () => {
  await t?.close();
});

describe('a crafted export naming another repository’s stored file', () => {
  for (const [who, attacker] of [
    ['a removed member', () => removed],
    ['a user who never belonged', () => stranger],
  ] as const) {
    it(`imported by ${who}: the copy neither reads nor overwrites the original`, async () => {
      const user = attacker();
      const task = await importAs(user, `Stolen by ${user.email}`, craftedExport(secretDocument.file));
      expect(task.status, task.error ?? '').toBe('succeeded');
      const copyRepositoryId = task.result?.repository_id as string;
      const [copy] = (
        await user.call('GET', `/api/documents?repository_id=${copyRepositoryId}&source=file`)
      ).json();
      // The key is the copy's own, not the one the file named.
      expect(copy.file).toBe(`documents/${copyRepositoryId}/${copy.id}/file.pdf`);

      // Opening the copy finds no file (the bytes did not travel), never Alice's.
      const opened = await user.call('GET', `/api/documents/${copy.id}/open`);
      expect(opened.statusCode).toBe(404);
      expect(opened.json()).toEqual({ code: 'NOT_FOUND', message: 'Document URL is not available' });
      const url = new URL(copy.url);
      const download = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(download.statusCode).toBe(404);
      expect(download.body).not.toContain(SECRET);

      // An upload target for the copy writes the copy's file; Alice's stays as it was.
      const target = await user.call('POST', `/api/documents/${copy.id}/upload`);
      expect(target.statusCode, target.body).toBe(200);
      expect(target.json().fields.key).toBe(copy.file);
      expect((await upload(target.json(), '%PDF overwritten', 'application/pdf', 'file.pdf')).status).toBe(
        204,
      );
      expect(await storedBytes(secretDocument.file)).toBe(SECRET);
      expect(await storedBytes(copy.file)).toBe('%PDF overwritten');
      const aliceOpen = await alice.call('GET', `/api/documents/${secretDocument.id}/open`);
      const aliceUrl = new URL(aliceOpen.json().url);
      expect(
        (await t.app.inject({ method: 'GET', url: `${aliceUrl.pathname}${aliceUrl.search}` })).body,
      ).toBe(SECRET);
    });
  }

  for (const key of ['../auth-secret', '/etc/passwd', 'documents/../../auth-secret', 'documents\\x\\file']) {
    it(`refuses an export whose document names the unsafe key ${JSON.stringify(key)}, creating nothing`, async () => {
      const name = `Unsafe ${key.replace(/[^a-z]/g, '')}`;
      const task = await importAs(stranger, name, craftedExport(key));
      expect(task.status).toBe('failed');
      expect(task.error).toBe(
        `The file is not a Strata repository export: document doc-1 names an unsafe file key ${JSON.stringify(key)}`,
      );
      expect(await repositoryNames(stranger)).not.toContain(name);
    });
  }
});

describe('a stored row with an unsafe key (left by an older import)', () => {
  it('answers 400 with the key named, never 500, on open, upload and download', async () => {
    for (const key of ['../auth-secret', '/etc/passwd']) {
      const created = await alice.call('POST', '/api/documents', {
        repository_id: vaultId,
        name: `Old import ${key}`,
        source: 'file',
        filename: 'old.pdf',
        content_type: 'application/pdf',
      });
      const id = created.json().id as string;
      await t.app.db.updateTable('documents').set({ file_key: key }).where('id', '=', id).execute();
      const message = `Invalid file key: ${JSON.stringify(key)}`;

      const opened = await alice.call('GET', `/api/documents/${id}/open`);
      expect(opened.statusCode).toBe(400);
      expect(opened.json()).toEqual({ code: 'BAD_REQUEST', message });
      const target = await alice.call('POST', `/api/documents/${id}/upload`);
      expect(target.statusCode).toBe(400);
      expect(target.json()).toEqual({ code: 'BAD_REQUEST', message });
      const url = new URL((await alice.call('GET', `/api/documents/${id}`)).json().url);
      const download = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(download.statusCode).toBe(400);
      expect(download.json()).toEqual({ code: 'BAD_REQUEST', message });
    }
  });
});
