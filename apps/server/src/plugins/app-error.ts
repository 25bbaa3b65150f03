import { ErrorMessage, type TErrorCode } from '@strata/contracts/errors';

export interface TAppErrorOptions {
  /** Overrides the status the code maps to (plugins/errors.ts); rarely needed. */
  status?: number;
  details?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * An expected failure with a code the client can act on. Services throw it; the error handler in
 * plugins/errors.ts turns it into `{ code, message, details? }` with the code's status.
 */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: TErrorCode, message: string, options: TAppErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status;
    this.details = options.details;
  }

  static notFound(message: string): AppError {
    return new AppError('NOT_FOUND', message);
  }

  static forbidden(message: string = ErrorMessage.FORBIDDEN): AppError {
    return new AppError('FORBIDDEN', message);
  }

  static paymentRequired(message: string = ErrorMessage.PAYMENT_REQUIRED): AppError {
    return new AppError('PAYMENT_REQUIRED', message);
  }

  static conflict(message: string): AppError {
    return new AppError('CONFLICT', message);
  }

  /** The seed's web client recognises this case by the words 'soft deleted' in the message. */
  static softDeletedConflict(message: string): AppError {
    return new AppError('SOFT_DELETED_CONFLICT', message);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
