import type { TCreateRepositoryBody } from '@strata/contracts/repositories';
import {
  defaultRepositorySettings,
  defaultUserRepoSettings,
} from '@strata/core/repositories/repository-defaults';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../shared/field-error.ts';
import { createRepositoriesRepository } from './repositories.repository.ts';
import { addInitialContent } from './repository-initialization.ts';
import {
  assertKnownCurrency,
  assertNameFree,
  assertPlanAllowsAnother,
  nameTaken,
} from './repository-rules.ts';

/** The rules a new repository must meet before it is inserted (an import checks them when it is queued, too). */
export async function assertRepositoryAllowed(
  db: Kysely<Database>,
  userId: string,
  body: { name: string; currency: string },
): Promise<void> {
  assertKnownCurrency(body.currency);
  await assertPlanAllowsAnother(db, userId);
  await assertNameFree(db, userId, body.name);
}

/**
 * Inserts a repository owned by `userId` under the rules of creating one (a known currency, an active
 * subscription, the plan's limit, a name free among the user's repositories), in the caller's transaction:
 * a caller that writes more into it (a move-in import) keeps the repository only if all of it commits.
 */
export async function insertRepositoryIn(
  trx: Kysely<Database>,
  userId: string,
  body: Pick<TCreateRepositoryBody, 'name' | 'currency' | 'settings' | 'user_repo_settings'>,
): Promise<string> {
  await assertRepositoryAllowed(trx, userId, body);
  try {
    return await createRepositoriesRepository(trx).insert({
      name: body.name,
      currency: body.currency,
      ownerId: userId,
      settings: { ...defaultRepositorySettings(), ...body.settings },
      userRepoSettings: { ...defaultUserRepoSettings(), ...body.user_repo_settings },
    });
  } catch (error) {
    // Two creations of one name at once: the second to insert meets the unique index.
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** A new repository as creating and initialising it make it (POST /repositories, then /initialize), in `trx`. */
export async function createInitialisedRepositoryIn(
  trx: Kysely<Database>,
  userId: string,
  body: { name: string; currency: string },
): Promise<string> {
  const repositoryId = await insertRepositoryIn(trx, userId, body);
  await addInitialContent(trx, {
    repositoryId,
    currency: body.currency,
    userId,
    withDefaultTags: defaultRepositorySettings().init_default_tags,
  });
  return repositoryId;
}
