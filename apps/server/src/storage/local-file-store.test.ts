import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentSniffError } from './content-sniff.ts';
import { ContentTypeMismatchError, createLocalFileStore, FileTooLargeError } from './local-file-store.ts';
import { UnsafeKeyError } from './storage-key.ts';
import { UploadPolicyError } from './upload-policy.ts';

let root: string;
let clock = 1_000_000;
const store = () =>
  createLocalFileStore({
    rootDir: join(root, 'files'),
    uploadUrl: 'http://localhost:3000/api/files/upload',
    secret: 's3cret',
    now: () => clock,
  });

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'strata-local-store-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('local file store', () => {
  it('writes, reads, tells and deletes by key, inside its folder only', async () => {
    const files = store();
    expect(await files.exists('a/b.txt')).toBe(false);
    expect(await files.get('a/b.txt')).toBeUndefined();
    await files.put('a/b.txt', Buffer.from('hello'));
    expect(await files.exists('a/b.txt')).toBe(true);
    expect((await files.get('a/b.txt'))?.toString()).toBe('hello');
    await files.delete('a/b.txt');
    await files.delete('a/b.txt');
    expect(await files.exists('a/b.txt')).toBe(false);
    // A file beside the folder stays out of reach.
    await writeFile(join(root, 'outside.txt'), 'secret');
    await expect(files.get('../outside.txt')).rejects.toThrow(UnsafeKeyError);
    await expect(files.exists('/etc/passwd')).rejects.toThrow(UnsafeKeyError);
    await expect(files.put('../x', Buffer.from('x'))).rejects.toThrow(UnsafeKeyError);
    await expect(files.delete('../outside.txt')).rejects.toThrow(UnsafeKeyError);
  });

  it('makes an S3-shaped presigned post whose fields pass its own check', async () => {
    const files = store();
    const post = await files.createPresignedPost({
      key: 'uploads/r.json',
      contentType: 'application/json',
      maxBytes: 10,
      expiresIn: 60,
    });
    expect(post.url).toBe('http://localhost:3000/api/files/upload');
    expect(Object.keys(post.fields)).toEqual(['key', 'Content-Type', 'policy', 'signature']);
    expect(files.verifyUpload(post.fields, 'application/octet-stream')).toMatchObject({
      key: 'uploads/r.json',
      maxBytes: 10,
      expiresAt: clock + 60_000,
    });
    await expect(files.createPresignedPost({ key: '../r.json', maxBytes: 1, expiresIn: 1 })).rejects.toThrow(
      UnsafeKeyError,
    );
  });

  it('refuses an expired policy, another key and another content type', async () => {
    const files = store();
    const post = await files.createPresignedPost({
      key: 'uploads/t.json',
      contentType: 'application/json',
      maxBytes: 10,
      expiresIn: 60,
    });
    expect(() => files.verifyUpload({ ...post.fields, key: 'uploads/other.json' }, undefined)).toThrow(
      UploadPolicyError,
    );
    expect(() => files.verifyUpload({ ...post.fields, 'Content-Type': 'text/plain' }, undefined)).toThrow(
      ContentTypeMismatchError,
    );
    const { 'Content-Type': _declared, ...withoutType } = post.fields;
    expect(() => files.verifyUpload(withoutType, 'text/csv')).toThrow(ContentTypeMismatchError);
    expect(files.verifyUpload(withoutType, 'application/json').key).toBe('uploads/t.json');
    clock += 60_000;
    expect(() => files.verifyUpload(post.fields, undefined)).toThrow('The upload policy has expired');
  });

  it('streams up to the size limit and keeps nothing of a file that is too large', async () => {
    const files = store();
    expect(await files.writeStream('s/ok.bin', Readable.from([Buffer.alloc(6), Buffer.alloc(4)]), 10)).toBe(
      10,
    );
    expect((await files.get('s/ok.bin'))?.length).toBe(10);
    await expect(
      files.writeStream('s/big.bin', Readable.from([Buffer.alloc(6), Buffer.alloc(5)]), 10),
    ).rejects.toThrow(FileTooLargeError);
    expect(await files.exists('s/big.bin')).toBe(false);
    expect(await readdir(join(root, 'files', '.partial'))).toEqual([]);
  });

  it('keeps an image only when its magic bytes are its declared type, leaving the one in place otherwise', async () => {
    const files = store();
    // The PNG signature and IHDR chunk, in small chunks: the sniffer sees the head across them.
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const chunks = (bytes: Buffer) =>
      Readable.from([bytes.subarray(0, 3), bytes.subarray(3, 9), bytes.subarray(9)]);
    expect(await files.writeStream('t/logo.png', chunks(png), 100, 'image/png')).toBe(png.length);
    const html = Buffer.from('<svg onload="alert(1)"></svg>');
    await expect(files.writeStream('t/logo.png', chunks(html), 100, 'image/png')).rejects.toThrow(
      ContentSniffError,
    );
    await expect(files.put('t/logo.png', html, 'image/png')).rejects.toThrow(
      'The file is not of its declared type image/png: its bytes are of no known image type',
    );
    await expect(files.put('t/logo.png', png, 'image/jpeg')).rejects.toThrow(
      'The file is not of its declared type image/jpeg: its bytes are of type image/png',
    );
    expect((await files.get('t/logo.png'))?.equals(png)).toBe(true);
    expect(await readdir(join(root, 'files', '.partial'))).toEqual([]);
    // Types other than images are not sniffed: a CSV or a PDF keeps its declared type as given.
    await files.put('t/data.csv', html, 'text/csv');
    expect(await files.exists('t/data.csv')).toBe(true);
  });
});
