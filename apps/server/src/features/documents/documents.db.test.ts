import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TAG_MESSAGES } from '@strata/core/assets/tag-rules';
import { DOCUMENT_MESSAGES } from '@strata/core/documents/document-rules';
import { MESSAGES } from '@strata/core/validation/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_UPLOAD_PATH } from '../../storage/file-store.plugin.ts';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  anonymousCall,
  createRepositoryAs,
  createStockAs,
  createTestUser,
  shareRepository,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { FILE_LINK_INVALID } from './documents.service.ts';

let t: TIdentityTestApp;
let baseUrl: string;
let owner: TTestUser;
let writer: TTestUser;
let reader: TTestUser;
let stranger: TTestUser;
let repositoryId: string;
let otherRepositoryId: string;
let stockId: string;
let otherStockId: string;

beforeAll(async () => {
  t = await createIdentityTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await createTestUser(t, 'documents-owner@example.com');
  writer = await createTestUser(t, 'documents-writer@example.com');
  reader = await createTestUser(t, 'documents-reader@example.com');
  stranger = await createTestUser(t, 'documents-stranger@example.com');
  repositoryId = await createRepositoryAs(owner, 'Documents');
  await shareRepository(owner, writer, repositoryId, 2);
  await shareRepository(owner, reader, repositoryId, 1);
  otherRepositoryId = await createRepositoryAs(stranger, 'Elsewhere');
  stockId = await createStockAs(owner, repositoryId, 'ACME');
  otherStockId = await createStockAs(stranger, otherRepositoryId, 'OTHR');
});
afterAll(async () => {
  await t?.close();
});

/** The browser's multipart POST to the presigned target over a real socket, without a session. */
async function upload(
  target: { url: string; fields: Record<string, string> },
  file: { body: string | Uint8Array<ArrayBuffer>; type: string; name: string },
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', new Blob([file.body], { type: file.type }), file.name);
  return fetch(new URL(new URL(target.url).pathname, baseUrl), { method: 'POST', body: form });
}

/** GET of a document's url, as a new tab or an <img> would: no session. */
function fetchUrl(url: string) {
  const { pathname, search } = new URL(url);
  return t.app.inject({ method: 'GET', url: `${pathname}${search}` });
}

const storedPath = (key: string) => join(t.dataDir, 'files', key);

