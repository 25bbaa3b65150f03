import { AppError } from '../plugins/app-error.ts';
import { flattenFieldErrors } from '../plugins/errors.ts';

/** A 400 with the seed's `field: message` text and the field errors in details. */
export function fieldError(fieldErrors: Record<string, string[]>): AppError {
  return new AppError('VALIDATION_FAILED', flattenFieldErrors(fieldErrors), { details: { fieldErrors } });
}

/** The row is still referenced: a foreign-key violation, or (ON DELETE RESTRICT) a restrict violation. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '23503' || code === '23001';
}

/** PostgreSQL unique_violation: a concurrent create took the name between our check and the insert. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
