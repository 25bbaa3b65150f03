import { describe, expect, it } from 'vitest';
import { findWidgetKind, WIDGET_KINDS } from './widget-kinds.ts';
import {
  boardIrrScopeKinds,
  boardScopeKinds,
  EDITING_SCOPE_KINDS,
  widgetScopeKinds,
} from './widget-scopes.ts';
import { BASE_SETTINGS } from './widget-settings.ts';

const kind = (name: string) => {
  const found = findWidgetKind(name);
  if (!found) throw new Error(name);
  return found;
};

describe('the scope kinds a widget reads', () => {
  it('reads its chosen scope, its grouping, or fixed kinds, always with the repository', () => {
    expect(widgetScopeKinds(kind('Value Change Snapshot'), BASE_SETTINGS)).toEqual(['repository']);
    expect(
      widgetScopeKinds(kind('Income History Bars'), {
        ...BASE_SETTINGS,
        scope_kind: 'asset',
        grouping: 'tag',
      }),
    ).toEqual(['repository', 'asset']);
    expect(widgetScopeKinds(kind('Value Table'), { ...BASE_SETTINGS, grouping: 'tag' })).toEqual([
      'repository',
      'tag',
    ]);
    expect(widgetScopeKinds(kind('Value Pie'), { ...BASE_SETTINGS, grouping: 'asset' })).toEqual([
      'repository',
      'asset',
    ]);
    // A pivot has both a scope (its filter) and a grouping (its 'scope' rows or columns).
    expect(
      widgetScopeKinds(kind('Income Pivot'), { ...BASE_SETTINGS, scope_kind: 'tag', grouping: 'asset' }),
    ).toEqual(['repository', 'asset', 'tag']);
    expect(widgetScopeKinds(kind('Accounts By Type'), BASE_SETTINGS)).toEqual(['repository', 'account']);
    expect(widgetScopeKinds(kind('Section Delimiter'), { ...BASE_SETTINGS, scope_kind: 'asset' })).toEqual([
      'repository',
    ]);
  });

  it('never asks for positions unless a scope setting names one', () => {
    for (const widgetKind of WIDGET_KINDS) {
      expect(widgetScopeKinds(widgetKind, BASE_SETTINGS)).not.toContain('position');
    }
    expect(EDITING_SCOPE_KINDS).toEqual(['repository', 'account', 'asset', 'tag']);
  });

  it("adds a board's widgets up in one order, whatever order they come in", () => {
    const widgets = [
      { kind: kind('Value Table'), settings: { ...BASE_SETTINGS, grouping: 'tag' as const } },
      { kind: kind('Accounts By Type'), settings: BASE_SETTINGS },
    ];
    expect(boardScopeKinds(widgets)).toEqual(['repository', 'account', 'tag']);
    expect(boardScopeKinds([...widgets].reverse())).toEqual(['repository', 'account', 'tag']);
    expect(boardScopeKinds([])).toEqual(['repository']);
  });

  it('asks for asset IRRs only when an IRR and MOIC widget groups by asset', () => {
    const irr = (grouping: 'account' | 'asset' | 'tag') => ({
      kind: kind('IRR and MOIC'),
      settings: { ...BASE_SETTINGS, grouping },
    });
    expect(boardIrrScopeKinds([irr('account'), irr('tag')])).toBeNull();
    // A Value Table by asset shows no IRR.
    expect(
      boardIrrScopeKinds([{ kind: kind('Value Table'), settings: { ...BASE_SETTINGS, grouping: 'asset' } }]),
    ).toBeNull();
    expect(boardIrrScopeKinds([irr('account'), irr('asset')])).toEqual([
      'repository',
      'account',
      'asset',
      'tag',
    ]);
  });
});
