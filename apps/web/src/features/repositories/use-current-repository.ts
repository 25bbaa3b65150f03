import type { TRepository } from '@strata/contracts/repositories';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { notifyError } from '../../shared/notifications/notify-error.ts';
import { useSession } from '../auth/index.ts';
import { useUserSettings } from '../session/index.ts';
import { useRepositories } from './api/list-repositories.ts';
import { saveLastActiveRepository } from './api/save-last-active-repository.ts';
import {
  currentRepositoryStore,
  resolveCurrentRepository,
  switchRepository,
} from './current-repository-store.ts';
import { repositoryPermissions, type TRepositoryPermissions } from './repository-permissions.ts';

export interface TCurrentRepositoryState {
  /** Null while loading, and when the user has no repository. */
  repository: TRepository | null;
  repositories: TRepository[];
  permissions: TRepositoryPermissions | null;
  isLoading: boolean;
  userId: string | undefined;
  userEmail: string | undefined;
}

/**
 * The repository the user works in: the one picked in this tab, else the saved `lastActiveRepository`,
 * else the first of the list (seed §4).
 */
export function useCurrentRepository(): TCurrentRepositoryState {
  const session = useSession();
  const userId = session.data?.user.id;
  const repositories = useRepositories({ isEnabled: Boolean(userId) });
  const settings = useUserSettings(userId);
  const selectedId = useSyncExternalStore(
    currentRepositoryStore.subscribe,
    currentRepositoryStore.getSnapshot,
    currentRepositoryStore.getSnapshot,
  );
  const list = repositories.data ?? [];
  // Until the settings answered, the saved choice is unknown; picking the first would flash the wrong one.
  const isLoading = repositories.isPending || (settings.isPending && settings.fetchStatus !== 'idle');
  const repository = isLoading
    ? null
    : resolveCurrentRepository(list, selectedId ?? settings.data?.lastActiveRepository ?? null);
  return {
    repository,
    repositories: list,
    permissions: repository ? repositoryPermissions(repository) : null,
    isLoading,
    userId,
    userEmail: session.data?.user.email,
  };
}

/** Switches the current repository: cancels and drops the old one's queries, then saves the choice. */
export function useSwitchRepository(): (repositoryId: string) => Promise<void> {
  const queryClient = useQueryClient();
  const userId = useSession().data?.user.id;
  return useCallback(
    (repositoryId: string) =>
      switchRepository(repositoryId, {
        queryClient,
        store: currentRepositoryStore,
        persist: (id) => (userId ? saveLastActiveRepository(queryClient, userId, id) : Promise.resolve()),
        onPersistError: (error) => notifyError(error),
      }),
    [queryClient, userId],
  );
}
