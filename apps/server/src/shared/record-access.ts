import type { TAccessNeed } from '@strata/core/repositories/access-levels';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError, isAppError } from '../plugins/app-error.ts';
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
