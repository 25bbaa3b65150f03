import { type TUserSettings, ZUserSettings } from '@strata/contracts/user-settings';
import type { QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { userSettingsQueryOptions } from '../../session/api/get-user-settings.ts';

/**
 * Remembers the current repository in the user's settings (`lastActiveRepository`). The API takes the
 * whole settings object (seed §7), so the cached one is read (or fetched) and sent back with the change.
 */
export async function saveLastActiveRepository(
  queryClient: QueryClient,
  userId: string,
  repositoryId: string,
): Promise<TUserSettings> {
  const options = userSettingsQueryOptions(userId);
  const current = await queryClient.fetchQuery(options);
  if (current.lastActiveRepository === repositoryId) return current;
  const saved = await apiFetch(`/users/${encodeURIComponent(userId)}/settings`, {
    method: 'POST',
    body: { ...current, lastActiveRepository: repositoryId },
    schema: ZUserSettings,
  });
  queryClient.setQueryData(options.queryKey, saved);
  return saved;
}
