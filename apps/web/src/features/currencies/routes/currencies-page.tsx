import { AssetListPage } from '../../assets/index.ts';

/** `/currencies`: the repository's currency assets (FX rates are their prices); items open in the drawer. */
export function Component() {
  return <AssetListPage kind="currencies" />;
}
