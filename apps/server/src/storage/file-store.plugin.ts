import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TFileStore } from './file-store.ts';
import type { TFileStoreEnv } from './file-store-config.ts';
import { createLocalFileStore, type TLocalFileStore } from './local-file-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    fileStore: TFileStore;
    /** The same store when it is the local one (the upload route needs it); otherwise null. */
    localFileStore: TLocalFileStore | null;
    /** The largest upload any presigned POST allows, in bytes. */
    uploadMaxBytes: number;
    /** The largest journal a move-in uploads, in bytes (journal-imports' upload target). */
    journalUploadMaxBytes: number;
    /** Signs the short-lived addresses of stored documents (features/documents/document-links.ts). */
    fileLinkSecret: string;
    /** The app's public URL, for absolute addresses of stored files. */
    fileLinkBaseUrl: string;
  }
}

/** The path of the local store's upload route under the public URL. */
export const LOCAL_UPLOAD_PATH = '/api/files/upload';

export interface TFileStorePluginOptions {
  env: TFileStoreEnv;
  dataDir: string;
  publicUrl: string;
  /** The app's secret; upload policies are signed with a key derived from it. */
  secret: string;
}

/** A key of its own for download links, so a link's signature says nothing about the app secret. */
export function fileLinkSecretOf(appSecret: string): string {
  return createHmac('sha256', appSecret).update('strata:file-download-link').digest('hex');
}

/** A key of its own for upload policies, so an upload signature says nothing about the app secret. */
export function uploadPolicySecretOf(appSecret: string): string {
  return createHmac('sha256', appSecret).update('strata:file-upload-policy').digest('hex');
}

export async function createFileStore(options: TFileStorePluginOptions): Promise<TFileStore> {
  const { env } = options;
  if (env.FILE_STORE === 's3') {
    // The AWS SDK is large and slow to load: only a server that stores in S3 pays for it.
    const { createS3FileStore } = await import('./s3-file-store.ts');
    return createS3FileStore({
      bucket: env.S3_BUCKET as string,
      client: { region: env.S3_REGION, endpoint: env.S3_ENDPOINT, forcePathStyle: env.S3_FORCE_PATH_STYLE },
    });
  }
  return createLocalFileStore({
    rootDir: join(options.dataDir, 'files'),
    uploadUrl: `${options.publicUrl}${LOCAL_UPLOAD_PATH}`,
    secret: uploadPolicySecretOf(options.secret),
  });
}

export const fileStorePlugin = fp<TFileStorePluginOptions>(
  async (app: FastifyInstance, options) => {
    const store = await createFileStore(options);
    app.decorate('fileStore', store);
    app.decorate('localFileStore', store.kind === 'local' ? (store as TLocalFileStore) : null);
    app.decorate('uploadMaxBytes', options.env.UPLOAD_MAX_BYTES);
    app.decorate('journalUploadMaxBytes', options.env.JOURNAL_UPLOAD_MAX_BYTES);
    app.decorate('fileLinkSecret', fileLinkSecretOf(options.secret));
    app.decorate('fileLinkBaseUrl', options.publicUrl);
  },
  { name: 'file-store' },
);
