import { describe, expect, it } from 'vitest';
import { ContentSniffError } from './content-sniff.ts';
import { createS3FileStore } from './s3-file-store.ts';
import { UnsafeKeyError } from './storage-key.ts';

/** Presigning is local (no request to S3), so the policy the browser will send can be checked here. */
describe('S3 file store presigned post', () => {
  const store = createS3FileStore({
    bucket: 'strata-files',
    client: {
      region: 'eu-central-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      },
    },
  });

  it('limits the size and content type and fixes the key in the signed policy', async () => {
    const post = await store.createPresignedPost({
      key: 'uploads/repository/abc.json',
      contentType: 'application/json',
      maxBytes: 1234,
      expiresIn: 900,
    });
    expect(post.url).toBe('http://127.0.0.1:9000/strata-files');
    expect(post.fields).toMatchObject({
      key: 'uploads/repository/abc.json',
      'Content-Type': 'application/json',
      bucket: 'strata-files',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    });
    expect(post.fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
    const policy = JSON.parse(Buffer.from(post.fields.Policy ?? '', 'base64').toString('utf8'));
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 0, 1234],
        ['eq', '$Content-Type', 'application/json'],
        { key: 'uploads/repository/abc.json' },
        { bucket: 'strata-files' },
      ]),
    );
    const lifetime = Date.parse(policy.expiration) - Date.now();
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(900_000);
  });

  it('refuses an image whose bytes are not its declared type before sending anything', async () => {
    await expect(store.put('thumbnails/r/d/logo.png', Buffer.from('<html>'), 'image/png')).rejects.toThrow(
      ContentSniffError,
    );
    await expect(store.put('../x', Buffer.from('x'))).rejects.toThrow(UnsafeKeyError);
  });

  it('refuses an unsafe key before signing anything', async () => {
    await expect(store.createPresignedPost({ key: '../x', maxBytes: 1, expiresIn: 1 })).rejects.toThrow(
      UnsafeKeyError,
    );
  });
});
