import { isHoldingAccountKind } from '@strata/core/transactions/asset-kinds';

export interface TTreeAsset {
  id: string;
  name: string;
  type: string;
  parent_id: string | null;
  deleted_at: string | null;
}

export interface TAssetTreeNode<T extends TTreeAsset = TTreeAsset> {
  asset: T;
  children: TAssetTreeNode<T>[];
}

const GROUPING = 'grouping account';
const byName = (a: { asset: TTreeAsset }, b: { asset: TTreeAsset }) =>
  a.asset.name.localeCompare(b.asset.name);

/**
 * The holding-account tree of `GET /api/assets`: grouping accounts hold accounts (parent_id), and every
 * live holding account is listed once — under its parent, or at the top when it has none (or its parent
 * is gone or is not a grouping account). Income and expense accounts, instruments and the trash stay out;
 * a cycle in parent links is cut where it closes.
 */
export function accountTree<T extends TTreeAsset>(assets: readonly T[]): TAssetTreeNode<T>[] {
  const accounts = assets.filter((asset) => asset.deleted_at === null && isHoldingAccountKind(asset.type));
  const byId = new Map(accounts.map((asset) => [asset.id, asset]));
  const children = new Map<string, T[]>();
  const roots: T[] = [];
  for (const asset of accounts) {
    const parent = asset.parent_id ? byId.get(asset.parent_id) : undefined;
    if (parent && parent.type === GROUPING && !isAncestor(asset.id, parent.id, byId)) {
      children.set(parent.id, [...(children.get(parent.id) ?? []), asset]);
    } else roots.push(asset);
  }
  const build = (asset: T): TAssetTreeNode<T> => ({
    asset,
    children: (children.get(asset.id) ?? []).map(build).sort(byName),
  });
  return roots.map(build).sort(byName);
}

/** Whether `id` is on the parent chain that starts at `startId` (so hanging `id` there would close a cycle). */
function isAncestor(id: string, startId: string, byId: ReadonlyMap<string, TTreeAsset>): boolean {
  const seen = new Set<string>();
  let current: string | null | undefined = startId;
  while (current && !seen.has(current)) {
    if (current === id) return true;
    seen.add(current);
    current = byId.get(current)?.parent_id;
  }
  return false;
}

/** Grouping accounts an account may move under: not itself, and none of its own descendants. */
export function parentChoices<T extends TTreeAsset>(assets: readonly T[], accountId: string): T[] {
  const byId = new Map(assets.map((asset) => [asset.id, asset]));
  return assets
    .filter(
      (asset) =>
        asset.deleted_at === null &&
        asset.type === GROUPING &&
        asset.id !== accountId &&
        !isAncestor(accountId, asset.id, byId),
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}
