import { WIDGET_KINDS } from '@strata/core/dashboards/widget-kinds';
import { describe, expect, it } from 'vitest';
import { sampleResult } from './widget-fixtures.ts';
import { findWidgetDefinition, scopeOptions, WIDGET_REGISTRY } from './widget-registry.ts';
import { readWidgetSettings } from './widget-settings.ts';

describe('widget registry', () => {
  it('has a definition for every kind core knows, and no other', () => {
    expect(Object.keys(WIDGET_REGISTRY).sort()).toEqual(WIDGET_KINDS.map((kind) => kind.kind).sort());
  });

  it('gives each kind a unique kebab code and core datasets', () => {
    const codes = Object.values(WIDGET_REGISTRY).map((definition) => definition.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(findWidgetDefinition('IRR and MOIC')?.code).toBe('irr-and-moic');
    expect(findWidgetDefinition('Value Pie')?.datasets).toEqual(['value_view', 'tree_view']);
  });

  it('transforms the sample result for every kind with its default settings', () => {
    for (const definition of Object.values(WIDGET_REGISTRY)) {
      expect(() =>
        definition.transform({ result: sampleResult() }, definition.defaultSettings),
      ).not.toThrow();
    }
  });

  it('transforms an empty result for every kind', () => {
    for (const definition of Object.values(WIDGET_REGISTRY)) {
      expect(() =>
        definition.transform(
          { result: { currency: 'USD', periods: [], missing: [] } },
          definition.defaultSettings,
        ),
      ).not.toThrow();
    }
  });

  it('names the pivot measure in the corner', () => {
    const definition = findWidgetDefinition('Performance Pivot');
    const data = definition?.transform({ result: sampleResult() }, definition.defaultSettings) as {
      corner: string;
    };
    expect(data.corner).toBe('TWR');
  });

  it('offers pivot fields and measures from the catalogues', () => {
    const fields = findWidgetDefinition('Income Pivot')?.settingsFields ?? [];
    expect(fields.find((field) => field.name === 'pivot.value')?.options).toEqual([
      { value: 'amount', label: 'Amount' },
    ]);
  });

  it('offers the result scopes to pick from', () => {
    const scopes = scopeOptions({ result: sampleResult() });
    expect(scopes[0]).toEqual({ value: 'repository', label: 'Repository', scope_kind: 'repository' });
    expect(scopes.map((scope) => scope.label)).toContain('Category=Stocks');
  });
});

describe('readWidgetSettings', () => {
  it('falls back to defaults on ill-typed values', () => {
    const settings = readWidgetSettings({
      precision: 2.5,
      grouping: 'planet',
      title: 'Mine',
      period: 'last',
    });
    expect(settings).toMatchObject({ precision: 0, grouping: 'account', title: 'Mine', period: 'last' });
    expect(
      readWidgetSettings({
        precision: 2,
        pivot: { rows: 'category', filter: { field: 'kind', values: ['income'] } },
      }),
    ).toMatchObject({
      precision: 2,
      pivot: { rows: 'category', columns: 'period', filter: { field: 'kind', values: ['income'] } },
    });
  });
});
