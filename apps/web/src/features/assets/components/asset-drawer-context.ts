import type { TAsset } from '@strata/contracts/assets';
import type { TTag } from '@strata/contracts/tags';
import { useOutletContext } from 'react-router';
import type { TAssetListKind } from '../lib/asset-lists.ts';

/** What the drawer hands its tab routes (through the Outlet context). */
export interface TAssetDrawerContext {
  kind: TAssetListKind;
  repositoryId: string | undefined;
  repositoryCurrency: string;
  /** Null while new, loading, or when the id is unknown. */
  asset: TAsset | null;
  isNew: boolean;
  isLoading: boolean;
  canWrite: boolean;
  tags: TTag[];
  /** The drawer's base path, e.g. `/assets/{id}`. */
  basePath: string;
  /** The Basic info form reports whether it holds unsaved work, so closing the drawer can ask first. */
  setDirty: (isDirty: boolean) => void;
  /** The Transactions tab shows its 'As of' date in the drawer title. */
  setAsOf: (date: string | null) => void;
}

export function useAssetDrawer(): TAssetDrawerContext {
  return useOutletContext<TAssetDrawerContext>();
}
