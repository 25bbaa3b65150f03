import { describe, expect, it } from 'vitest';
import type { TAnalyticsAsset } from './analytics-types.ts';
import { ScopeIndex, selectedAccounts } from './scopes.ts';

const assets = new Map<string, TAnalyticsAsset>(
  [
    { id: 'top', type: 'grouping account', currency: 'USD' },
    { id: 'mid', type: 'grouping account', currency: 'USD', parent_id: 'top' },
    {
      id: 'acc',
      type: 'investment account',
      currency: 'USD',
      parent_id: 'mid',
      tags: [{ name: 'Category', value: 'Invest' }],
    },
    { id: 'other', type: 'bank account', currency: 'USD' },
    { id: 'acme', type: 'stock', currency: 'USD', tags: [{ name: 'Class', value: 'Equity' }] },
  ].map((a) => [a.id, a]),
);

describe('scopes', () => {
  it('a position belongs to the repository, itself, its asset, its account and ancestors, and its tags', () => {
    const index = new ScopeIndex(assets);
    const scopes = [...index.scopesOfPosition('acc', 'acme')].map(
      (i) => `${index.scopes[i]!.kind}:${index.scopes[i]!.id}`,
    );
    expect(scopes).toEqual([
      'repository:repository',
      'position:acc|acme',
      'asset:acme',
      'account:acc',
      'account:mid',
      'account:top',
      'tag:Category=Invest',
      'tag:Class=Equity',
    ]);
  });

  it('a request for accounts covers their subtrees', () => {
    expect(selectedAccounts(assets, 'root')).toBeNull();
    expect([...selectedAccounts(assets, ['mid'])!].sort()).toEqual(['acc', 'mid']);
  });
});
