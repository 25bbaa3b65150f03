import { Stack } from '@mantine/core';
import { useAfterAssetSaved } from './asset-drawer.tsx';
import type { TAssetDrawerContext } from './asset-drawer-context.ts';
import { AssetForm } from './asset-form.tsx';
import { AssetThumbnail } from './thumbnail/asset-thumbnail.tsx';

/** Basic info: the thumbnail (once the asset exists) and the asset form. */
export function AssetBasicInfo({ context }: { context: TAssetDrawerContext }) {
  const afterSaved = useAfterAssetSaved(context.kind);
  const { asset, isNew, isLoading, repositoryId } = context;
  if (!repositoryId || isLoading || (!isNew && !asset)) return null;
  return (
    <Stack>
      {asset && <AssetThumbnail repositoryId={repositoryId} asset={asset} canWrite={context.canWrite} />}
      <AssetForm
        // A new form starts over in another repository, so it is pre-filled with that repository's currency.
        key={asset ? `${asset.id}:${asset.updated_at}` : `new:${repositoryId}:${context.repositoryCurrency}`}
        kind={context.kind}
        repositoryId={repositoryId}
        currency={context.repositoryCurrency}
        tags={context.tags}
        asset={asset}
        isReadOnly={!context.canWrite}
        onSaved={afterSaved}
        onDirtyChange={context.setDirty}
      />
    </Stack>
  );
}
