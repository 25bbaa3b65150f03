import { Text } from '@mantine/core';
import { modals } from '../../shared/modals/modal-store.ts';

export const ASSET_TREE_MODAL_ID = 'asset-tree';

/** The `/` shortcut. A placeholder drawer until the assets feature builds the tree. */
export function openAssetTree(): void {
  modals.open({
    id: ASSET_TREE_MODAL_ID,
    kind: 'slidepanel',
    title: 'Asset tree',
    size: 'sm',
    render: () => (
      <Text size="sm" c="dimmed">
        The asset tree arrives with the assets feature.
      </Text>
    ),
  });
}
