import type { TUserSettings } from '@strata/contracts/user-settings';
import type { QueryClient } from '@tanstack/react-query';
import { saveUserSettings } from '../../session/index.ts';

/** Remembers the current repository in the user's settings (`lastActiveRepository`). */
export function saveLastActiveRepository(
  queryClient: QueryClient,
  userId: string,
  repositoryId: string,
): Promise<TUserSettings> {
  return saveUserSettings(queryClient, userId, (current) =>
    current.lastActiveRepository === repositoryId
      ? current
      : { ...current, lastActiveRepository: repositoryId },
  );
}
