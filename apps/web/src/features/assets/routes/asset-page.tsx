import { useParams } from 'react-router';
import { TabbedItemPage, type TItemTab } from '../../../shared/ui/tabbed-item-page.tsx';

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

export function Component() {
  const { id = '' } = useParams();
  return <TabbedItemPage title="Asset" basePath={`/assets/${id}`} tabs={ASSET_TABS} />;
}
