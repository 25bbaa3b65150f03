import { describe, expect, it } from 'vitest';
import { importProgressOf } from './import-progress.ts';

describe('importProgressOf', () => {
  it('waits until the worker reports a total', () => {
    expect(importProgressOf({ status: 'waiting', progress: null })).toEqual({
      percent: 0,
      label: 'Waiting to start…',
    });
    expect(importProgressOf({ status: 'running', progress: {} }).label).toBe('Waiting to start…');
  });

  it('fills the first half while checking and the second while writing', () => {
    expect(
      importProgressOf({ status: 'running', progress: { total: 10_000, validated: 5000, written: 0 } }),
    ).toEqual({ percent: 25, label: 'Checked 5,000 of 10,000 rows' });
    expect(
      importProgressOf({ status: 'running', progress: { total: 10_000, validated: 10_000, written: 2500 } }),
    ).toEqual({ percent: 63, label: 'Written 2,500 of 10,000 rows' });
    expect(
      importProgressOf({ status: 'succeeded', progress: { total: 4, validated: 4, written: 4 } }).percent,
    ).toBe(100);
  });

  it('ignores counts that are not numbers and clamps to the total', () => {
    expect(
      importProgressOf({ status: 'running', progress: { total: 10, validated: 'x', written: 99 } }),
    ).toEqual({ percent: 50, label: 'Checked 0 of 10 rows' });
  });
});
