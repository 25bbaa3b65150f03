import type { TIrrMoicRow, TPerformanceRow } from '@strata/core/analytics/analytics-types';
import { BASE_SETTINGS } from '@strata/core/dashboards/widget-settings';
import { describe, expect, it } from 'vitest';
import {
  commitments,
  irrCaption,
  irrMoic,
  irrReasonText,
  performancePivot,
  splitPeriodReturn,
} from './return-widgets.ts';
import { sampleResult } from './widget-fixtures.ts';

const irrRow = (
  scope: [TIrrMoicRow['scope_kind'], string, string],
  patch: Partial<TIrrMoicRow>,
): TIrrMoicRow => ({
  scope_kind: scope[0],
  scope_id: scope[1],
  scope_name: scope[2],
  period: -1,
  start: '2023-12-31',
  end: '2024-02-29',
  value_start: 0,
  value_end: 100,
  contributions: 100,
  distributions: 0,
  moic: 1,
  dpi: 0,
  rvpi: 1,
  irr: 0,
  is_irr_annualized: true,
  irr_annualized: 0,
  irr_roots: null,
  irr_reason: null,
  ...patch,
});

const twrRow = (
  scope: [TPerformanceRow['scope_kind'], string, string],
  period: number,
  twr: number | null,
): TPerformanceRow => ({
  scope_kind: scope[0],
  scope_id: scope[1],
  scope_name: scope[2],
  period,
  start: period === 0 ? '2023-12-31' : '2024-01-31',
  end: period === 0 ? '2024-01-31' : '2024-02-29',
  twr,
  cumulative_twr: twr,
});

describe('irrMoic', () => {
  it('lists the repository then holding accounts; an undefined IRR says why', () => {
    const result = sampleResult();
    result.irr_moic_view = [
      irrRow(['account', 'acc-broker', 'Brokerage'], { irr: 0.12, moic: 1.07, dpi: 0.1, rvpi: 0.97 }),
      irrRow(['account', 'acc-group', 'Investments'], {}),
      irrRow(['account', 'acc-bank', 'Bank'], { irr: null, irr_reason: 'NO_SIGN_CHANGE' }),
      irrRow(['repository', 'repository', 'Repository'], {
        irr: null,
        irr_reason: 'MISSING_VALUE',
        moic: null,
      }),
      irrRow(['account', 'acc-bank', 'Bank'], { period: 0 }),
    ];
    const rows = irrMoic({ result }, BASE_SETTINGS);
    expect(rows.map((row) => [row.name, row.irr, row.irr_note, row.moic])).toEqual([
      ['Repository', null, 'Not defined: a price or rate is missing', null],
      ['Bank', null, 'Not defined: money only went one way', 1],
      ['Brokerage', 0.12, null, 1.07],
    ]);
  });

  it('an IRR over less than a year is captioned as the period return; several rates are listed', () => {
    const result = sampleResult();
    result.irr_moic_view = [
      irrRow(['repository', 'repository', 'Repository'], {
        irr: 0.001,
        is_irr_annualized: false,
        irr_annualized: 0.44,
      }),
      irrRow(['account', 'acc-broker', 'Brokerage'], {
        irr: 0.1,
        irr_annualized: 0.1,
        irr_roots: [0.1, 0.2],
      }),
      irrRow(['account', 'acc-bank', 'Bank'], { irr: 0.05, irr_annualized: 0.05 }),
    ];
    const rows = irrMoic({ result }, BASE_SETTINGS);
    expect(rows.map((row) => [row.name, row.irr, row.irr_caption])).toEqual([
      ['Repository', 0.001, 'Period return, not annualised'],
      ['Bank', 0.05, null],
      ['Brokerage', 0.1, 'Several rates fit: 10.00%, 20.00% a year'],
    ]);
    expect(
      irrCaption({
        irr: 0.01,
        is_irr_annualized: false,
        irr_annualized: 0.03,
        irr_roots: [-0.5, 0.03],
        irr_reason: null,
      }),
    ).toBe('Period return, not annualised. Several rates fit: -50.00%, 3.00% a year');
    // The 10k bench repository's US Brokerage: 5.89% and a meaningless 7.6e159 (7.6e161 %).
    expect(
      irrCaption({
        irr: 0.0589,
        is_irr_annualized: true,
        irr_annualized: 0.0589,
        irr_roots: [0.0589, 7.6e159],
        irr_reason: null,
      }),
    ).toBe('Several rates fit: 5.89%, 7.60e+161% a year');
    expect(
      irrCaption({
        irr: null,
        irr_reason: 'NO_FLOWS',
        is_irr_annualized: null,
        irr_annualized: null,
        irr_roots: null,
      }),
    ).toBeNull();
  });

  it('words unknown reasons as they are', () => {
    expect(irrReasonText('SOMETHING_NEW')).toBe('Not defined: SOMETHING_NEW');
  });
});

