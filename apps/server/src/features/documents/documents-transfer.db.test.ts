import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import { exportRepository, importRepository } from '../repositories/index.ts';
import {
  createRepositoryAs,
  createTestUser,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';

let t: TIdentityTestApp;
let baseUrl: string;
let owner: TTestUser;
let sourceId: string;

beforeAll(async () => {
  t = await createIdentityTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await createTestUser(t, 'documents-transfer@example.com');
  sourceId = await createRepositoryAs(owner, 'Documents source');
  const fund = await owner.call('POST', '/api/assets', {
    repository_id: sourceId,
    type: 'stock',
    name: 'Northwind Fund III',
    ticker: 'NGF3',
    currency: 'USD',
  });
  const fundId = fund.json().id;
  await owner.call('POST', '/api/contact_info', {
    repository_id: sourceId,
    name: 'Maria Jensen',
    email: 'maria.jensen@northwind.example',
    company: 'Northwind Capital Partners',
    assets: [fundId],
  });
  await owner.call('POST', '/api/contact_info', { repository_id: sourceId, name: 'No assets' });
  const legal = (
    await owner.call('POST', '/api/document_tags', { repository_id: sourceId, name: 'Legal' })
  ).json();
  await owner.call('POST', '/api/document_tags', { repository_id: sourceId, name: 'Unused' });
  await owner.call('POST', '/api/documents', {
    repository_id: sourceId,
    name: 'Fund III LPA',
    source: 'url',
    path: 'https://northwind.example/fund-iii/lpa.pdf',
    asset_id: fundId,
    tags: [legal.id],
  });
  const file = (
    await owner.call('POST', '/api/documents', {
      repository_id: sourceId,
      name: 'Capital call',
      source: 'file',
      filename: 'call.pdf',
      content_type: 'application/pdf',
      asset_id: fundId,
    })
  ).json();
  const form = new FormData();
  for (const [name, value] of Object.entries(file.upload.fields as Record<string, string>))
    form.append(name, value);
  form.append('file', new Blob(['%PDF call'], { type: 'application/pdf' }), 'call.pdf');
  const stored = await fetch(new URL(new URL(file.upload.url).pathname, baseUrl), {
    method: 'POST',
    body: form,
  });
  if (stored.status !== 204) throw new Error(`upload: ${stored.status}`);
  await owner.call('POST', '/api/documents', {
    repository_id: sourceId,
    name: 'Logo',
    source: 'thumbnail',
    filename: 'logo.png',
    content_type: 'image/png',
    asset_id: fundId,
  });
});
afterAll(async () => {
  await t?.close();
});

/** The documents part with ids replaced by what they name, so two repositories' exports compare. */
async function documentsPart(repositoryId: string) {
  const file = await exportRepository(t.app.db, t.app.fileStore, repositoryId);
  const assetName = new Map(file.assets.map((asset) => [asset.id, asset.name]));
  const contactName = new Map(file.contacts.map((contact) => [contact.id, contact.name]));
  const tagName = new Map(file.document_tags.map((tag) => [tag.id, tag.name]));
  const documentName = new Map(file.documents.map((document) => [document.id, document.name]));
  return {
    contacts: file.contacts.map(({ id: _id, ...contact }) => contact),
    asset_contacts: file.asset_contacts.map((row) => [
      contactName.get(row.contact_id),
      assetName.get(row.asset_id),
    ]),
    document_tags: file.document_tags.map((tag) => tag.name),
    documents: file.documents.map(({ id: _id, asset_id, ...document }) => ({
      ...document,
      asset: asset_id ? assetName.get(asset_id) : null,
    })),
    document_tag_links: file.document_tag_links.map((row) => [
      documentName.get(row.document_id),
      tagName.get(row.document_tag_id),
    ]),
  };
}

describe('export and import of contacts and documents', () => {
  it('round-trips contacts, document tags, documents (stored files as their bytes) and their links', async () => {
    const before = await documentsPart(sourceId);
    expect(before.contacts).toHaveLength(2);
    expect(before.asset_contacts).toEqual([['Maria Jensen', 'Northwind Fund III']]);
    expect(before.documents.map((document) => document.source).sort()).toEqual(['file', 'thumbnail', 'url']);
    expect(before.document_tag_links).toEqual([['Fund III LPA', 'Legal']]);
    // The uploaded file travels as base64 ('%PDF call'); the thumbnail was never uploaded; a link has none.
    const contentOf = (name: string) => before.documents.find((document) => document.name === name)?.content;
    expect(contentOf('Capital call')).toBe('JVBERiBjYWxs');
    expect(contentOf('Logo')).toBeNull();
    expect(contentOf('Fund III LPA')).toBeNull();
    expect(before.documents.every((document) => !('file_key' in document))).toBe(true);

    const { repositoryId } = await importRepository(t.app.db, t.app.fileStore, {
      userId: owner.id,
      name: 'Documents copy',
      data: JSON.stringify(await exportRepository(t.app.db, t.app.fileStore, sourceId)),
    });
    expect(await documentsPart(repositoryId)).toEqual(before);

    // The copy has its own stored file, under its own repository; deleting it keeps the original's.
    const copies = await owner.call('GET', `/api/documents?repository_id=${repositoryId}&source=file`);
    const copy = copies.json()[0];
    expect(copy.file).toBe(`documents/${repositoryId}/${copy.id}/call.pdf`);
    const opened = await owner.call('GET', `/api/documents/${copy.id}/open`);
    expect(opened.statusCode).toBe(200);
    const { pathname, search } = new URL(opened.json().url);
    expect((await t.app.inject({ method: 'GET', url: `${pathname}${search}` })).body).toBe('%PDF call');
    await owner.call('DELETE', `/api/documents/${copy.id}`);
    expect(existsSync(join(t.dataDir, 'files', copy.file))).toBe(false);
    const original = (
      await owner.call('GET', `/api/documents?repository_id=${sourceId}&source=file`)
    ).json()[0];
    expect(existsSync(join(t.dataDir, 'files', original.file))).toBe(true);
    expect((await owner.call('GET', `/api/documents/${original.id}/open`)).statusCode).toBe(200);
  });

  it('refuses a file whose documents point outside it, writing nothing', async () => {
    const file = await exportRepository(t.app.db, t.app.fileStore, sourceId);
    const broken = {
      ...file,
      documents: file.documents.map((document) => ({
        ...document,
        asset_id: '00000000-0000-4000-8000-000000000000',
      })),
    };
    await expect(
      importRepository(t.app.db, t.app.fileStore, { userId: owner.id, name: 'Broken docs', data: broken }),
    ).rejects.toThrow(/names an unknown asset/);
    const names = (await owner.call('GET', '/api/repositories'))
      .json()
      .map((repository: { name: string }) => repository.name);
    expect(names).not.toContain('Broken docs');
  });

  it('writes an imported thumbnail only when its bytes are its declared image type', async () => {
    const file = await exportRepository(t.app.db, t.app.fileStore, sourceId);
    const withLogo = (content: string) => ({
      ...file,
      documents: file.documents.map((document) =>
        document.name === 'Logo' ? { ...document, content } : document,
      ),
    });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const storedFiles = async () =>
      (await readdir(join(t.dataDir, 'files'), { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name))
        .sort();
    const before = await storedFiles();
    await expect(
      importRepository(t.app.db, t.app.fileStore, {
        userId: owner.id,
        name: 'Fake logo',
        data: withLogo(Buffer.from('<script>alert(1)</script>').toString('base64')),
      }),
    ).rejects.toThrow('The file is not of its declared type image/png: its bytes are of no known image type');
    const names = (await owner.call('GET', '/api/repositories'))
      .json()
      .map((row: { name: string }) => row.name);
    expect(names).not.toContain('Fake logo');
    // The capital call, written before the thumbnail failed, was removed again.
    expect(await storedFiles()).toEqual(before);

    const { repositoryId } = await importRepository(t.app.db, t.app.fileStore, {
      userId: owner.id,
      name: 'Real logo',
      data: withLogo(png.toString('base64')),
    });
    const [logo] = (
      await owner.call('GET', `/api/documents?repository_id=${repositoryId}&source=thumbnail`)
    ).json();
    expect((await readFile(join(t.dataDir, 'files', logo.file))).equals(png)).toBe(true);
  });

  it('imports an export without these arrays (older files)', async () => {
    const file = await exportRepository(t.app.db, t.app.fileStore, sourceId);
    const { contacts, asset_contacts, document_tags, documents, document_tag_links, ...older } = file;
    const { repositoryId } = await importRepository(t.app.db, t.app.fileStore, {
      userId: owner.id,
      name: 'Older',
      data: older,
    });
    expect((await owner.call('GET', `/api/contact_info?repository_id=${repositoryId}`)).json()).toEqual([]);
  });
});