/** A real 1×1 PNG: thumbnails' bytes are checked against their declared type. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const link = (extra: Record<string, unknown> = {}) => ({
  repository_id: repositoryId,
  name: 'Fund III LPA',
  source: 'url',
  path: 'northwind.example/fund-iii/lpa.pdf',
  ...extra,
});

describe('links', () => {
  it("refuses a link without a name, source or path, or with a path that is not a link (the seed's rules)", async () => {
    const empty = await owner.call('POST', '/api/documents', { repository_id: repositoryId });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.fieldErrors).toEqual({
      name: [MESSAGES.REQUIRED],
      source: [MESSAGES.REQUIRED],
    });

    const noPath = await owner.call('POST', '/api/documents', link({ path: '  ' }));
    expect(noPath.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: `path: ${MESSAGES.REQUIRED}` });

    for (const path of ['localhost/file', 'ftp://example.com/x', 'not a link']) {
      const bad = await owner.call('POST', '/api/documents', link({ path }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.fieldErrors).toEqual({ path: [DOCUMENT_MESSAGES.INVALID_LINK] });
    }
    const badSource = await owner.call('POST', '/api/documents', link({ source: 'ftp' }));
    expect(badSource.json().details.fieldErrors.source[0]).toMatch(/^Must be one of: file, thumbnail, url/);
  });

  it('creates a link on an asset with tags; its url opens it over https', async () => {
    const tag = await owner.call('POST', '/api/document_tags', {
      repository_id: repositoryId,
      name: 'Legal',
    });
    const created = await owner.call(
      'POST',
      '/api/documents',
      link({ asset_id: stockId, tags: [tag.json().id], description: 'Signed' }),
    );
    expect(created.statusCode).toBe(201);
    const document = created.json();
    expect(document).toMatchObject({
      name: 'Fund III LPA',
      source: 'url',
      path: 'northwind.example/fund-iii/lpa.pdf',
      file: null,
      asset_id: stockId,
      tags: [tag.json().id],
      url: 'https://northwind.example/fund-iii/lpa.pdf',
      upload: null,
      created_by: owner.id,
    });
    const opened = await reader.call('GET', `/api/documents/${document.id}/open`);
    expect(opened.json()).toEqual({ url: 'https://northwind.example/fund-iii/lpa.pdf' });
    const listed = await reader.call(
      'GET',
      `/api/documents?repository_id=${repositoryId}&asset_id=${stockId}`,
    );
    expect(listed.json().map((item: { id: string }) => item.id)).toContain(document.id);
  });

  it('moves a link among the link sources but never to a stored file', async () => {
    const created = (await writer.call('POST', '/api/documents', link())).json();
    const moved = await writer.call('PUT', `/api/documents/${created.id}`, {
      source: 'dropbox',
      path: 'https://www.dropbox.com/s/abc/lpa.pdf?dl=0',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ source: 'dropbox', name: 'Fund III LPA', updated_by: writer.id });
    const toFile = await writer.call('PUT', `/api/documents/${created.id}`, {
      source: 'file',
      filename: 'a.pdf',
    });
    expect(toFile.statusCode).toBe(400);
    expect(toFile.json().details.fieldErrors).toEqual({ source: [DOCUMENT_MESSAGES.SOURCE_FIXED] });
    const badPath = await writer.call('PUT', `/api/documents/${created.id}`, { path: 'nowhere' });
    expect(badPath.json().details.fieldErrors).toEqual({ path: [DOCUMENT_MESSAGES.INVALID_LINK] });
  });

  it('takes assets and tags of its own repository only, answering as if others did not exist', async () => {
    const foreignTag = await stranger.call('POST', '/api/document_tags', {
      repository_id: otherRepositoryId,
      name: 'Theirs',
    });
    const foreignAsset = await owner.call('POST', '/api/documents', link({ asset_id: otherStockId }));
    expect(foreignAsset.statusCode).toBe(400);
    expect(foreignAsset.json().details.fieldErrors).toEqual({ asset_id: [MESSAGES.UNKNOWN_ASSET] });
    const foreign = await owner.call('POST', '/api/documents', link({ tags: [foreignTag.json().id] }));
    expect(foreign.json().details.fieldErrors).toEqual({ tags: [TAG_MESSAGES.NO_SUCH_TAG] });
  });
});

describe('documents of trashed assets', () => {
  it('keep their asset when edited, though a new document cannot name it', async () => {
    const assetId = await createStockAs(owner, repositoryId, 'TRSH');
    const created = (await owner.call('POST', '/api/documents', link({ asset_id: assetId }))).json();
    expect((await owner.call('DELETE', `/api/assets/${assetId}`)).statusCode).toBe(200);
    const edited = await owner.call('PUT', `/api/documents/${created.id}`, {
      name: 'Kept',
      asset_id: assetId,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Kept', asset_id: assetId });
    const fresh = await owner.call('POST', '/api/documents', link({ asset_id: assetId }));
    expect(fresh.json().details.fieldErrors).toEqual({ asset_id: [MESSAGES.UNKNOWN_ASSET] });
  });
});

describe('access', () => {
  it('lets a reader read but not write, and a read-only repository refuses writes even to its owner', async () => {
    const created = (await owner.call('POST', '/api/documents', link())).json();
    expect((await reader.call('GET', `/api/documents/${created.id}`)).statusCode).toBe(200);
    expect((await reader.call('POST', '/api/documents', link())).statusCode).toBe(403);
    expect((await reader.call('PUT', `/api/documents/${created.id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await reader.call('DELETE', `/api/documents/${created.id}`)).statusCode).toBe(403);

    const frozen = await createRepositoryAs(owner, 'Frozen documents');
    const before = (await owner.call('POST', '/api/documents', link({ repository_id: frozen }))).json();
    await owner.call('PUT', `/api/repositories/${frozen}`, { settings: { readonly: true } });
    expect((await owner.call('POST', '/api/documents', link({ repository_id: frozen }))).statusCode).toBe(
      403,
    );
    expect((await owner.call('PUT', `/api/documents/${before.id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await owner.call('DELETE', `/api/documents/${before.id}`)).statusCode).toBe(403);
    expect(
      (await owner.call('POST', '/api/document_tags', { repository_id: frozen, name: 'Frozen' })).statusCode,
    ).toBe(403);
    expect((await owner.call('GET', `/api/documents/${before.id}`)).statusCode).toBe(200);
  });

  it("never shows one repository's documents or tags to another's members", async () => {
    const created = (await owner.call('POST', '/api/documents', link())).json();
    for (const url of [
      `/api/documents/${created.id}`,
      `/api/documents/${created.id}/open`,
      `/api/documents?repository_id=${repositoryId}`,
      `/api/document_tags?repository_id=${repositoryId}`,
    ]) {
      const response = await stranger.call('GET', url);
      expect(response.statusCode, url).toBe(404);
    }
    expect((await stranger.call('PUT', `/api/documents/${created.id}`, { name: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await stranger.call('DELETE', `/api/documents/${created.id}`)).statusCode).toBe(404);
    const theirs = await stranger.call('GET', `/api/documents?repository_id=${otherRepositoryId}`);
    expect(theirs.json().some((item: { id: string }) => item.id === created.id)).toBe(false);
    expect((await anonymousCall(t)('GET', `/api/documents/${created.id}`)).statusCode).toBe(401);
  });
});

describe('stored files', () => {
  it('needs a filename, and a thumbnail needs an asset and an image', async () => {
    const noName = await owner.call('POST', '/api/documents', {
      repository_id: repositoryId,
      name: 'Report',
      source: 'file',
    });
    expect(noName.json().details.fieldErrors).toEqual({ filename: [MESSAGES.REQUIRED] });
    const noAsset = await owner.call('POST', '/api/documents', {
      repository_id: repositoryId,
      name: 'Logo',
      source: 'thumbnail',
      filename: 'logo.pdf',
      content_type: 'application/pdf',
    });
    expect(noAsset.json().details.fieldErrors).toEqual({
      content_type: [DOCUMENT_MESSAGES.IMAGES_ONLY],
      asset_id: [MESSAGES.REQUIRED],
    });
  });

  it('round-trips upload → document → open on the local store, then deletes the file with the document', async () => {
    const created = await writer.call('POST', '/api/documents', {
      repository_id: repositoryId,
      name: 'Q3 report',
      source: 'file',
      filename: 'Q3 report (final).pdf',
      content_type: 'application/pdf',
      asset_id: stockId,
    });
    expect(created.statusCode).toBe(201);
    const document = created.json();
    expect(document.file).toBe(`documents/${repositoryId}/${document.id}/Q3_report__final_.pdf`);
    expect(new URL(document.upload.url).pathname).toBe(LOCAL_UPLOAD_PATH);
    expect(document.upload.fields).toMatchObject({ key: document.file, 'Content-Type': 'application/pdf' });

    const early = await reader.call('GET', `/api/documents/${document.id}/open`);
    expect(early.statusCode).toBe(404);
    expect(early.json().message).toBe(DOCUMENT_MESSAGES.URL_NOT_AVAILABLE);
    expect((await fetchUrl(document.url)).json().message).toBe(DOCUMENT_MESSAGES.URL_NOT_AVAILABLE);

    // The signed policy fixes the declared type: a client that changes it is refused, as on S3.
    const wrongType = await upload(
      { ...document.upload, fields: { ...document.upload.fields, 'Content-Type': 'text/html' } },
      { body: '<script>', type: 'text/html', name: 'x.html' },
    );
    expect(wrongType.status).toBe(403);
    const stored = await upload(document.upload, {
      body: '%PDF-1.7 report',
      type: 'application/pdf',
      name: 'r.pdf',
    });
    expect(stored.status).toBe(204);
    expect(existsSync(storedPath(document.file))).toBe(true);

    const opened = await reader.call('GET', `/api/documents/${document.id}/open`);
    expect(opened.statusCode).toBe(200);
    const file = await fetchUrl(opened.json().url);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('%PDF-1.7 report');
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('inline; filename="Q3 report (final).pdf"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain('sandbox');

    const { pathname } = new URL(opened.json().url);
    const forged = await t.app.inject({
      method: 'GET',
      url: `${pathname}?expires=${Math.floor(Date.now() / 1000) + 600}&signature=${'ab'.repeat(32)}`,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(FILE_LINK_INVALID);
    const expired = new URL(opened.json().url);
    expired.searchParams.set('expires', '1000');
    expect((await fetchUrl(expired.toString())).statusCode).toBe(403);

    const renamed = await writer.call('PUT', `/api/documents/${document.id}`, { name: 'Q3 report, final' });
    expect(renamed.json()).toMatchObject({
      name: 'Q3 report, final',
      file: document.file,
      content_type: 'application/pdf',
    });

    const again = await writer.call('POST', `/api/documents/${document.id}/upload`);
    expect(again.statusCode).toBe(200);
    expect(again.json().fields.key).toBe(document.file);

    const deleted = await writer.call('DELETE', `/api/documents/${document.id}`);
    expect(deleted.json()).toEqual({ message: 'Document Q3 report, final deleted' });
    expect(existsSync(storedPath(document.file))).toBe(false);
    expect((await fetchUrl(opened.json().url)).statusCode).toBe(403);
    expect((await reader.call('GET', `/api/documents/${document.id}`)).statusCode).toBe(404);
  });

  it('serves types that could run script as a download, not inline', async () => {
    const created = (
      await owner.call('POST', '/api/documents', {
        repository_id: repositoryId,
        name: 'Page',
        source: 'file',
        filename: 'page.html',
        content_type: 'text/html',
      })
    ).json();
    expect(
      (await upload(created.upload, { body: '<h1>x</h1>', type: 'text/html', name: 'page.html' })).status,
    ).toBe(204);
    const file = await fetchUrl(created.url);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('serves an image whose stored bytes are not its type (as an S3 upload may be) as an opaque download', async () => {
    const created = (
      await owner.call('POST', '/api/documents', {
        repository_id: repositoryId,
        name: 'Chart',
        source: 'file',
        filename: 'chart.png',
        content_type: 'image/png',
      })
    ).json();
    // Written as a direct upload to a bucket would be: the app never sees (or sniffs) the bytes.
    await t.app.fileStore.put(created.file, Buffer.from('<html><script>alert(1)</script></html>'));
    const file = await fetchUrl(created.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses an upload target for a link', async () => {
    const created = (await owner.call('POST', '/api/documents', link())).json();
    const response = await owner.call('POST', `/api/documents/${created.id}/upload`);
    expect(response.statusCode).toBe(400);
  });
});

describe('thumbnails', () => {
  const thumbnail = (filename: string, extra: Record<string, unknown> = {}) => ({
    repository_id: repositoryId,
    name: 'Thumbnail',
    source: 'thumbnail',
    asset_id: stockId,
    filename,
    content_type: 'image/png',
    ...extra,
  });

  it('replaces the old file record and its file, and stays off the documents list', async () => {
    const first = (await owner.call('POST', '/api/documents', thumbnail('first.png'))).json();
    expect(first.file).toBe(`thumbnails/${repositoryId}/${first.id}/first.png`);
    expect(first.upload.fields['Content-Type']).toBe('image/png');
    const notImage = await upload(
      { ...first.upload, fields: { ...first.upload.fields, 'Content-Type': 'text/plain' } },
      { body: 'text', type: 'text/plain', name: 'first.png' },
    );
    expect(notImage.status).toBe(403);
    expect((await upload(first.upload, { body: PNG, type: 'image/png', name: 'first.png' })).status).toBe(
      204,
    );
    const shown = await fetchUrl((await reader.call('GET', `/api/documents/${first.id}`)).json().url);
    expect(shown.rawPayload.equals(PNG)).toBe(true);
    expect(shown.headers['content-type']).toBe('image/png');

    const second = await owner.call(
      'POST',
      '/api/documents',
      thumbnail('second.webp', { content_type: 'image/webp' }),
    );
    expect(second.statusCode).toBe(201);
    expect(existsSync(storedPath(first.file))).toBe(false);
    expect((await owner.call('GET', `/api/documents/${first.id}`)).statusCode).toBe(404);

    const thumbnails = await reader.call(
      'GET',
      `/api/documents?repository_id=${repositoryId}&asset_id=${stockId}&source=thumbnail`,
    );
    expect(thumbnails.json().map((item: { id: string }) => item.id)).toEqual([second.json().id]);
    const documents = await reader.call(
      'GET',
      `/api/documents?repository_id=${repositoryId}&asset_id=${stockId}`,
    );
    expect(documents.json().some((item: { source: string }) => item.source === 'thumbnail')).toBe(false);

    const moved = await owner.call('PUT', `/api/documents/${second.json().id}`, { asset_id: null });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().details.fieldErrors.asset_id).toEqual([`Must be equal to ${stockId}`]);
  });

  it('refuses bytes that are not the declared image type, keeping the file in place', async () => {
    const created = (await owner.call('POST', '/api/documents', thumbnail('logo.png'))).json();
    for (const body of ['<html><script>alert(1)</script></html>', '%PDF-1.4 not a picture']) {
      const response = await upload(created.upload, { body, type: 'image/png', name: 'logo.png' });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: 'BAD_REQUEST',
        message: body.startsWith('%PDF')
          ? 'The file is not of its declared type image/png: its bytes are of type application/pdf'
          : 'The file is not of its declared type image/png: its bytes are of no known image type',
      });
      expect(existsSync(storedPath(created.file))).toBe(false);
    }
    expect((await upload(created.upload, { body: PNG, type: 'image/png', name: 'logo.png' })).status).toBe(
      204,
    );
    const newVersion = (await owner.call('POST', `/api/documents/${created.id}/upload`)).json();
    const again = await upload(newVersion, { body: 'GIF89a? no, text', type: 'image/png', name: 'logo.png' });
    expect(again.status).toBe(400);
    expect((await readFile(storedPath(created.file))).equals(PNG)).toBe(true);
  });

  it('refuses SVG (it can carry script)', async () => {
    const svg = await owner.call(
      'POST',
      '/api/documents',
      thumbnail('logo.svg', { content_type: 'image/svg+xml' }),
    );
    expect(svg.statusCode).toBe(400);
    expect(svg.json().details.fieldErrors).toEqual({ content_type: [DOCUMENT_MESSAGES.IMAGES_ONLY] });
  });
});

describe('document tags', () => {
  it("are unique by name whatever the case (the seed's message), renamed, and taken off documents when deleted", async () => {
    const created = await owner.call('POST', '/api/document_tags', {
      repository_id: repositoryId,
      name: 'Tax',
    });
    expect(created.statusCode).toBe(201);
    const tag = created.json();
    expect(tag).toMatchObject({ name: 'Tax', documents: [] });
    const twin = await writer.call('POST', '/api/document_tags', {
      repository_id: repositoryId,
      name: ' tax ',
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toBe(TAG_MESSAGES.DUPLICATE);
    const blank = await writer.call('POST', '/api/document_tags', { repository_id: repositoryId, name: '' });
    expect(blank.json().details.fieldErrors).toEqual({ name: [MESSAGES.REQUIRED] });
    // Another repository may use the same name.
    const elsewhere = await stranger.call('POST', '/api/document_tags', {
      repository_id: otherRepositoryId,
      name: 'Tax',
    });
    expect(elsewhere.statusCode).toBe(201);

    const document = (await owner.call('POST', '/api/documents', link({ tags: [tag.id] }))).json();
    const listed = (await reader.call('GET', `/api/document_tags?repository_id=${repositoryId}`)).json();
    expect(listed.find((item: { id: string }) => item.id === tag.id).documents).toEqual([document.id]);

    const renamed = await writer.call('PUT', `/api/document_tags/${tag.id}`, { name: 'Taxes' });
    expect(renamed.json()).toMatchObject({ name: 'Taxes', documents: [document.id] });
    expect((await stranger.call('PUT', `/api/document_tags/${tag.id}`, { name: 'x' })).statusCode).toBe(404);
    expect((await reader.call('DELETE', `/api/document_tags/${tag.id}`)).statusCode).toBe(403);

    const deleted = await writer.call('DELETE', `/api/document_tags/${tag.id}`);
    expect(deleted.json()).toEqual({ message: 'Document tag Taxes deleted' });
    expect((await owner.call('GET', `/api/documents/${document.id}`)).json().tags).toEqual([]);
  });
});
