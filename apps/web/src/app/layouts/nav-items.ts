import type { TPlanFeature } from '@strata/core/plans/plan-features';

export interface TNavLink {
  label: string;
  to: string;
  /** The plan feature the page needs (config/plans.json); hidden when the repository's plan lacks it. */
  feature?: TPlanFeature;
}

export interface TNavSection {
  label: string;
  /** A section is either one link or a menu of links. */
  to?: string;
  items?: TNavLink[];
  feature?: TPlanFeature;
}

/** Seed §2 (core and linked): top-level navigation and its menus. */
export const NAV_SECTIONS: readonly TNavSection[] = [
  { label: 'Dashboards', to: '/dashboards' },
  {
    label: 'Data',
    items: [
      { label: 'Smart Transactions', to: '/transactions' },
      { label: 'Assets', to: '/assets' },
      { label: 'Tags', to: '/tags' },
      { label: 'Income accounts', to: '/income-accounts' },
      { label: 'Expense accounts', to: '/expense-accounts' },
      { label: 'Currencies', to: '/currencies' },
      { label: 'Documents', to: '/documents', feature: 'documents' },
      { label: 'Contacts', to: '/contacts', feature: 'contacts' },
    ],
  },
  {
    label: 'Connectors',
    feature: 'linked_accounts',
    items: [
      { label: 'Accounts', to: '/connectors' },
      { label: 'Transactions', to: '/linked-transactions' },
      { label: 'Positions', to: '/linked-positions' },
      { label: 'Tagging rules', to: '/linked-tagging-rules' },
      { label: 'Mapping rules', to: '/linked-mapping-rules' },
    ],
  },
  {
    label: 'Analytics',
    items: [
      { label: 'Value', to: '/analytics-value' },
      { label: 'Value Change', to: '/analytics-value-change' },
      { label: 'Income', to: '/analytics-income' },
      { label: 'Position', to: '/analytics-position' },
    ],
  },
];

function isUnder(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function isSectionActive(section: TNavSection, pathname: string): boolean {
  if (section.to) return isUnder(pathname, section.to);
  return (section.items ?? []).some((item) => isUnder(pathname, item.to));
}

export function isLinkActive(link: TNavLink, pathname: string): boolean {
  return isUnder(pathname, link.to);
}