describe('commitments', () => {
  it('lists funds by name and the total last', () => {
    const fund = (asset_id: string | null, name: string) => ({
      account_id: asset_id ? 'acc-pe' : null,
      asset_id,
      name,
      date: '2024-02-29',
      commitment: 1000,
      called: 400,
      contributed: 400,
      recallable: 0,
      unfunded: 600,
      distributions: 50,
      paid_in: 410,
      nav: 420,
      dpi: 0.12,
      rvpi: 1.02,
      tvpi: 1.14,
      irr: null,
      is_irr_annualized: null,
      irr_annualized: null,
      irr_roots: null,
      irr_reason: 'NO_SIGN_CHANGE',
    });
    const result = sampleResult();
    result.commitments_view = [fund('f-z', 'Zeta Fund'), fund(null, 'Total'), fund('f-a', 'Alpha Fund')];
    const rows = commitments({ result });
    expect(rows.map((row) => [row.name, row.isTotal])).toEqual([
      ['Alpha Fund', false],
      ['Zeta Fund', false],
      ['Total', true],
    ]);
    expect(rows[0]?.irr_note).toBe('Not defined: money only went one way');
  });
});

describe('performancePivot', () => {
  it('puts TWR of the repository and holding accounts against periods, without totals', () => {
    const result = sampleResult();
    result.performance_view = [
      twrRow(['repository', 'repository', 'Repository'], 0, 0.01),
      twrRow(['repository', 'repository', 'Repository'], 1, 0.02),
      twrRow(['account', 'acc-broker', 'Brokerage'], 0, 0.033),
      twrRow(['account', 'acc-broker', 'Brokerage'], 1, null),
      twrRow(['account', 'acc-group', 'Investments'], 1, 0.5),
      twrRow(['asset', 'ast-acme', 'ACME'], 1, 0.5),
    ];
    const table = performancePivot(
      { result },
      { ...BASE_SETTINGS, pivot: { rows: 'scope', columns: 'period', value: 'twr', filter: null } },
    );
    expect(table.rowKeys).toEqual(['Brokerage', 'Repository']);
    expect(table.cells).toEqual([
      [0.033, null],
      [0.01, 0.02],
    ]);
    expect(table.format).toBe('percent');
    expect(table.rowTotals).toBeNull();
    expect(table.total).toBeUndefined();
  });
});

describe('splitPeriodReturn', () => {
  it('moves the period-return words of an IRR caption under the table and keeps the rest in the cell', () => {
    expect(splitPeriodReturn('Period return, not annualised')).toEqual({ isPeriodReturn: true, rest: null });
    expect(
      splitPeriodReturn('Period return, not annualised. Several rates fit: 1.00%, 3.00% a year'),
    ).toEqual({ isPeriodReturn: true, rest: 'Several rates fit: 1.00%, 3.00% a year' });
    expect(splitPeriodReturn('Several rates fit: 10.00%, 20.00% a year')).toEqual({
      isPeriodReturn: false,
      rest: 'Several rates fit: 10.00%, 20.00% a year',
    });
    expect(splitPeriodReturn(null)).toEqual({ isPeriodReturn: false, rest: null });
  });
});
