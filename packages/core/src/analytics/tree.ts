// The holdings tree at the timeline end: the repository, then holding accounts under their grouping
// accounts (parent_id), then each account's positions. Every node carries its scope's value, the value
// change over the whole timeline, cost basis and unrealized gain, so a tree widget renders it as is.
import type { TAnalyticsAsset, TTreeNode } from './analytics-types.ts';
import type { TPassResult } from './ledger-pass-types.ts';
import type { TScopeState } from './scope-state.ts';
import { REPOSITORY_SCOPE_ID } from './scopes.ts';

const orNull = (x: number) => (Number.isFinite(x) ? x : null);

export function treeNodes(pass: TPassResult): TTreeNode[] {
  const last = pass.grid.periods.length;
  const figures = (state: TScopeState) => {
    const value = state.gridValue[last]!;
    const cost = state.gridCost[last]!;
    return {
      value: orNull(value),
      value_change: orNull(value - state.gridValue[0]!),
      cost_basis: orNull(cost),
      unrealized_gain: orNull(value - cost),
    };
  };
  const stateOf = new Map(pass.scopes.map((state) => [`${state.scope.kind}\u0000${state.scope.id}`, state]));
  const accountState = (id: string) => stateOf.get(`account\u0000${id}`);
  const nodes: TTreeNode[] = [];
  const children = new Map<string | null, TTreeNode[]>();
  const add = (node: TTreeNode) => {
    const list = children.get(node.parent_id);
    if (list) list.push(node);
    else children.set(node.parent_id, [node]);
  };
  const root: TTreeNode = {
    node_id: REPOSITORY_SCOPE_ID,
    parent_id: null,
    node_kind: 'repository',
    account_id: null,
    asset_id: null,
    name: 'Repository',
    depth: 0,
    ...figures(pass.scopes[0]!),
  };
  for (const state of pass.scopes) {
    if (state.scope.kind !== 'account') continue;
    const account: TAnalyticsAsset | undefined = pass.assets.get(state.scope.id);
    const parent =
      account?.parent_id && accountState(account.parent_id) ? `account:${account.parent_id}` : root.node_id;
    add({
      node_id: `account:${state.scope.id}`,
      parent_id: parent,
      node_kind: 'account',
      account_id: state.scope.id,
      asset_id: null,
      name: state.scope.name,
      depth: 0,
      ...figures(state),
    });
  }
  for (const position of pass.positions) {
    const state = stateOf.get(`position\u0000${position.accountId}|${position.assetId}`);
    if (!state) continue;
    add({
      node_id: `position:${position.accountId}|${position.assetId}`,
      parent_id: `account:${position.accountId}`,
      node_kind: 'position',
      account_id: position.accountId,
      asset_id: position.assetId,
      name: pass.scopeIndex.nameOf(position.assetId),
      depth: 0,
      ...figures(state),
    });
  }
  // Depth-first, children by name, so the list renders top to bottom.
  const walk = (node: TTreeNode, depth: number) => {
    nodes.push({ ...node, depth });
    const list = (children.get(node.node_id) ?? []).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const child of list) walk(child, depth + 1);
  };
  walk(root, 0);
  return nodes;
}
