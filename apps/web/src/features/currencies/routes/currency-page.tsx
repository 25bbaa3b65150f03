import { AssetDrawer } from '../../assets/components/asset-drawer.tsx';
import { CURRENCY_TABS } from '../../assets/lib/asset-tabs.ts';

export { CURRENCY_TABS };

/** `/currencies/{id}`: the same drawer as assets, with the currency's tabs. */
export function Component() {
  return <AssetDrawer kind="currencies" tabs={CURRENCY_TABS} />;
}
