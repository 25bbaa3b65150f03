import { useParams } from 'react-router';
import { TabbedItemPage, type TItemTab } from '../../../shared/ui/tabbed-item-page.tsx';

const TABS: readonly TItemTab[] = [
  { label: 'Transactions', path: '' },
  { label: 'Positions', path: 'positions' },
];

export function Component() {
  const { connectorId = '', accountId = '' } = useParams();
  return (
    <TabbedItemPage title="Linked account" basePath={`/connectors/${connectorId}/${accountId}`} tabs={TABS} />
  );
}
