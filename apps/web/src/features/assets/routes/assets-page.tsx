import { AssetListPage } from '../components/asset-list-page.tsx';

/** `/assets`: instruments and holding accounts; `/assets/{id}` opens the drawer over it. */
export function Component() {
  return <AssetListPage kind="assets" />;
}
