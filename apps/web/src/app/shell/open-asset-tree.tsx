import { AssetTree } from '../../features/assets/components/asset-tree/asset-tree.tsx';
import { modals } from '../../shared/modals/modal-store.ts';

export const ASSET_TREE_MODAL_ID = 'asset-tree';

/** The `/` shortcut and the header's Asset tree button: accounts and their holdings in a slide panel. */
export function openAssetTree(): void {
  modals.open({
    id: ASSET_TREE_MODAL_ID,
    kind: 'slidepanel',
    title: 'Asset tree',
    size: 'sm',
    render: (controls) => <AssetTree onOpened={() => void controls.close()} />,
  });
}
