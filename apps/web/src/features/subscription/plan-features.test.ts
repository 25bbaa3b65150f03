import type { TPlanDefinition } from '@strata/contracts/subscription';
import { describe, expect, it } from 'vitest';
import { navSectionsFor } from '../../app/layouts/use-nav-sections.ts';
import { isFeatureInPlan } from './plan-features.ts';

const plan = (id: string, features: string[]): TPlanDefinition => ({
  id,
  name: id,
  description: '',
  max_repos_number: 1,
  transaction_types: 'standard',
  dashboard_widgets: [],
  features,
  prices: [],
});
const plans = [plan('standard', ['export', 'documents']), plan('collaborator', ['analytics'])];

describe('plan features in the web app', () => {
  it("answers from the named plan's features", () => {
    expect(isFeatureInPlan(plans, 'standard', 'export')).toBe(true);
    expect(isFeatureInPlan(plans, 'collaborator', 'export')).toBe(false);
  });

  it('keeps the action offered while the plans are unknown (the server still refuses)', () => {
    expect(isFeatureInPlan(undefined, 'collaborator', 'export')).toBe(true);
    expect(isFeatureInPlan(plans, 'retired-plan', 'export')).toBe(true);
  });

  it('leaves out Documents, Contacts and Connectors when the repository plan lacks them', () => {
    const sections = navSectionsFor(false, (feature) => feature === 'analytics');
    expect(sections.map((section) => section.label)).toEqual(['Dashboards', 'Data']);
    const data = sections.find((section) => section.label === 'Data');
    expect(data?.items?.map((item) => item.label)).toEqual([
      'Smart Transactions',
      'Assets',
      'Tags',
      'Income accounts',
      'Expense accounts',
      'Currencies',
    ]);
  });
});
