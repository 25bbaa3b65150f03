import type { TPlanFeature } from '@strata/core/plans/plan-features';
import {
  canAccess,
  isRepositoryReadonly,
  type TAccessLevel,
  type TAccessNeed,
} from '@strata/core/repositories/access-levels';
import { REPOSITORY_MESSAGES } from '@strata/core/repositories/repository-messages';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import {
  assertPlanFeature,
  isStoredStatusActive,
  requireActiveSubscription,
  storedPlanOrDefault,
} from '../features/subscription/index.ts';
import { AppError } from '../plugins/app-error.ts';
import { findMembership } from './repository-access.repository.ts';

export interface TAccessRepository {
  id: string;
  name: string;
  currency: string;
  owner_id: string;
  settings: Record<string, unknown>;
}

export interface TRepositoryAccess {
  repository: TAccessRepository;
  accessType: TAccessLevel;
  /** Data writes are refused: level 1, or the repository is marked read-only. */
  isReadonly: boolean;
}

export interface TAccessUser {
  id: string;
  /** The plan feature the caller's route needs in the repository owner's plan (route-plan-features.ts). */
  planFeature?: TPlanFeature;
}

/**
 * The one access check of every repository-scoped service (now and later: assets, transactions, …).
 * In order: no user → 401; inactive subscription → 402; not a member → 404 (a repository the caller
 * cannot see does not exist for them, so its id reveals nothing); member without the level `need` asks
 * for → 403; the repository owner's plan lacks the feature the route needs → 403. Pass a transaction as `db` to check inside it.
 */
export async function requireRepositoryAccess(
  db: Kysely<Database>,
  user: TAccessUser | null | undefined,
  repositoryId: string,
  need: TAccessNeed,
): Promise<TRepositoryAccess> {
  if (!user) throw new AppError('UNAUTHORIZED', 'You need to be authorized');
  const row = await findMembership(db, user.id, repositoryId);
  // Not a member: the subscription still decides first (402 before 404).
  if (!row) {
    await requireActiveSubscription(db, user.id);
    throw AppError.notFound(REPOSITORY_MESSAGES.NOT_FOUND);
  }
  if (!isStoredStatusActive(row.status)) throw AppError.paymentRequired();
  const facts = { accessType: row.access_type, isReadonlySetting: row.settings.readonly === true };
  if (!canAccess(facts, need)) throw AppError.forbidden();
  if (user.planFeature) assertPlanFeature(storedPlanOrDefault(row.owner_plan_id), user.planFeature);
  const { access_type, status: _status, owner_plan_id: _ownerPlan, ...repository } = row;
  return { repository, accessType: access_type as TAccessLevel, isReadonly: isRepositoryReadonly(facts) };
}
