import { describe, expect, it } from 'vitest';
import { toEpochDay } from '../dates/epoch-day.ts';
import { irrMoicRows, xirrOf } from './irr-moic.ts';
import { newScopeState, setObservations } from './ledger-pass.ts';
import { buildPeriodGrid } from './period-grid.ts';

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
    ).toEqual({
      irr: null,
      irr_reason: 'MISSING_VALUE',
    });
    expect(
      xirrOf([
        { day: 0, amount: -1 },
        { day: 10, amount: -2 },
      ]),
    ).toEqual({ irr: null, irr_reason: 'NO_SIGN_CHANGE' });
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
