// IRR and MOIC, Commitments and Performance Pivot: returns and multiples from irr_moic_view,
// commitments_view and performance_view. An IRR the solver cannot define says why, in words; one over
// less than a year says it is the period's return, not annualised (GIPS), and one that several rates fit
// lists them.
import type {
  TCommitmentRow,
  TIrr,
  TIrrMoicRow,
  TPerformanceRow,
  TScopeKind,
} from '@strata/core/analytics/analytics-types';
import type { TWidgetSettings } from '@strata/core/dashboards/widget-settings';
import { pivotBySettings, type TPivotField, type TPivotMeasure, type TPivotTable } from './pivot.ts';
import { holdingAccountIds } from './value-widgets.ts';
import type { TWidgetInput } from './widget-settings.ts';

const IRR_REASONS: Record<string, string> = {
  MISSING_VALUE: 'a price or rate is missing',
  NO_FLOWS: 'no money went in or out',
  ZERO_PERIOD: 'all flows are on one day',
  NO_SIGN_CHANGE: 'money only went one way',
  NO_SOLUTION: 'no rate makes the flows add up',
  NOT_REQUESTED: 'not computed for this scope',
};

/** 'Not defined: money only went one way' — the words under an IRR the engine could not give. */
export function irrReasonText(reason: string | null): string {
  return `Not defined: ${reason ? (IRR_REASONS[reason] ?? reason) : 'no result'}`;
}

export const PERIOD_RETURN_CAPTION = 'Period return, not annualised';

/** Rates far out (a meaningless second root can be 1e159) in exponent form, not 160 digits. */
const percent = (rate: number) =>
  Math.abs(rate) < 100 ? `${(rate * 100).toFixed(2)}%` : `${(rate * 100).toExponential(2)}%`;

/**
 * The words under an IRR: 'Period return, not annualised' when the flows span less than a year, and
 * 'Several rates fit: 10.00%, 20.00% a year' when the flows have several; null for a plain annual rate.
 */
export function irrCaption(irr: TIrr): string | null {
  if (irr.irr === null) return null;
  const parts: string[] = [];
  if (irr.is_irr_annualized === false) parts.push(PERIOD_RETURN_CAPTION);
  if (irr.irr_roots && irr.irr_roots.length > 1)
    parts.push(`Several rates fit: ${irr.irr_roots.map(percent).join(', ')} a year`);
  return parts.length > 0 ? parts.join('. ') : null;
}

/**
 * The caption of one IRR cell in a narrow table: the period-return words go once under the table (a '*'
 * marks the IRR), so five columns fit a phone (issue 18); what else the caption says stays in the cell.
 */
export function splitPeriodReturn(caption: string | null): { isPeriodReturn: boolean; rest: string | null } {
  if (caption === null || !caption.startsWith(PERIOD_RETURN_CAPTION))
    return { isPeriodReturn: false, rest: caption };
  const rest = caption.slice(PERIOD_RETURN_CAPTION.length).replace(/^\. /, '');
  return { isPeriodReturn: true, rest: rest === '' ? null : rest };
}

export interface TReturnRow {
  id: string;
  name: string;
  scope_kind: TScopeKind;
  irr: number | null;
  /** Set when irr is null: why. */
  irr_note: string | null;
  /** Set when irr is not an annual rate, or one of several (irrCaption). */
  irr_caption: string | null;
  moic: number | null;
  dpi: number | null;
  rvpi: number | null;
}

function inGrouping(
  row: { scope_kind: TScopeKind; scope_id: string },
  settings: TWidgetSettings,
  holding: ReadonlySet<string> | null,
): boolean {
  if (settings.grouping === 'tag')
    return row.scope_kind === 'tag' && row.scope_id.startsWith(`${settings.tag_name}=`);
  if (settings.grouping === 'asset') return row.scope_kind === 'asset';
  return row.scope_kind === 'account' && (!holding || holding.has(row.scope_id));
}

/** IRR and MOIC: the repository first, then each scope of the grouping, over the whole timeline. */
export function irrMoic(input: TWidgetInput, settings: TWidgetSettings): TReturnRow[] {
  const holding = holdingAccountIds(input.result);
  const rows = (input.result.irr_moic_view ?? []).filter((row) => row.period === -1);
  const toRow = (row: TIrrMoicRow): TReturnRow => ({
    id: row.scope_id,
    name: row.scope_name,
    scope_kind: row.scope_kind,
    irr: row.irr,
    irr_note: row.irr === null ? irrReasonText(row.irr_reason) : null,
    irr_caption: irrCaption(row),
    moic: row.moic,
    dpi: row.dpi,
    rvpi: row.rvpi,
  });
  const repository = rows.filter((row) => row.scope_kind === 'repository').map(toRow);
  const groups = rows
    .filter((row) => inGrouping(row, settings, holding))
    .map(toRow)
    .sort((a, b) => a.name.localeCompare(b.name));
  return [...repository, ...groups];
}

export interface TCommitmentLine extends TCommitmentRow {
  isTotal: boolean;
  irr_note: string | null;
  irr_caption: string | null;
}

/** Commitments: each fund by name, then the total row. */
export function commitments(input: TWidgetInput): TCommitmentLine[] {
  const rows = input.result.commitments_view ?? [];
  const line = (row: TCommitmentRow): TCommitmentLine => ({
    ...row,
    isTotal: row.asset_id === null,
    irr_note: row.irr === null ? irrReasonText(row.irr_reason) : null,
    irr_caption: irrCaption(row),
  });
  return [
    ...rows
      .filter((row) => row.asset_id !== null)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(line),
    ...rows.filter((row) => row.asset_id === null).map(line),
  ];
}

export const PERFORMANCE_PIVOT_CATALOGUE = {
  fields: {
    scope: { label: 'Scope', key: (row: TPerformanceRow) => row.scope_name },
    period: {
      label: 'Period',
      key: (row: TPerformanceRow) => row.end,
      order: (row: TPerformanceRow) => row.period,
    },
    scope_kind: { label: 'Scope kind', key: (row: TPerformanceRow) => row.scope_kind },
  } satisfies Record<string, TPivotField<TPerformanceRow>>,
  measures: {
    twr: { label: 'TWR', value: (row: TPerformanceRow) => row.twr, additive: false, format: 'percent' },
    cumulative_twr: {
      label: 'Cumulative TWR',
      value: (row: TPerformanceRow) => row.cumulative_twr,
      additive: false,
      format: 'percent',
    },
  } satisfies Record<string, TPivotMeasure<TPerformanceRow>>,
};

/** Performance Pivot: TWR of the repository and each scope of the grouping × period (returns do not add up). */
export function performancePivot(input: TWidgetInput, settings: TWidgetSettings): TPivotTable {
  const holding = holdingAccountIds(input.result);
  return pivotBySettings(
    input.result.performance_view ?? [],
    PERFORMANCE_PIVOT_CATALOGUE,
    settings.pivot,
    (row) => row.scope_kind === 'repository' || inGrouping(row, settings, holding),
  );
}
