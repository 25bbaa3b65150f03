import { useQuery } from '@tanstack/react-query';
import { hasAnalyticsDebugTabs } from '../../features/analytics/analytics-debug-flag.ts';
import { useSession } from '../../features/auth/api/get-session.ts';
import { userSettingsQueryOptions } from '../../features/session/api/get-user-settings.ts';
import { NAV_SECTIONS, type TNavSection } from './nav-items.ts';

/** Seed §2: the Analytics menu is there only for users with the analytics debug-tabs flag. */
export function navSectionsFor(isAnalyticsShown: boolean): readonly TNavSection[] {
  return isAnalyticsShown ? NAV_SECTIONS : NAV_SECTIONS.filter((section) => section.label !== 'Analytics');
}

export function useNavSections(): readonly TNavSection[] {
  const session = useSession();
  const userId = session.data?.user.id;
  const settings = useQuery({ ...userSettingsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
  return navSectionsFor(hasAnalyticsDebugTabs(settings.data));
}
