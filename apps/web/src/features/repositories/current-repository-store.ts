import type { QueryClient } from '@tanstack/react-query';
import { REPOSITORY_SCOPE } from '../../shared/api/repository-query-keys.ts';

export interface TIdentified {
  id: string;
}

/**
 * Seed §4: the current repository is the one asked for when it is in the list, else the first one (the
 * list comes sorted by name); none when the user has no repository.
 */
export function resolveCurrentRepository<T extends TIdentified>(
  repositories: readonly T[],
  preferredId: string | null | undefined,
): T | null {
  if (preferredId) {
    const preferred = repositories.find((repository) => repository.id === preferredId);
    if (preferred) return preferred;
  }
  return repositories[0] ?? null;
}

/** The id the user picked in this tab; null until they pick one (then the saved setting decides). */
export interface TCurrentRepositoryStore {
  getSnapshot(): string | null;
  subscribe(listener: () => void): () => void;
  select(id: string | null): void;
}

export function createCurrentRepositoryStore(): TCurrentRepositoryStore {
  let selectedId: string | null = null;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => selectedId,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    select(id) {
      if (id === selectedId) return;
      selectedId = id;
      for (const listener of listeners) listener();
    },
  };
}

export const currentRepositoryStore = createCurrentRepositoryStore();

export interface TSwitchRepositoryDeps {
  queryClient: QueryClient;
  store: TCurrentRepositoryStore;
  /** Saves `lastActiveRepository`; a failure is reported, the switch itself stands. */
  persist: (repositoryId: string) => Promise<unknown>;
  onPersistError?: (error: unknown) => void;
}

/**
 * Seed §4 repository switching: in-flight fetches of the old repository are cancelled, its cached state
 * dropped, the new id becomes current (components refetch under the new keys), and the choice is saved.
 */
export async function switchRepository(repositoryId: string, deps: TSwitchRepositoryDeps): Promise<void> {
  const { queryClient, store } = deps;
  await queryClient.cancelQueries({ queryKey: [REPOSITORY_SCOPE] });
  queryClient.removeQueries({ queryKey: [REPOSITORY_SCOPE] });
  store.select(repositoryId);
  try {
    await deps.persist(repositoryId);
  } catch (error) {
    deps.onPersistError?.(error);
  }
}
