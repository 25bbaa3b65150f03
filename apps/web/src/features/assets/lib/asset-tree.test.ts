import { describe, expect, it } from 'vitest';
import { accountTree, parentChoices, type TAssetTreeNode, type TTreeAsset } from './asset-tree.ts';
import { clampTreeWidth, TREE_MAX_WIDTH, TREE_MIN_WIDTH } from './tree-width.ts';

const asset = (id: string, type: string, parent_id: string | null = null, deleted = false): TTreeAsset => ({
  id,
  name: id,
  type,
  parent_id,
  deleted_at: deleted ? '2026-01-01T00:00:00.000Z' : null,
});

const shape = (nodes: TAssetTreeNode[]): unknown =>
  nodes.map((node) => (node.children.length ? { [node.asset.id]: shape(node.children) } : node.asset.id));

describe('the asset tree', () => {
  it('hangs holding accounts under their grouping accounts, by name, and leaves other assets out', () => {
    const tree = accountTree([
      asset('Family', 'grouping account'),
      asset('Zeta bank', 'bank account', 'Family'),
      asset('Broker', 'investment account', 'Family'),
      asset('Kids', 'grouping account', 'Family'),
      asset('Savings', 'bank account', 'Kids'),
      asset('Card', 'credit card'),
      asset('Apple', 'stock'),
      asset('USD', 'currency'),
      asset('Salary', 'income account'),
      asset('Old', 'bank account', 'Family', true),
    ]);
    expect(shape(tree)).toEqual(['Card', { Family: ['Broker', { Kids: ['Savings'] }, 'Zeta bank'] }]);
  });

  it('puts an account whose parent is missing, not a grouping account, or in a cycle at the top', () => {
    const tree = accountTree([
      asset('Orphan', 'bank account', 'gone'),
      asset('Under bank', 'bank account', 'Orphan'),
      asset('A', 'grouping account', 'B'),
      asset('B', 'grouping account', 'A'),
    ]);
    const ids = JSON.stringify(shape(tree));
    for (const id of ['Orphan', 'Under bank', 'A', 'B']) expect(ids).toContain(`"${id}"`);
    expect(tree.some((node) => node.asset.id === 'Under bank')).toBe(true);
  });

  it('offers as parents only live grouping accounts that are not the account or below it', () => {
    const assets = [
      asset('Family', 'grouping account'),
      asset('Kids', 'grouping account', 'Family'),
      asset('Trusts', 'grouping account'),
      asset('Gone', 'grouping account', null, true),
      asset('Bank', 'bank account'),
    ];
    expect(parentChoices(assets, 'Family').map((entry) => entry.id)).toEqual(['Trusts']);
    expect(parentChoices(assets, 'Bank').map((entry) => entry.id)).toEqual(['Family', 'Kids', 'Trusts']);
  });

  it('keeps its width within bounds and the window', () => {
    expect(clampTreeWidth(10, 1280)).toBe(TREE_MIN_WIDTH);
    expect(clampTreeWidth(5000, 1920)).toBe(TREE_MAX_WIDTH);
    expect(clampTreeWidth(600, 500)).toBe(460);
    expect(clampTreeWidth(450.4, 1280)).toBe(450);
  });
});
