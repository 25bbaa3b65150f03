// The features a plan may list in config/plans.json (`features`). A feature missing from a plan is refused on
// the server (docs/repositories.md, "Plan features") and hidden or marked PRO in the web app.

export const PLAN_FEATURES = [
  'analytics',
  'linked_accounts',
  'documents',
  'contacts',
  'export',
  'import',
  'collaboration',
] as const;

export type TPlanFeature = (typeof PLAN_FEATURES)[number];

/** How a feature is named in messages. */
export const PLAN_FEATURE_LABELS: Record<TPlanFeature, string> = {
  analytics: 'Analytics',
  linked_accounts: 'Linked accounts',
  documents: 'Documents',
  contacts: 'Contacts',
  export: 'Repository export',
  import: 'Repository import',
  collaboration: 'Sharing repositories',
};

export function isPlanFeature(value: string): value is TPlanFeature {
  return (PLAN_FEATURES as readonly string[]).includes(value);
}

export function planHasFeature(plan: { features: readonly string[] }, feature: TPlanFeature): boolean {
  return plan.features.includes(feature);
}

export function featureNotInPlanMessage(feature: TPlanFeature, planName: string): string {
  return `${PLAN_FEATURE_LABELS[feature]} is not included in the ${planName} plan.`;
}

export function upgradeForFeatureMessage(feature: TPlanFeature, planName: string): string {
  return `You can use ${PLAN_FEATURE_LABELS[feature]} on the ${planName} plan.`;
}

/** The plan with the fewest repositories that has the feature, to name in the upgrade prompt. */
export function cheapestPlanWith<T extends { features: readonly string[]; max_repos_number: number }>(
  plans: readonly T[],
  feature: TPlanFeature,
): T | undefined {
  return [...plans]
    .filter((plan) => planHasFeature(plan, feature))
    .sort((a, b) => a.max_repos_number - b.max_repos_number)[0];
}
