import { describe, expect, it } from 'vitest';
import { freeSlug, slugify, validateName, validateWidgets } from './dashboard-rules.ts';
import { allowedWidgetKinds, WIDGET_KINDS } from './widget-kinds.ts';

const widget = (id: string, kind: string, x = 0, w = 4) => ({
  id,
  kind,
  layout: { x, y: 0, w, h: 3 },
  settings: {},
});

describe('dashboard rules', () => {
  it('has the sixteen kinds of the seed and gates them by plan', () => {
    expect(WIDGET_KINDS).toHaveLength(16);
    expect(allowedWidgetKinds('all')).toHaveLength(16);
    expect(allowedWidgetKinds(['Value Pie', 'Nope'])).toEqual(['Value Pie']);
  });

  it('makes slugs from names and keeps them unique', () => {
    expect(slugify('  Family Overview — Q1! ')).toBe('family-overview-q1');
    expect(slugify('Élan')).toBe('elan');
    expect(slugify('!!!')).toBe('dashboard');
    expect(freeSlug('main', new Set(['main', 'main-2']))).toBe('main-3');
  });

  it('checks names, kinds, ids and layouts against the grid of the type', () => {
    expect(validateName('')).toEqual([{ field: 'name', message: 'Field is required' }]);
    expect(validateWidgets([widget('a', 'Value Pie', 8, 4)], 'desktop')).toEqual([]);
    expect(validateWidgets([widget('a', 'Value Pie', 2, 4)], 'mobile')).toEqual([
      { field: 'widgets.0.layout', message: 'Must fit the 4 columns of a mobile dashboard' },
    ]);
    expect(validateWidgets([widget('a', 'Pie'), widget('a', 'Value Pie', 0, 0)], 'desktop')).toEqual([
      { field: 'widgets.0.kind', message: 'Unknown widget kind: Pie' },
      { field: 'widgets.1.id', message: 'Widget ids must be unique' },
      { field: 'widgets.1.layout', message: 'x and y must be whole numbers from 0, w and h from 1' },
    ]);
  });
});
