import multipart from '@fastify/multipart';
import { createFileUpload, uploadFile } from '@strata/contracts/uploads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../plugins/app-error.ts';
import { routeFrom } from '../../plugins/route-from-endpoint.ts';
import {
  ContentTypeMismatchError,
  FileTooLargeError,
  LOCAL_UPLOAD_FIELDS,
  type TLocalFileStore,
} from '../../storage/local-file-store.ts';
import { UploadPolicyError } from '../../storage/upload-policy.ts';
import { registerRepositoryImportTask } from './repository-import.task.ts';
import { AWAIT_UPLOAD_QUEUE } from './upload-target.ts';
import { createUploadsService } from './uploads.service.ts';

const ZAwaitUpload = z.object({ taskId: z.string(), key: z.string(), expiresAt: z.number() });

/**
 * A body that is not well-formed multipart, as @fastify/busboy reports it: plain Errors with only a message
 * (no code), for what is the client's fault: a body cut off before its closing boundary, a missing boundary.
 */
function brokenMultipartOf(error: unknown): AppError | undefined {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== undefined) return undefined;
  if (/unexpected end of multipart data/i.test(error.message))
    return new AppError('BAD_REQUEST', 'The multipart body ended before its closing boundary');
  if (/boundary not found|boundary required|needle cannot be an empty/i.test(error.message))
    return new AppError('BAD_REQUEST', 'The multipart content type names no boundary');
  return undefined;
}

/** The upload errors as API errors: a policy that does not allow the upload is 403, as on S3. */
function uploadErrorOf(error: unknown): unknown {
  const broken = brokenMultipartOf(error);
  if (broken) return broken;
  if (error instanceof UploadPolicyError || error instanceof ContentTypeMismatchError) {
    return new AppError('FORBIDDEN', error.message);
  }
  if (error instanceof FileTooLargeError) return new AppError('PAYLOAD_TOO_LARGE', error.message);
  return error;
}

/**
 * POST /file_upload (an upload target and its task) and POST /files/upload (the local store's upload
 * target), mounted under /api. The second needs no session: its signed policy is the permission, as with
 * an S3 presigned POST (seed §7: stored-file hosts get no authorization header).
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before uploadsRoutes');
  if (!app.hasDecorator('tasks') || !app.hasDecorator('fileStore')) {
    throw new Error('register jobsPlugin and fileStorePlugin before uploadsRoutes');
  }
  const service = createUploadsService({
    db: app.db,
    fileStore: app.fileStore,
    tasks: app.tasks,
    jobs: app.jobs,
    maxBytes: app.uploadMaxBytes,
  });
  registerRepositoryImportTask(app.tasks, app.fileStore);
  app.jobs.define(AWAIT_UPLOAD_QUEUE, async (data) => {
    const watch = ZAwaitUpload.safeParse(data);
    if (watch.success) await service.awaitUpload(watch.data);
  });

  // Encapsulated here: only these routes parse multipart bodies.
  await app.register(multipart, {
    // Each upload's own limit is its signed policy's (a journal's is larger), which writeStream enforces;
    // this one only caps them all, a byte above the largest: a file cut at exactly this cap ends as if it
    // were whole, so at the policy's own size it was stored truncated, answered 413 and its target spent.
    limits: {
      fileSize: Math.max(app.uploadMaxBytes, app.journalUploadMaxBytes) + 1,
      files: 1,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: 21,
    },
  });

  const tags = ['uploads'];
  routeFrom(app, createFileUpload, {
    tags,
    preValidation: app.authenticate,
    handler: async (request) => {
      if (!request.user) throw new AppError('UNAUTHORIZED', 'You need to be authorized');
      return service.createFileUpload(request.user, request.body);
    },
  });

  routeFrom(app, uploadFile, {
    tags,
    handler: async (request) => {
      const store: TLocalFileStore | null = app.localFileStore;
      if (!store) throw AppError.notFound('Uploads go straight to the file store');
      if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 'Send the upload as multipart/form-data');
      const fields: Record<string, string> = {};
      let storedKey: string | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            // As on S3, fields after the file do not count.
            if (!storedKey) fields[part.fieldname] = String(part.value);
            continue;
          }
          if (storedKey) {
            part.file.resume();
            continue;
          }
          const policy = store.verifyUpload(fields, part.mimetype);
          const signature = fields[LOCAL_UPLOAD_FIELDS.signature] as string;
          await service.storeOnce({ signature, expiresAt: policy.expiresAt }, async () => {
            await store.writeStream(policy.key, part.file, policy.maxBytes, policy.contentType);
          });
          storedKey = policy.key;
        }
      } catch (error) {
        throw uploadErrorOf(error);
      }
      if (!storedKey) throw new AppError('BAD_REQUEST', 'The form has no file');
      await service.fileUploaded(storedKey);
      // 204, the contract's success: no body.
      return null;
    },
  });
};
