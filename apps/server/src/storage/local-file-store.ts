import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertContentMatches, isSniffedType, SNIFF_BYTES } from './content-sniff.ts';
import type { TFileStore, TPresignedPost, TPresignedPostInput } from './file-store.ts';
import { assertSafeKey, UnsafeKeyError } from './storage-key.ts';
import {
  signUploadPolicy,
  type TUploadPolicy,
  UploadPolicyError,
  verifyUploadPolicy,
} from './upload-policy.ts';

export class FileTooLargeError extends Error {
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    super(`The file is larger than this upload allows (${maxBytes} bytes)`);
    this.name = 'FileTooLargeError';
    this.maxBytes = maxBytes;
  }
}

export class ContentTypeMismatchError extends Error {
  constructor(expected: string, actual: string | undefined) {
    super(`The upload must be of type ${expected}, not ${actual || '(none)'}`);
    this.name = 'ContentTypeMismatchError';
  }
}

export interface TLocalFileStoreOptions {
  /** The folder that holds every file; nothing outside it is ever read or written. */
  rootDir: string;
  /** Absolute URL of the upload route (POST /api/files/upload). */
  uploadUrl: string;
  /** Signs the upload policies. */
  secret: string;
  now?: () => number;
}

export interface TLocalFileStore extends TFileStore {
  readonly kind: 'local';
  /**
   * Checks an upload's form fields against their signed policy: signature, expiry, a safe key and the
   * declared content type (the `Content-Type` field, as S3 reads it, else the file part's own type).
   */
  verifyUpload(fields: Record<string, string>, fileContentType: string | undefined): TUploadPolicy;
  /**
   * Streams a file in under `key`; past `maxBytes` it stops with FileTooLargeError and keeps nothing. An
   * image `contentType` is checked against the file's magic bytes (ContentSniffError, nothing kept).
   */
  writeStream(key: string, stream: Readable, maxBytes: number, contentType?: string): Promise<number>;
}

/** Upload form field names; S3's are `key`, `Content-Type`, `Policy`, `X-Amz-Signature`. */
export const LOCAL_UPLOAD_FIELDS = {
  key: 'key',
  contentType: 'Content-Type',
  policy: 'policy',
  signature: 'signature',
};

export function createLocalFileStore(options: TLocalFileStoreOptions): TLocalFileStore {
  const root = resolve(options.rootDir);
  // Partial uploads go here; its name cannot be a key (keys start with a letter, digit or _).
  const partialDir = join(root, '.partial');
  const now = options.now ?? Date.now;

  function pathOf(key: string): string {
    assertSafeKey(key);
    const path = resolve(root, key);
    // Belt and braces: the key rule already forbids anything that could leave the root.
    if (!path.startsWith(root + sep)) throw new UnsafeKeyError(key);
    return path;
  }

  async function missingAsUndefined<T>(work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async function writeAtomically(path: string, write: (partialPath: string) => Promise<void>): Promise<void> {
    await mkdir(partialDir, { recursive: true });
    const partialPath = join(partialDir, randomBytes(12).toString('hex'));
    try {
      await write(partialPath);
      await mkdir(dirname(path), { recursive: true });
      await rename(partialPath, path);
    } catch (error) {
      await rm(partialPath, { force: true });
      throw error;
    }
  }

  return {
    kind: 'local',

    async createPresignedPost(input: TPresignedPostInput): Promise<TPresignedPost> {
      pathOf(input.key);
      const policy: TUploadPolicy = {
        key: input.key,
        maxBytes: input.maxBytes,
        expiresAt: now() + input.expiresIn * 1000,
        ...(input.contentType ? { contentType: input.contentType } : {}),
      };
      const signed = signUploadPolicy(policy, options.secret);
      const fields: Record<string, string> = { [LOCAL_UPLOAD_FIELDS.key]: input.key };
      if (input.contentType) fields[LOCAL_UPLOAD_FIELDS.contentType] = input.contentType;
      fields[LOCAL_UPLOAD_FIELDS.policy] = signed.policy;
      fields[LOCAL_UPLOAD_FIELDS.signature] = signed.signature;
      return { url: options.uploadUrl, fields };
    },

    verifyUpload(fields, fileContentType) {
      const policy = verifyUploadPolicy(
        fields[LOCAL_UPLOAD_FIELDS.policy],
        fields[LOCAL_UPLOAD_FIELDS.signature],
        options.secret,
        now(),
      );
      pathOf(policy.key);
      const key = fields[LOCAL_UPLOAD_FIELDS.key];
      if (key !== undefined && key !== policy.key) {
        throw new UploadPolicyError('BAD_SIGNATURE', 'The key does not match the upload policy');
      }
      if (policy.contentType) {
        const declared = fields[LOCAL_UPLOAD_FIELDS.contentType] ?? fileContentType;
        if (declared !== policy.contentType) throw new ContentTypeMismatchError(policy.contentType, declared);
      }
      return policy;
    },

    async writeStream(key, stream, maxBytes, contentType) {
      const path = pathOf(key);
      let size = 0;
      const head: Buffer[] = [];
      let headBytes = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > maxBytes) return callback(new FileTooLargeError(maxBytes));
          if (headBytes < SNIFF_BYTES && isSniffedType(contentType)) {
            head.push(chunk);
            headBytes += chunk.length;
          }
          callback(null, chunk);
        },
      });
      await writeAtomically(path, async (partialPath) => {
        await pipeline(stream, limit, createWriteStream(partialPath));
        // Before the rename: a file that is not what it claims never replaces the one in place.
        await assertContentMatches(contentType, Buffer.concat(head));
      });
      return size;
    },

    async get(key) {
      const path = pathOf(key);
      return missingAsUndefined(() => readFile(path));
    },

    async put(key, body, contentType) {
      const path = pathOf(key);
      await assertContentMatches(contentType, body);
      await writeAtomically(path, (partialPath) => writeFile(partialPath, body));
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async exists(key) {
      const path = pathOf(key);
      const found = await missingAsUndefined(() => stat(path));
      return found?.isFile() === true;
    },
  };
}
