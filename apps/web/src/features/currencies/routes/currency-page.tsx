import { AssetDrawer, CURRENCY_TABS } from '../../assets/index.ts';

export { CURRENCY_TABS };

/** `/currencies/{id}`: the same drawer as assets, with the currency's tabs. */
export function Component() {
  return <AssetDrawer kind="currencies" tabs={CURRENCY_TABS} />;
}
