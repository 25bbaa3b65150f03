import { type TUserSettings, ZUserSettings } from '@strata/contracts/user-settings';
import type { QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { userSettingsQueryOptions } from './get-user-settings.ts';

/**
 * `POST /api/users/:uuid/settings` takes the whole settings document (seed §7), so every change starts from
 * the cached one (or fetches it) and sends it back whole; the answer replaces the cache. A change that
 * leaves the document as it is sends nothing.
 */
export async function saveUserSettings(
  queryClient: QueryClient,
  userId: string,
  change: (current: TUserSettings) => TUserSettings,
): Promise<TUserSettings> {
  const options = userSettingsQueryOptions(userId);
  const current = await queryClient.fetchQuery(options);
  const next = change(current);
  if (next === current) return current;
  const saved = await apiFetch(`/users/${encodeURIComponent(userId)}/settings`, {
    method: 'POST',
    body: next,
    schema: ZUserSettings,
  });
  queryClient.setQueryData(options.queryKey, saved);
  return saved;
}
