import type { TUserSettings } from '@strata/contracts/user-settings';
import type { QueryClient } from '@tanstack/react-query';
import { saveUserSettings } from '../../session/index.ts';

/** Remembers the asset tree's width in the user's settings (`assetTreeWidth`). */
export function saveAssetTreeWidth(
  queryClient: QueryClient,
  userId: string,
  width: number,
): Promise<TUserSettings> {
  return saveUserSettings(queryClient, userId, (current) =>
    current.assetTreeWidth === width ? current : { ...current, assetTreeWidth: width },
  );
}
