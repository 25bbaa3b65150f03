import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

const FEATURE = 'the assets feature';

export function AssetBasicInfoTab() {
  return <ComingSoonPage level={2} title="Basic info" feature={FEATURE} />;
}
export function AssetTagsTab() {
  return <ComingSoonPage level={2} title="Tags" feature={FEATURE} />;
}
export function AssetPricesTab() {
  return <ComingSoonPage level={2} title="Prices" feature="the asset prices feature" />;
}
export function AssetPricesTableTab() {
  return <ComingSoonPage level={2} title="Prices (table)" feature="the asset prices feature" />;
}
export function AssetValuesTab() {
  return <ComingSoonPage level={2} title="Values" feature="the analytics feature" />;
}
export function AssetPositionsTab() {
  return <ComingSoonPage level={2} title="Positions" feature="the analytics feature" />;
}
export function AssetTransactionsTab() {
  return <ComingSoonPage level={2} title="Transactions" feature="the smart transactions feature" />;
}
export function AssetSecurityMasterTab() {
  return <ComingSoonPage level={2} title="Sec master" feature="the security master feature" />;
}
export function AssetContactsTab() {
  return <ComingSoonPage level={2} title="Contacts" feature="the contacts feature" />;
}
export function AssetDocumentsTab() {
  return <ComingSoonPage level={2} title="Documents" feature="the documents feature" />;
}
