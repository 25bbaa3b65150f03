import { z } from 'zod';

/** Every error the API can answer with. The HTTP status for each lives in one map on the server. */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  PAYMENT_REQUIRED: 'PAYMENT_REQUIRED',
  FORBIDDEN: 'FORBIDDEN',
  /** A write (or WebSocket handshake) from a page of another origin. */
  CROSS_ORIGIN: 'CROSS_ORIGIN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  SOFT_DELETED_CONFLICT: 'SOFT_DELETED_CONFLICT',
  /** The record changed since the version the client edited (If-Match or a `version` field). */
  STALE_VERSION: 'STALE_VERSION',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;

export type TErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ZErrorCode = z.enum(Object.values(ErrorCode) as [TErrorCode, ...TErrorCode[]]);

export const ZFieldErrors = z.record(z.string(), z.array(z.string()));
export type TFieldErrors = z.infer<typeof ZFieldErrors>;

export const ZErrorBody = z.object({
  code: ZErrorCode,
  message: z.string(),
  details: z.object({ fieldErrors: ZFieldErrors.optional() }).catchall(z.unknown()).optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

/**
 * A shared record's version: every update raises it by one. Responses carry it; an update may send the one
 * it edited (this field, or an `If-Match: "N"` header) and a stale one answers 409 STALE_VERSION.
 */
export const ZVersion = z.number().int().min(1);

// The fixed texts live in a zod-free module so the web app's first load does not pull zod in.
export { ErrorMessage } from './error-messages.ts';
