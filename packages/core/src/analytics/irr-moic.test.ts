import { describe, expect, it } from 'vitest';
import { toEpochDay } from '../dates/epoch-day.ts';
import { irrMoicRows, xirrOf } from './irr-moic.ts';
import { buildPeriodGrid } from './period-grid.ts';
import { newScopeState, setObservations } from './scope-state.ts';

const ref = { scope_kind: 'repository' as const, scope_id: 'repository', scope_name: 'R' };

describe('IRR and MOIC', () => {
  it('one year, 1,000 in, 1,100 out: IRR 10%, MOIC 1.1', () => {
    const grid = buildPeriodGrid({ periods: 1, freq: 'year', end: '2023-12-31', includeEnd: true });
    const s = newScopeState({ index: 0, kind: 'repository', id: 'repository', name: 'R' }, 1);
    s.gridValue[0] = 1000;
    s.gridValue[1] = 1100;
    setObservations(s, [[toEpochDay('2023-12-31'), 1100, 0, 0, Number.NaN]]);
    const [period, window] = irrMoicRows(s, grid, ref);
    expect(period!.irr).toBeCloseTo(0.1, 12);
    expect(period).toMatchObject({ contributions: 1000, distributions: 0, moic: 1.1, dpi: 0, rvpi: 1.1 });
    expect(window!.period).toBe(-1);
  });

  it('distributions count in MOIC and DPI: 1,000 in; 300 out mid-way; 800 left → MOIC 1.1, DPI 0.3', () => {
    const grid = buildPeriodGrid({ periods: 1, freq: 'year', end: '2023-12-31', includeEnd: true });
    const s = newScopeState({ index: 0, kind: 'repository', id: 'repository', name: 'R' }, 1);
    s.gridValue[0] = 1000;
    s.gridValue[1] = 800;
    setObservations(s, [
      [toEpochDay('2023-07-01'), 900, 0, -300, 1200],
      [toEpochDay('2023-12-31'), 800, 0, 0, 1200],
    ]);
    const [row] = irrMoicRows(s, grid, ref);
    expect(row!.moic).toBeCloseTo(1.1, 12);
    expect(row!.dpi).toBeCloseTo(0.3, 12);
    expect(row!.rvpi).toBeCloseTo(0.8, 12);
  });

  it('says why when IRR is not defined', () => {
    expect(
      xirrOf([
        { day: 0, amount: -1 },
        { day: 10, amount: Number.NaN },
      ]),
    ).toMatchObject({
      irr: null,
      is_irr_annualized: null,
      irr_annualized: null,
      irr_reason: 'MISSING_VALUE',
    });
    expect(
      xirrOf([
        { day: 0, amount: -1 },
        { day: 10, amount: -2 },
      ]),
    ).toMatchObject({ irr: null, irr_reason: 'NO_SIGN_CHANGE' });
  });

  it('a one-day row shows the day’s return, not annualised: 1,000 → 1,001 is 0.1%, not 1.001^365 − 1', () => {
    const grid = buildPeriodGrid({ periods: 1, freq: 'day', end: '2024-01-02', includeEnd: true });
    const s = newScopeState({ index: 0, kind: 'repository', id: 'repository', name: 'R' }, 1);
    s.gridValue[0] = 1000;
    s.gridValue[1] = 1001;
    const [period, window] = irrMoicRows(s, grid, ref);
    for (const row of [period!, window!]) {
      expect(row.irr).toBeCloseTo(0.001, 14);
      expect(row.is_irr_annualized).toBe(false);
      // 1.001^365 − 1 = 0.44025… (by hand: e^(365 · ln 1.001) = e^0.364818… = 1.440251…).
      expect(row.irr_annualized).toBeCloseTo(0.440251, 6);
      expect(row.irr_roots).toBeNull();
    }
  });

  it('a year of 365 days (2023) is annualised; one of 366 (2024) too', () => {
    for (const [end, days] of [
      ['2023-12-31', 365],
      ['2024-12-31', 366],
    ] as const) {
      const grid = buildPeriodGrid({ periods: 1, freq: 'year', end, includeEnd: true });
      const s = newScopeState({ index: 0, kind: 'repository', id: 'repository', name: 'R' }, 1);
      s.gridValue[0] = 1000;
      s.gridValue[1] = 1100;
      const [row] = irrMoicRows(s, grid, ref);
      expect(row!.is_irr_annualized).toBe(true);
      // Two flows: (1,100 / 1,000)^(365 / days) − 1.
      expect(row!.irr).toBeCloseTo(1.1 ** (365 / days) - 1, 12);
      expect(row!.irr_annualized).toBe(row!.irr);
    }
  });

  it('a year row whose money went in three months before the end shows those months’ return', () => {
    // Nothing at the start; 1,000 in on Oct 1; 1,050 at Dec 31: 91 days, so 5% (not 1.05^(365/91) − 1).
    const grid = buildPeriodGrid({ periods: 1, freq: 'year', end: '2023-12-31', includeEnd: true });
    const s = newScopeState({ index: 0, kind: 'repository', id: 'repository', name: 'R' }, 1);
    s.gridValue[0] = 0;
    s.gridValue[1] = 1050;
    setObservations(s, [
      [toEpochDay('2023-10-01'), 1000, 1000, 0, 0],
      [toEpochDay('2023-12-31'), 1050, 0, 0, Number.NaN],
    ]);
    const [row] = irrMoicRows(s, grid, ref);
    expect(row!.irr).toBeCloseTo(0.05, 12);
    expect(row!.is_irr_annualized).toBe(false);
    expect(row!.irr_annualized).toBeCloseTo(1.05 ** (365 / 91) - 1, 12);
  });

  it('several rates: the one nearest 10% is shown, all are listed', () => {
    // −100 at the start, +230 a year on, −132 two years on: 10% and 20% fit (docs/analytics-irr.md).
    const grid = buildPeriodGrid({ periods: 2, freq: 'year', end: '2022-12-31', includeEnd: true });
    const s = newScopeState({ index: 0, kind: 'repository', id: 'repository', name: 'R' }, 2);
    s.gridValue[0] = 100;
    setObservations(s, [
      [toEpochDay('2021-12-31'), 0, 0, -230, 230],
      [toEpochDay('2022-12-31'), 0, 132, 0, 0],
    ]);
    const window = irrMoicRows(s, grid, ref).find((row) => row.period === -1)!;
    expect(window.irr).toBeCloseTo(0.1, 12);
    expect(window.is_irr_annualized).toBe(true);
    expect(window.irr_roots).toEqual([expect.closeTo(0.1, 12), expect.closeTo(0.2, 12)]);
  });

  it('skips IRR where it was not asked for, keeping MOIC', () => {
    const grid = buildPeriodGrid({ periods: 1, freq: 'year', end: '2023-12-31', includeEnd: true });
    const s = newScopeState({ index: 0, kind: 'position', id: 'a|b', name: 'P' }, 1);
    s.gridValue[0] = 100;
    s.gridValue[1] = 120;
    const [row] = irrMoicRows(s, grid, ref, false);
    expect(row).toMatchObject({ irr: null, irr_reason: 'NOT_REQUESTED', moic: 1.2 });
  });
});
