import type { TPlanFeature } from '@strata/core/plans/plan-features';
import { useQuery } from '@tanstack/react-query';
import { hasAnalyticsDebugTabs } from '../../features/analytics/analytics-debug-flag.ts';
import { useSession } from '../../features/auth/api/get-session.ts';
import { useCurrentRepository } from '../../features/repositories/use-current-repository.ts';
import { userSettingsQueryOptions } from '../../features/session/api/get-user-settings.ts';
import { plansQueryOptions } from '../../features/subscription/api/subscription-api.ts';
import { isFeatureInPlan } from '../../features/subscription/plan-features.ts';
import { NAV_SECTIONS, type TNavSection } from './nav-items.ts';

/**
 * Seed §2: the Analytics menu is there only for users with the analytics debug-tabs flag. Pages of a plan
 * feature the current repository's plan lacks are left out (docs/repositories.md, "Plan features").
 */
export function navSectionsFor(
  isAnalyticsShown: boolean,
  hasFeature: (feature: TPlanFeature) => boolean = () => true,
): readonly TNavSection[] {
  const isOffered = (entry: { feature?: TPlanFeature }) => !entry.feature || hasFeature(entry.feature);
  return NAV_SECTIONS.filter((section) => isAnalyticsShown || section.label !== 'Analytics')
    .filter(isOffered)
    .map((section) => (section.items ? { ...section, items: section.items.filter(isOffered) } : section));
}

export function useNavSections(): readonly TNavSection[] {
  const session = useSession();
  const userId = session.data?.user.id;
  const settings = useQuery({ ...userSettingsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
  const { repository } = useCurrentRepository();
  const plans = useQuery({ ...plansQueryOptions(), enabled: Boolean(repository) });
  return navSectionsFor(hasAnalyticsDebugTabs(settings.data), (feature) =>
    isFeatureInPlan(plans.data, repository?.plan, feature),
  );
}
