// A widget's saved settings (the `settings` object of a dashboard widget) read with defaults. Unknown or
// ill-typed values fall back to the default, so an old or hand-edited dashboard still draws.
import { SCOPE_KINDS, type TAnalyticsResult } from '@strata/core/analytics/analytics-types';
import {
  BASE_SETTINGS,
  GROUPINGS,
  MAX_PRECISION,
  PERIOD_MODES,
  type TPivotSettings,
  type TWidgetSettings,
} from '@strata/core/dashboards/widget-settings';

// The lists, the limits and the defaults are core's (the server checks saved settings with the same ones);
// this file only reads a saved object leniently for drawing.

/** How a breakdown groups values: by holding account, by asset, or by the values of one tag. */
export type TGrouping = TWidgetSettings['grouping'];

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

function readPivot(raw: unknown, fallback: TPivotSettings): TPivotSettings {
  if (!raw || typeof raw !== 'object') return fallback;
  const pivot = raw as Record<string, unknown>;
  const text = (value: unknown, otherwise: string) =>
    typeof value === 'string' && value !== '' ? value : otherwise;
  const filter = pivot.filter as { field?: unknown; values?: unknown } | null | undefined;
  return {
    rows: text(pivot.rows, fallback.rows),
    columns: text(pivot.columns, fallback.columns),
    value: text(pivot.value, fallback.value),
    filter:
      filter && typeof filter.field === 'string' && Array.isArray(filter.values)
        ? { field: filter.field, values: filter.values.map(String) }
        : (fallback.filter ?? null),
  };
}

/** The saved settings over the kind's defaults. */
export function readWidgetSettings(
  raw: Readonly<Record<string, unknown>> | undefined,
  defaults: TWidgetSettings = BASE_SETTINGS,
): TWidgetSettings {
  const saved = raw ?? {};
  const precision = saved.precision;
  return {
    title: typeof saved.title === 'string' ? saved.title : defaults.title,
    scope_kind: isOneOf(SCOPE_KINDS, saved.scope_kind) ? saved.scope_kind : defaults.scope_kind,
    scope_id: typeof saved.scope_id === 'string' && saved.scope_id ? saved.scope_id : defaults.scope_id,
    grouping: isOneOf(GROUPINGS, saved.grouping) ? saved.grouping : defaults.grouping,
    tag_name: typeof saved.tag_name === 'string' && saved.tag_name ? saved.tag_name : defaults.tag_name,
    period: isOneOf(PERIOD_MODES, saved.period) ? saved.period : defaults.period,
    precision:
      typeof precision === 'number' &&
      Number.isInteger(precision) &&
      precision >= 0 &&
      precision <= MAX_PRECISION
        ? precision
        : defaults.precision,
    pivot: readPivot(saved.pivot, defaults.pivot),
  };
}

/**
 * What a transform reads besides the settings: the engine's result and the few facts it does not carry
 * (holding-account kinds for Accounts By Type).
 */
export interface TWidgetInput {
  result: TAnalyticsResult;
  /** Holding account id → its kind ('Brokerage', 'Bank', …). */
  accountTypes?: Readonly<Record<string, string>>;
  /** Asset id → name, for the missing-price tooltip when no value row names the asset. */
  assetNames?: Readonly<Record<string, string>>;
  /** The dashboard's repository: the linked widgets ask the linked data API for it (not in the analytics). */
  repositoryId?: string;
}
