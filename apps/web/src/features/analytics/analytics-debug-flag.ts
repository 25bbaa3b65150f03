// The analytics pages (/analytics-value, -income, -position, -value-change) open only with the analytics
// debug-tabs flag (core seed §2), else /404. The flag is the user setting read by core's
// `isAnalyticsDebugTabsEnabled` (one key, the seed's); users turn it on in Settings (/settings).

import type { TUserSettings } from '@strata/contracts/user-settings';
import { isAnalyticsDebugTabsEnabled } from '@strata/core/settings/ui-settings-flags';
import type { QueryClient } from '@tanstack/react-query';
import { type MiddlewareFunction, redirect } from 'react-router';
import { sessionQueryOptions } from '../auth/index.ts';
import { userSettingsQueryOptions } from '../session/index.ts';

export const NOT_FOUND_PATH = '/404';

export function hasAnalyticsDebugTabs(
  settings: Pick<TUserSettings, 'uiSettings'> | null | undefined,
): boolean {
  return isAnalyticsDebugTabsEnabled(settings?.uiSettings);
}

/** Runs after the session guard: settings that cannot be read count as no flag. */
export function requireAnalyticsDebugTabs(queryClient: QueryClient): MiddlewareFunction {
  return async () => {
    const session = await queryClient.fetchQuery(sessionQueryOptions()).catch(() => null);
    const settings = session
      ? await queryClient.fetchQuery(userSettingsQueryOptions(session.user.id)).catch(() => null)
      : null;
    if (!hasAnalyticsDebugTabs(settings)) throw redirect(NOT_FOUND_PATH);
  };
}
