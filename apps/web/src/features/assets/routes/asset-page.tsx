import { AssetDrawer } from '../components/asset-drawer.tsx';
import { ASSET_TABS } from '../lib/asset-tabs.ts';

export { ASSET_TABS };

/** `/assets/{id}` (and `/assets/new`): the drawer over the list; its tabs are child routes. */
export function Component() {
  return <AssetDrawer kind="assets" tabs={ASSET_TABS} />;
}
