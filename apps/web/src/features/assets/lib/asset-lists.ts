import { assetFamily } from '@strata/core/assets/asset-family';
import { EXPENSE_ACCOUNT, INCOME_ACCOUNT } from '@strata/core/transactions/asset-kinds';

/**
 * The four lists the one assets table is shown as (seed §2's routes). Holding accounts sit with the
 * assets; income and expense accounts have their own lists.
 */
export type TAssetListKind = 'assets' | 'currencies' | 'income-accounts' | 'expense-accounts';

export interface TAssetListInfo {
  kind: TAssetListKind;
  title: string;
  /** The route of the list; items are `${basePath}/${id}`. */
  basePath: string;
  /** Singular for 'New …' and the empty state. */
  noun: string;
  /** The soft-deleted conflict offer (seed §8). */
  goToDeletedLabel: string;
  /** Assets and currencies have price history (seed §1): their list loads price files. */
  hasPrices: boolean;
}

export const ASSET_LISTS: Record<TAssetListKind, TAssetListInfo> = {
  assets: {
    kind: 'assets',
    title: 'Assets',
    basePath: '/assets',
    noun: 'asset',
    goToDeletedLabel: 'Go to deleted assets',
    hasPrices: true,
  },
  currencies: {
    kind: 'currencies',
    title: 'Currencies',
    basePath: '/currencies',
    noun: 'currency',
    goToDeletedLabel: 'Go to deleted currencies',
    hasPrices: true,
  },
  'income-accounts': {
    kind: 'income-accounts',
    title: 'Income accounts',
    basePath: '/income-accounts',
    noun: 'income account',
    goToDeletedLabel: 'Go to deleted accounts',
    hasPrices: false,
  },
  'expense-accounts': {
    kind: 'expense-accounts',
    title: 'Expense accounts',
    basePath: '/expense-accounts',
    noun: 'expense account',
    goToDeletedLabel: 'Go to deleted accounts',
    hasPrices: false,
  },
};

/** Which list a type is shown in. */
export function listKindOfType(type: string): TAssetListKind {
  if (type === INCOME_ACCOUNT) return 'income-accounts';
  if (type === EXPENSE_ACCOUNT) return 'expense-accounts';
  return assetFamily(type) === 'currency' ? 'currencies' : 'assets';
}

/**
 * Where a soft-deleted twin lives: the trash of its own list. Holding accounts are listed with the assets,
 * but the seed's offer for them reads 'Go to deleted accounts'.
 */
export function deletedOffer(type: string): { label: string; to: string } {
  const kind = listKindOfType(type);
  const label =
    assetFamily(type) === 'account' ? 'Go to deleted accounts' : ASSET_LISTS[kind].goToDeletedLabel;
  return { label, to: `${ASSET_LISTS[kind].basePath}?view=trash` };
}

/** Seed §2: name, the ticker only when it differs from the name, and the type. */
export function assetTitle(asset: { name: string; ticker: string | null; type: string }): string {
  const ticker = asset.ticker?.trim() ?? '';
  const parts = [asset.name];
  if (ticker !== '' && ticker.toLowerCase() !== asset.name.trim().toLowerCase()) parts.push(ticker);
  parts.push(asset.type);
  return parts.join(' · ');
}

export interface TListableAsset {
  name: string;
  ticker: string | null;
  type: string;
  currency: string | null;
  deleted_at: string | null;
  is_readonly: boolean;
}

/** The rows of one list, live or in the trash, matching a search over name, ticker, type and currency. */
export function assetListRows<T extends TListableAsset>(
  assets: readonly T[],
  kind: TAssetListKind,
  view: 'live' | 'trash',
  search: string,
): T[] {
  const needle = search.trim().toLowerCase();
  return assets
    .filter((asset) => listKindOfType(asset.type) === kind)
    .filter((asset) => (view === 'trash' ? asset.deleted_at !== null : asset.deleted_at === null))
    .filter(
      (asset) =>
        needle === '' ||
        `${asset.name} ${asset.ticker ?? ''} ${asset.type} ${asset.currency ?? ''}`
          .toLowerCase()
          .includes(needle),
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}
