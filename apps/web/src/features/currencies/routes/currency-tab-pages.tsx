import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

export function CurrencyBasicInfoTab() {
  return <ComingSoonPage level={2} title="Basic info" feature="the currencies feature" />;
}
export function CurrencyTagsTab() {
  return <ComingSoonPage level={2} title="Tags" feature="the currencies feature" />;
}
export function CurrencyPricesTab() {
  return <ComingSoonPage level={2} title="Prices" feature="the asset prices feature" />;
}
export function CurrencyPricesTableTab() {
  return <ComingSoonPage level={2} title="Prices (table)" feature="the asset prices feature" />;
}
export function CurrencySecurityMasterTab() {
  return <ComingSoonPage level={2} title="Sec master" feature="the security master feature" />;
}
