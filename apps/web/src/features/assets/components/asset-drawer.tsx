import { Drawer, Group, Loader, Tabs, Text } from '@mantine/core';
import type { TAsset } from '@strata/contracts/assets';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { confirmUnsavedChanges } from '../../../shared/forms/confirm-unsaved-changes.tsx';
import { useUnsavedChanges } from '../../../shared/forms/use-unsaved-changes.tsx';
import { useDateDisplay } from '../../../shared/lib/date-format.tsx';
import { modals } from '../../../shared/modals/modal-store.ts';
import { useOpenedItem } from '../../../shared/recent/use-recent-items.ts';
import { MODAL_BASE_Z_INDEX } from '../../../shared/ui/layers.ts';
import { activeTabPath, type TItemTab } from '../../../shared/ui/tabbed-item-page.tsx';
import { useCurrentRepository, useNewItemGuard } from '../../repositories/index.ts';
import { assetsKey, useAssets } from '../api/assets.ts';
import { useTags } from '../api/tags.ts';
import { ASSET_LISTS, assetTitle, type TAssetListKind } from '../lib/asset-lists.ts';
import type { TAssetDrawerContext } from './asset-drawer-context.ts';

// Mantine tabs refuse an empty value, so the first tab ('' below the item) is keyed by this.
const INDEX_TAB = '.';
export const NEW_ITEM_ID = 'new';

/**
 * The asset (currency, account) drawer over its list (seed §2): each tab is a child route; every tab but
 * Basic info is disabled while the asset is new. It sits on the modal stack's base layer (above the app
 * header); dialogs opened from a tab (assign tag, confirmations) get a higher layer or mount later, so
 * they come on top of it.
 */
export function AssetDrawer({
  kind,
  tabs,
  children,
}: {
  kind: TAssetListKind;
  tabs: readonly TItemTab[];
  /** Shown instead of the tab routes when the item has no tabs (income and expense accounts). */
  children?: (context: TAssetDrawerContext) => ReactNode;
}) {
  const dates = useDateDisplay();
  const { id = NEW_ITEM_ID } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { repository, permissions } = useCurrentRepository();
  const assets = useAssets(repository?.id);
  const tags = useTags(repository?.id);
  const [asOf, setAsOf] = useState<string | null>(null);
  const dirtyRef = useRef(false);
  const isAskingRef = useRef(false);
  const list = ASSET_LISTS[kind];
  const basePath = `${list.basePath}/${id}`;
  // Back, a link, another tab or a reload asks like the X does: only Basic info (the item's own path) holds
  // the form, and the other tabs unmount it.
  useUnsavedChanges(() => dirtyRef.current, { scope: basePath, isExact: true });
  const isNew = id === NEW_ITEM_ID;
  const isDenied = useNewItemGuard(isNew);
  const asset = isNew ? null : ((assets.data ?? []).find((candidate) => candidate.id === id) ?? null);
  const rest = pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length + 1) : '';
  const active = activeTabPath(rest, tabs);
  useOpenedItem(
    repository?.id,
    asset && { kind: list.noun, label: assetTitle(asset), href: `${list.basePath}/${asset.id}` },
  );
  const isReadonlyAsset = asset?.is_readonly === true || asset?.deleted_at != null;

  const title = isNew
    ? `New ${list.noun}`
    : asset
      ? `${assetTitle(asset)}${active === 'transactions' && asOf ? ` · As of ${dates.date(asOf)}` : ''}`
      : list.noun.charAt(0).toUpperCase() + list.noun.slice(1);
  const context: TAssetDrawerContext = {
    kind,
    repositoryId: repository?.id,
    repositoryCurrency: repository?.currency ?? 'USD',
    asset,
    isNew,
    isLoading: assets.isLoading || tags.isLoading,
    canWrite: Boolean(permissions?.canWrite) && !isReadonlyAsset,
    tags: tags.data ?? [],
    basePath,
    setDirty: (isDirty) => {
      dirtyRef.current = isDirty;
    },
    setAsOf,
  };
  // Seed §9: closing a changed form asks first. Escape reaches this drawer and the app's shortcut (which
  // closes the top of the modal stack) alike: while a dialog is open over the drawer, Escape is that
  // dialog's; and the question opens after this key press is done, so the same press cannot close it.
  const close = async () => {
    if (isAskingRef.current || modals.top()) return;
    if (dirtyRef.current) {
      isAskingRef.current = true;
      await new Promise((resolve) => setTimeout(resolve, 0));
      const choice = await confirmUnsavedChanges();
      isAskingRef.current = false;
      if (choice === 'continue') return;
      dirtyRef.current = false;
    }
    void navigate(list.basePath);
  };

  if (isDenied) return null;
  return (
    <Drawer
      opened
      onClose={() => void close()}
      position="right"
      size="xl"
      zIndex={MODAL_BASE_Z_INDEX}
      title={title}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {tabs.length > 0 && (
        <Tabs
          value={active || INDEX_TAB}
          onChange={(value) => navigate(value && value !== INDEX_TAB ? `${basePath}/${value}` : basePath)}
          keepMounted={false}
          mb="md"
        >
          {/* Nine tabs outgrow the drawer below ~1400 px: they wrap onto a second row rather than hide. */}
          <Tabs.List style={{ flexWrap: 'wrap' }}>
            {tabs.map((tab) => (
              <Tabs.Tab key={tab.path} value={tab.path || INDEX_TAB} disabled={isNew && tab.path !== ''}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}
      {!isNew && !asset && !assets.isLoading && !assets.isError && (
        <Text c="dimmed">This {list.noun} does not exist in the current repository.</Text>
      )}
      {context.isLoading && (
        <Group justify="center">
          <Loader size="sm" />
        </Group>
      )}
      {tabs.length > 0 ? <Outlet context={context} /> : children?.(context)}
    </Drawer>
  );
}

/** After a create the drawer moves to the new asset, so its other tabs open. */
export function useAfterAssetSaved(kind: TAssetListKind) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { repository } = useCurrentRepository();
  return async (saved: TAsset, isCreated: boolean) => {
    await queryClient.invalidateQueries({ queryKey: assetsKey(repository?.id ?? 'none') });
    if (isCreated) await navigate(`${ASSET_LISTS[kind].basePath}/${saved.id}`, { replace: true });
  };
}
