import { saveUserSettings as endpoint, type TUserSettings } from '@strata/contracts/user-settings';
import type { QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
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
  const saved = await callEndpoint(endpoint, { params: { uuid: userId }, body: next, isParsed: true });
  queryClient.setQueryData(options.queryKey, saved);
  return saved;
}
