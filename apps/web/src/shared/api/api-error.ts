import { ErrorMessage } from '@strata/contracts/error-messages';

export const UNAUTHORIZED_MESSAGE = 'You need to be authorized';
export const NOT_FOUND_MESSAGE = 'Page not found';

export interface TApiErrorInit {
  status: number | null;
  message: string;
  code?: string;
  description?: string;
  details?: unknown;
  fieldErrors?: Record<string, string[]>;
  correlationId?: string;
  isSoftDeleted?: boolean;
  isStale?: boolean;
}

/** Every failed API call becomes one of these; `message` is already the text the user should read. */
export class ApiError extends Error {
  readonly status: number | null;
  readonly code: string | undefined;
  readonly description: string | undefined;
  readonly details: unknown;
  readonly fieldErrors: Record<string, string[]> | undefined;
  readonly correlationId: string | undefined;
  readonly isSoftDeleted: boolean;
  /** 409 STALE_VERSION: the record changed since the version this client edited. */
  readonly isStale: boolean;

  constructor(init: TApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.description = init.description;
    this.details = init.details;
    this.fieldErrors = init.fieldErrors;
    this.correlationId = init.correlationId;
    this.isSoftDeleted = init.isSoftDeleted ?? false;
    this.isStale = init.isStale ?? false;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** A failed save's field errors as one message per field (a form shows them under its inputs), or null. */
export function fieldMessagesOf(error: unknown): Record<string, string> | null {
  if (!isApiError(error) || !error.fieldErrors) return null;
  return Object.fromEntries(
    Object.entries(error.fieldErrors).map(([field, list]) => [field, list.join(', ')]),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Seed §8: an object message reads `field: value1, value2; other: value`. */
export function flattenMessageObject(message: Record<string, unknown>): string {
  return Object.entries(message)
    .map(
      ([field, values]) =>
        `${field}: ${Array.isArray(values) ? values.map(String).join(', ') : String(values)}`,
    )
    .join('; ');
}

function readFieldErrors(details: unknown): Record<string, string[]> | undefined {
  if (!isRecord(details) || !isRecord(details.fieldErrors)) return undefined;
  const result: Record<string, string[]> = {};
  for (const [field, values] of Object.entries(details.fieldErrors)) {
    if (Array.isArray(values)) result[field] = values.map(String);
  }
  return result;
}

/**
 * The one place that turns an HTTP failure into user text (seed §8). `status` is null when the request
 * never got an answer (network down, CORS, DNS).
 */
export function toApiError(status: number | null, body: unknown, correlationId?: string): ApiError {
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : undefined;
  const rawMessage = isRecord(body) ? body.message : undefined;
  const details = isRecord(body) ? body.details : undefined;
  const base = { status, code, details, correlationId, fieldErrors: readFieldErrors(details) };
  const bodyMessage =
    typeof rawMessage === 'string' && rawMessage.trim() !== ''
      ? rawMessage
      : isRecord(rawMessage)
        ? flattenMessageObject(rawMessage)
        : undefined;

  if (status === null || status >= 500) {
    return new ApiError({
      ...base,
      message: ErrorMessage.INTERNAL,
      description: ErrorMessage.INTERNAL_DESCRIPTION,
    });
  }
  switch (status) {
    case 400:
      return new ApiError({ ...base, message: bodyMessage || ErrorMessage.BAD_REQUEST_DEFAULT });
    case 401:
      return new ApiError({ ...base, message: UNAUTHORIZED_MESSAGE });
    case 402:
      return new ApiError({ ...base, message: ErrorMessage.PAYMENT_REQUIRED });
    case 403:
      return new ApiError({ ...base, message: ErrorMessage.FORBIDDEN });
    case 404:
      return new ApiError({ ...base, message: NOT_FOUND_MESSAGE });
    case 409: {
      const message = bodyMessage || ErrorMessage.BAD_REQUEST_DEFAULT;
      const isSoftDeleted =
        code === 'SOFT_DELETED_CONFLICT' || message.toLowerCase().includes(ErrorMessage.SOFT_DELETED_MARKER);
      return new ApiError({ ...base, message, isSoftDeleted, isStale: code === 'STALE_VERSION' });
    }
    default:
      return new ApiError({ ...base, message: bodyMessage || ErrorMessage.BAD_REQUEST_DEFAULT });
  }
}
