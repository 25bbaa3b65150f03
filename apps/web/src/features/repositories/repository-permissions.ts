import type { TRepository } from '@strata/contracts/repositories';
import { isOwnerLevel, isRepositoryReadonly } from '@strata/core/repositories/access-levels';

export const ACCESS_LEVEL_LABELS: Record<1 | 2 | 3, string> = {
  1: 'Read only',
  2: 'Read/write',
  3: 'Full access',
};

/** What the UI offers on a repository (seed §6); the server refuses the rest with 403 whatever is shown. */
export interface TRepositoryPermissions {
  isOwner: boolean;
  /** Data writes (add, edit, save in later features): level 2+, and not marked read-only. */
  canWrite: boolean;
  /** Rename, currency, price-source precedence, export, delete, invite, manage collaborators. */
  canAdminister: boolean;
  /** A member who is not the owner may leave ('Unlink repository'). */
  canUnlink: boolean;
}

export function repositoryPermissions(
  repository: Pick<TRepository, 'access_type' | 'settings'>,
  options: { isGlobalReadonly?: boolean } = {},
): TRepositoryPermissions {
  const accessType = repository.access_type ?? null;
  const isOwner = isOwnerLevel(accessType);
  const isReadonly =
    Boolean(options.isGlobalReadonly) ||
    isRepositoryReadonly({ accessType, isReadonlySetting: repository.settings.readonly });
  return {
    isOwner,
    canWrite: !isReadonly,
    canAdminister: isOwner && !options.isGlobalReadonly,
    canUnlink: !isOwner,
  };
}

/** The PRO badge: repositories whose owner is on the professional plan. */
export function isProPlan(planId: string): boolean {
  return planId === 'professional';
}
