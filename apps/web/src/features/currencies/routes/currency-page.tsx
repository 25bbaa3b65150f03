import { useParams } from 'react-router';
import { TabbedItemPage, type TItemTab } from '../../../shared/ui/tabbed-item-page.tsx';

export const CURRENCY_TABS: readonly TItemTab[] = [
  { label: 'Basic info', path: '' },
  { label: 'Tags', path: 'tags' },
  { label: 'Prices', path: 'prices' },
  { label: 'Sec master', path: 'security-master' },
];

export function Component() {
  const { id = '' } = useParams();
  return <TabbedItemPage title="Currency" basePath={`/currencies/${id}`} tabs={CURRENCY_TABS} />;
}
