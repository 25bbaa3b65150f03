import { describe, expect, it } from 'vitest';
import { findWidgetKind, findWidgetKindByCode, WIDGET_KINDS } from './widget-kinds.ts';
import { BASE_SETTINGS, validateWidgetSettings } from './widget-settings.ts';

describe('widget settings', () => {
  it('accepts every default and a partial object', () => {
    for (const kind of WIDGET_KINDS) expect(validateWidgetSettings(kind.defaultSettings)).toEqual([]);
    expect(validateWidgetSettings({})).toEqual([]);
    expect(validateWidgetSettings({ grouping: 'tag', tag_name: 'Region', precision: 2 })).toEqual([]);
    expect(
      validateWidgetSettings({
        pivot: {
          rows: 'category',
          columns: 'period',
          value: 'amount',
          filter: { field: 'category', values: ['Rent'] },
        },
      }),
    ).toEqual([]);
  });

  it('names each bad value with what it must be', () => {
    expect(
      validateWidgetSettings({
        scope_kind: 'planet',
        grouping: 'colour',
        period: 'forever',
        precision: 1.5,
        title: 7,
        scope_id: ' ',
        tag_name: 'x'.repeat(201),
        nope: true,
      }),
    ).toEqual([
      { path: 'scope_kind', message: 'Must be one of: repository, account, asset, position, tag' },
      { path: 'grouping', message: 'Must be one of: account, asset, tag' },
      { path: 'period', message: 'Must be one of: timeline, last' },
      { path: 'precision', message: 'Must be a whole number from 0 to 8' },
      { path: 'title', message: 'Must be text' },
      { path: 'scope_id', message: 'Field is required' },
      { path: 'tag_name', message: 'At most 200 characters' },
      { path: 'nope', message: 'Unknown setting' },
    ]);
  });

  it('checks the pivot inside', () => {
    expect(validateWidgetSettings({ pivot: 'rows' })).toEqual([
      { path: 'pivot', message: 'Must be an object with rows, columns and value' },
    ]);
    expect(
      validateWidgetSettings({ pivot: { rows: '', sum: 1, filter: { field: 'a', values: [1] } } }),
    ).toEqual([
      { path: 'pivot.sum', message: 'Unknown setting' },
      { path: 'pivot.rows', message: 'Field is required' },
      { path: 'pivot.filter.values', message: 'Must be a list of at most 200 texts' },
    ]);
    expect(validateWidgetSettings([])).toEqual([{ path: '', message: 'Settings must be an object' }]);
  });
});

describe('widget kinds', () => {
  it('gives each of the sixteen a unique code, a label, a size within the grid and known settings', () => {
    expect(new Set(WIDGET_KINDS.map((kind) => kind.code)).size).toBe(16);
    expect(findWidgetKind('IRR and MOIC')?.code).toBe('irr-and-moic');
    expect(findWidgetKindByCode('value-pie')?.label).toBe('Value Pie');
    for (const kind of WIDGET_KINDS) {
      expect(kind.size.w).toBeLessThanOrEqual(12);
      for (const name of kind.settings) expect(name in BASE_SETTINGS).toBe(true);
    }
    expect(findWidgetKind('Section Delimiter')?.defaultSettings.title).toBe('Section');
    expect(findWidgetKind('Performance Pivot')?.defaultSettings.pivot.value).toBe('twr');
    expect(findWidgetKind('Commitments')?.datasets).toEqual(['commitments_view']);
  });
});
