import type { TAnalyticsResult, TScopeKind, TScopeRef } from '@strata/core/analytics/analytics-types';
import { findWidgetKind } from '@strata/core/dashboards/widget-kinds';
import { widgetScopeKinds } from '@strata/core/dashboards/widget-scopes';
import type { TWidgetSettings } from '@strata/core/dashboards/widget-settings';
import { describe, expect, it } from 'vitest';
import { ACME, BANK, REPO, STOCKS, sampleResult } from './widget-fixtures.ts';
import { WIDGET_REGISTRY } from './widget-registry.ts';
import type { TWidgetInput } from './widget-settings.ts';

type TScoped = TScopeRef & { period: number; start: string; end: string };

/** Copies of a dataset's rows under other scopes, so every scope kind has rows in every scoped dataset. */
function withEveryKind<T extends TScoped>(rows: readonly T[]): T[] {
  const copies = rows
    .filter((row) => row.scope_kind === 'repository')
    .flatMap((row) =>
      (
        [
          ['asset', 'ast-acme', 'ACME'],
          ['tag', 'Category=Stocks', 'Category=Stocks'],
          ['position', 'acc-broker|ast-acme', 'Brokerage / ACME'],
          ['account', 'acc-bank', 'Bank'],
        ] as const
      ).map(([scope_kind, scope_id, scope_name]) => ({ ...row, scope_kind, scope_id, scope_name })),
    );
  const known = new Set(rows.map((row) => `${row.scope_kind}|${row.scope_id}`));
  return [...rows, ...copies.filter((row) => !known.has(`${row.scope_kind}|${row.scope_id}`))];
}

/** The sample result with rows of every scope kind (positions too) in every dataset that has scopes. */
function everyScopeResult(): TAnalyticsResult {
  const base = sampleResult();
  const values = base.value_view ?? [];
  const scopes = values.map(({ scope_kind, scope_id, scope_name, period, start, end }, index) => ({
    scope_kind,
    scope_id,
    scope_name,
    period,
    start,
    end,
    index,
  }));
  return {
    ...base,
    value_view: withEveryKind(values),
    income_view: withEveryKind(base.income_view ?? []),
    performance_view: withEveryKind(
      scopes.map(({ index, ...scope }) => ({ ...scope, twr: index / 100, cumulative_twr: index / 50 })),
    ),
    irr_moic_view: withEveryKind(
      scopes.map(({ index, ...scope }) => ({
        ...scope,
        irr: index / 100,
        is_irr_annualized: true,
        irr_annualized: index / 100,
        irr_roots: null,
        irr_reason: null,
        value_start: index,
        value_end: index + 1,
        contributions: 10,
        distributions: 1,
        moic: 1.1,
        dpi: 0.1,
        rvpi: 1,
      })),
    ),
  };
}

/** The result as the server answers `scopes=kinds`: rows of other kinds left out. */
function onlyKinds(result: TAnalyticsResult, kinds: readonly TScopeKind[]): TAnalyticsResult {
  const keep = <T extends TScopeRef>(rows: readonly T[] | undefined) =>
    rows?.filter((row) => kinds.includes(row.scope_kind));
  return {
    ...result,
    value_view: keep(result.value_view),
    income_view: keep(result.income_view),
    performance_view: keep(result.performance_view),
    irr_moic_view: keep(result.irr_moic_view),
  };
}

const GROUPINGS: Array<Pick<TWidgetSettings, 'grouping' | 'tag_name'>> = [
  { grouping: 'account', tag_name: 'Category' },
  { grouping: 'asset', tag_name: 'Category' },
  { grouping: 'tag', tag_name: 'Category' },
];
const SCOPES = [REPO, BANK, ACME, STOCKS].map(([scope_kind, scope_id]) => ({ scope_kind, scope_id }));

describe('the scope kinds a dashboard asks for', () => {
  it('give every widget kind, with every grouping and scope, what it shows with every kind', () => {
    const full = everyScopeResult();
    let compared = 0;
    for (const definition of Object.values(WIDGET_REGISTRY)) {
      const kind = findWidgetKind(definition.kind);
      if (!kind) throw new Error(definition.kind);
      for (const grouping of GROUPINGS) {
        for (const scope of SCOPES) {
          const settings: TWidgetSettings = { ...definition.defaultSettings, ...grouping, ...scope };
          const input = (result: TAnalyticsResult): TWidgetInput => ({
            result,
            accountTypes: { 'acc-bank': 'Bank', 'acc-broker': 'Brokerage' },
            assetNames: { 'ast-acme': 'ACME' },
          });
          const asked = onlyKinds(full, widgetScopeKinds(kind, settings));
          expect(
            definition.transform(input(asked), settings),
            `${definition.kind} ${JSON.stringify(settings)}`,
          ).toEqual(definition.transform(input(full), settings));
          compared += 1;
        }
      }
    }
    expect(compared).toBe(Object.keys(WIDGET_REGISTRY).length * GROUPINGS.length * SCOPES.length);
  });
});
