import type { TAccessNeed } from '@strata/core/repositories/access-levels';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError, isAppError } from '../../plugins/app-error.ts';
import { flattenFieldErrors } from '../../plugins/errors.ts';
import { requireRepositoryAccess, type TAccessUser, type TRepositoryAccess } from './repository-access.ts';

/**
 * Access to a record reached by its own id (an asset, a price, a tag): the record's repository decides.
 * A record of a repository the caller is not a member of answers the same 404 as a record that does not
 * exist, so ids reveal nothing across repositories.
 */
export async function requireRecordAccess(
  db: Kysely<Database>,
  user: TAccessUser | null | undefined,
  repositoryId: string | undefined,
  need: TAccessNeed,
  notFoundMessage: string,
): Promise<TRepositoryAccess> {
  if (!user) throw new AppError('UNAUTHORIZED', 'You need to be authorized');
  if (repositoryId === undefined) {
    // Still check the subscription first, so an inactive one answers 402 whatever the id.
    await requireRepositoryAccess(db, user, '00000000-0000-0000-0000-000000000000', need).catch((error) => {
      if (!isAppError(error) || error.code !== 'NOT_FOUND') throw error;
    });
    throw AppError.notFound(notFoundMessage);
  }
  try {
    return await requireRepositoryAccess(db, user, repositoryId, need);
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') throw AppError.notFound(notFoundMessage);
    throw error;
  }
}

/** A 400 with the seed's `field: message` text and the field errors in details. */
export function fieldError(fieldErrors: Record<string, string[]>): AppError {
  return new AppError('VALIDATION_FAILED', flattenFieldErrors(fieldErrors), { details: { fieldErrors } });
}

/** The row is still referenced: a foreign-key violation, or (ON DELETE RESTRICT) a restrict violation. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '23503' || code === '23001';
}
