import { z } from 'zod';

/**
 * Environment of the file store, part of the app's config (plugins/config.ts, which also checks that
 * S3_BUCKET is set when FILE_STORE=s3). S3 credentials come from AWS's usual chain (AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, a profile or an instance role), so no secret is held here.
 */
export const ZFileStoreEnv = z.object({
  FILE_STORE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** For S3-compatible stores (MinIO, R2, …). */
  S3_ENDPOINT: z.url({ error: 'must be a URL' }).optional(),
  S3_FORCE_PATH_STYLE: z.stringbool({ error: 'must be true or false' }).default(false),
  /** The largest upload any presigned POST allows, in bytes (default 100 MiB). */
  UPLOAD_MAX_BYTES: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .default(100 * 1024 * 1024),
  /**
   * The largest journal a move-in uploads (POST journal_imports/uploads), in bytes: a 100k-transaction
   * ledger journal with its 2.6M prices is 82 MB; 200 MB as the JSON route's `journal` allows.
   */
  JOURNAL_UPLOAD_MAX_BYTES: z.coerce.number({ error: 'must be a number' }).int().min(1).default(200_000_000),
});
export type TFileStoreEnv = z.infer<typeof ZFileStoreEnv>;
