/**
 * Where uploaded and generated files live. The port mirrors S3: a client uploads straight to the store
 * with a presigned POST (url + form fields, the file last), the server reads, writes and deletes by key.
 * Adapters: local-file-store.ts (default, DATA_DIR/files) and s3-file-store.ts.
 */

export interface TPresignedPostInput {
  /** The object key; see storage-key.ts for the allowed shape (any other key is an UnsafeKeyError, a 400). */
  key: string;
  /** When set, the upload must declare exactly this content type. */
  contentType?: string;
  /** The largest file the upload may carry, in bytes. */
  maxBytes: number;
  /** Seconds until the upload target stops accepting. */
  expiresIn: number;
}

export interface TPresignedPost {
  url: string;
  /** Form fields to send before the file (key, policy, signature, Content-Type, …). */
  fields: Record<string, string>;
}

export interface TFileStore {
  readonly kind: 'local' | 's3';
  createPresignedPost(input: TPresignedPostInput): Promise<TPresignedPost>;
  /** The file's bytes, or undefined when there is no such key. */
  get(key: string): Promise<Buffer | undefined>;
  /** An image `contentType` must match the bytes' magic numbers (content-sniff.ts), or nothing is written. */
  put(key: string, body: Uint8Array, contentType?: string): Promise<void>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}
