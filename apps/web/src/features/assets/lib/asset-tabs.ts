import type { TItemTab } from '../../../shared/ui/tabbed-item-page.tsx';

export const ASSET_TABS: readonly TItemTab[] = [
  { label: 'Basic info', path: '' },
  { label: 'Tags', path: 'tags' },
  { label: 'Prices', path: 'prices' },
  { label: 'Values', path: 'values' },
  { label: 'Positions', path: 'positions' },
  { label: 'Transactions', path: 'transactions' },
  { label: 'Sec master', path: 'security-master' },
  { label: 'Contacts', path: 'contacts' },
  { label: 'Documents', path: 'documents' },
];

export const CURRENCY_TABS: readonly TItemTab[] = [
  { label: 'Basic info', path: '' },
  { label: 'Tags', path: 'tags' },
  { label: 'Prices', path: 'prices' },
  { label: 'Sec master', path: 'security-master' },
];
