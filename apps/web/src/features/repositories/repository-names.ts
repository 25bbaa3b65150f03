import type { TRepository } from '@strata/contracts/repositories';
import { isOwnerLevel } from '@strata/core/repositories/access-levels';
import { normalizeRepositoryName } from '@strata/core/repositories/repository-name';

/**
 * Names are unique among the repositories a user owns (docs/repositories.md): a new or renamed one of theirs
 * is compared with those only, as the server does.
 */
export function ownedRepositories<T extends Pick<TRepository, 'access_type'>>(
  repositories: readonly T[],
): T[] {
  return repositories.filter((repository) => isOwnerLevel(repository.access_type ?? null));
}

/**
 * The owner to show beside a repository's name when another repository in the list has the same name
 * (shared ones may repeat an owned one's), else null.
 */
export function ownerToTellApart(
  repository: Pick<TRepository, 'id' | 'name' | 'owner'>,
  repositories: readonly Pick<TRepository, 'id' | 'name'>[],
): string | null {
  const name = normalizeRepositoryName(repository.name);
  const isRepeated = repositories.some(
    (other) => other.id !== repository.id && normalizeRepositoryName(other.name) === name,
  );
  return isRepeated ? repository.owner : null;
}
