import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { assertContentMatches } from './content-sniff.ts';
import type { TFileStore, TPresignedPost, TPresignedPostInput } from './file-store.ts';
import { assertSafeKey } from './storage-key.ts';

export interface TS3FileStoreOptions {
  bucket: string;
  /** Region, endpoint (MinIO, R2, …), path style and credentials; credentials default to AWS's chain. */
  client: S3ClientConfig;
}

function isNotFound(error: unknown): boolean {
  const candidate = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    candidate?.name === 'NoSuchKey' ||
    candidate?.name === 'NotFound' ||
    candidate?.$metadata?.httpStatusCode === 404
  );
}

/** The same port on S3 (or an S3-compatible store): the browser posts straight to the bucket. */
export function createS3FileStore(options: TS3FileStoreOptions): TFileStore {
  const client = new S3Client(options.client);
  const Bucket = options.bucket;

  return {
    kind: 's3',

    async createPresignedPost(input: TPresignedPostInput): Promise<TPresignedPost> {
      const Key = assertSafeKey(input.key);
      const conditions: NonNullable<Parameters<typeof createPresignedPost>[1]['Conditions']> = [
        ['content-length-range', 0, input.maxBytes],
      ];
      const fields: Record<string, string> = {};
      if (input.contentType) {
        conditions.push(['eq', '$Content-Type', input.contentType]);
        fields['Content-Type'] = input.contentType;
      }
      const post = await createPresignedPost(client, {
        Bucket,
        Key,
        Conditions: conditions,
        Fields: fields,
        Expires: input.expiresIn,
      });
      return { url: post.url, fields: post.fields };
    },

    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: assertSafeKey(key) }));
        if (!object.Body) return Buffer.alloc(0);
        // A view, not a copy: an uploaded journal is tens of megabytes, held once.
        const bytes = await object.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async put(key, body, contentType) {
      assertSafeKey(key);
      await assertContentMatches(contentType, body);
      await client.send(
        new PutObjectCommand({ Bucket, Key: assertSafeKey(key), Body: body, ContentType: contentType }),
      );
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertSafeKey(key) }));
    },

    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: assertSafeKey(key) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
  };
}
