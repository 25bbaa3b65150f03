import { type TUserSettings, ZUserSettings } from '@strata/contracts/user-settings';
import type { QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { userSettingsQueryOptions } from '../../session/api/get-user-settings.ts';

/**
 * Remembers the asset tree's width in the user's settings (`assetTreeWidth`). The settings API takes the
 * whole document, so the cached one is read (or fetched) and sent back with the change.
 */
export async function saveAssetTreeWidth(
  queryClient: QueryClient,
  userId: string,
  width: number,
): Promise<TUserSettings> {
  const options = userSettingsQueryOptions(userId);
  const current = await queryClient.fetchQuery(options);
  if (current.assetTreeWidth === width) return current;
  const saved = await apiFetch(`/users/${encodeURIComponent(userId)}/settings`, {
    method: 'POST',
    body: { ...current, assetTreeWidth: width },
    schema: ZUserSettings,
  });
  queryClient.setQueryData(options.queryKey, saved);
  return saved;
}
