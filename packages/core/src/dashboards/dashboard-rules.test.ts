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
      {
        field: 'widgets.0.layout',
        message: 'Must fit the 4 columns of a mobile dashboard (x + w at most 4)',
      },
    ]);
    expect(validateWidgets([widget('a', 'Value Pie', 0, 12)], 'desktop')).toEqual([]);
    expect(validateWidgets([widget('a', 'Value Pie', 1, 12)], 'desktop')[0]?.message).toBe(
      'Must fit the 12 columns of a desktop dashboard (x + w at most 12)',
    );
    expect(
      validateWidgets([{ ...widget('a', 'Value Pie'), layout: { x: 0, y: 0, w: 4, h: 41 } }], 'desktop'),
    ).toEqual([{ field: 'widgets.0.layout', message: 'h must be at most 40 and y + h at most 1000' }]);
    expect(
      validateWidgets([{ ...widget('a', 'Value Pie'), layout: { x: 0.5, y: -1, w: 4, h: 3 } }], 'desktop'),
    ).toHaveLength(1);
    expect(
      validateWidgets(
        Array.from({ length: 61 }, (_, i) => widget(`w${i}`, 'Value Pie')),
        'desktop',
      ),
    ).toEqual([{ field: 'widgets', message: 'At most 60 widgets' }]);
    expect(validateWidgets([widget('a', 'Pie'), widget('a', 'Value Pie', 0, 0)], 'desktop')).toEqual([
      { field: 'widgets.0.kind', message: 'Unknown widget kind: Pie' },
      { field: 'widgets.1.id', message: 'Widget ids must be unique' },
      { field: 'widgets.1.layout', message: 'x and y must be whole numbers from 0, w and h from 1' },
    ]);
  });

  it("reports a widget's bad settings under its index", () => {
    expect(
      validateWidgets(
        [{ ...widget('a', 'Value Table'), settings: { precision: 12, colour: 'red' } }],
        'desktop',
      ),
    ).toEqual([
      { field: 'widgets.0.settings.precision', message: 'Must be a whole number from 0 to 8' },
      { field: 'widgets.0.settings.colour', message: 'Unknown setting' },
    ]);
  });
});
