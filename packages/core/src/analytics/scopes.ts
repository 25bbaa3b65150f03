// Scopes are sets of (account, asset) positions: the repository (or the requested accounts), a holding
// account with its grouping-account ancestors (the tree), an asset across accounts, one position, and
// a tag carried by the position's account or asset. Income and expense entries belong to a position
// too (position-registry.ts `homeOf`), so every scope's flows, income and value come from the same positions
// and scopes that partition the positions add up to the repository.
import type { TAnalyticsAsset, TScopeKind } from './analytics-types.ts';

export interface TScope {
  index: number;
  kind: TScopeKind;
  id: string;
  name: string;
}

export const REPOSITORY_SCOPE_ID = 'repository';

export function positionScopeId(accountId: string, assetId: string): string {
  return `${accountId}|${assetId}`;
}

/** The asset of a position scope id (`account|asset`; record ids hold no '|'). */
export function positionAssetId(scopeId: string): string {
  return scopeId.slice(scopeId.indexOf('|') + 1);
}

export function tagScopeId(name: string, value: string): string {
  return `${name}=${value}`;
}

export class ScopeIndex {
  readonly scopes: TScope[] = [];
  private readonly byKey = new Map<string, number>();
  private readonly assets: ReadonlyMap<string, TAnalyticsAsset>;
  private readonly ancestorsMemo = new Map<string, string[]>();

  constructor(assets: ReadonlyMap<string, TAnalyticsAsset>) {
    this.assets = assets;
    this.scope('repository', REPOSITORY_SCOPE_ID, 'Repository');
  }

  scope(kind: TScopeKind, id: string, name: string): number {
    const key = `${kind}\u0000${id}`;
    let index = this.byKey.get(key);
    if (index === undefined) {
      index = this.scopes.length;
      this.scopes.push({ index, kind, id, name });
      this.byKey.set(key, index);
    }
    return index;
  }

  find(kind: TScopeKind, id: string): TScope | undefined {
    const index = this.byKey.get(`${kind}\u0000${id}`);
    return index === undefined ? undefined : this.scopes[index];
  }

  /** The account and its grouping ancestors, nearest first; a cycle in parent links is cut. */
  ancestors(accountId: string): string[] {
    const memo = this.ancestorsMemo.get(accountId);
    if (memo) return memo;
    const chain: string[] = [];
    let current: string | null | undefined = accountId;
    while (current && !chain.includes(current)) {
      chain.push(current);
      current = this.assets.get(current)?.parent_id;
    }
    this.ancestorsMemo.set(accountId, chain);
    return chain;
  }

  /** Scope indices a position belongs to, each once. */
  scopesOfPosition(accountId: string, assetId: string): Int32Array {
    const asset = this.assets.get(assetId);
    const indices = [
      0,
      this.scope(
        'position',
        positionScopeId(accountId, assetId),
        `${this.nameOf(accountId)} · ${this.nameOf(assetId)}`,
      ),
      this.scope('asset', assetId, this.nameOf(assetId)),
    ];
    for (const account of this.ancestors(accountId))
      indices.push(this.scope('account', account, this.nameOf(account)));
    const tags = [...(this.assets.get(accountId)?.tags ?? []), ...(asset?.tags ?? [])];
    for (const tag of tags) {
      const id = tagScopeId(tag.name, tag.value);
      indices.push(this.scope('tag', id, id));
    }
    return Int32Array.from(new Set(indices));
  }

  nameOf(assetId: string): string {
    const asset = this.assets.get(assetId);
    return asset?.name ?? asset?.ticker ?? assetId;
  }
}

/** The accounts a request covers: null for the whole repository, else the given accounts and their subtrees. */
export function selectedAccounts(
  assets: ReadonlyMap<string, TAnalyticsAsset>,
  scope: 'root' | readonly string[],
): Set<string> | null {
  if (scope === 'root') return null;
  const roots = new Set(scope);
  const selected = new Set<string>();
  const index = new ScopeIndex(assets);
  for (const asset of assets.values()) {
    if (index.ancestors(asset.id).some((id) => roots.has(id))) selected.add(asset.id);
  }
  return selected;
}
