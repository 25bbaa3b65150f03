import { describe, expect, it } from 'vitest';
import { adjustedCloses } from './adjusted-closes.ts';

const days = (closes: Array<[string, string]>) => closes.map(([date, close]) => ({ date, close }));

describe('adjusted closes', () => {
  it('quarters every close before a 4:1 split and keeps those from its day on', () => {
    const prices = days([
      ['2020-08-27', '500.04'],
      ['2020-08-28', '499.23'],
      ['2020-08-31', '129.04'],
      ['2020-09-01', '134.18'],
    ]);
    expect(
      adjustedCloses(prices, [{ date: '2020-08-31', kind: 'split', numerator: '4', denominator: '1' }]),
    ).toEqual(['125.01', '124.8075', '129.04', '134.18']);
  });

  it('scales closes before a dividend by 1 − dividend / previous close, compounding with a split', () => {
    const prices = days([
      ['2024-01-02', '50'],
      ['2024-01-03', '100'],
      ['2024-01-04', '99'],
      ['2024-01-05', '49'],
    ]);
    // Dividend 2 paid from 2024-01-04 (previous close 100): factor 0.98 on 01-02 and 01-03.
    // A 2:1 split on 2024-01-05: factor 0.5 on every earlier day.
    expect(
      adjustedCloses(prices, [
        { date: '2024-01-04', kind: 'dividend', amount: '2' },
        { date: '2024-01-05', kind: 'split', numerator: '2', denominator: '1' },
      ]),
    ).toEqual(['24.5', '49', '49.5', '49']);
  });

  it('adjusts nothing for an event before the first close, or for a dividend not below the close', () => {
    const prices = days([
      ['2024-01-02', '10'],
      ['2024-01-03', '11'],
    ]);
    expect(
      adjustedCloses(prices, [
        { date: '2024-01-01', kind: 'split', numerator: '3', denominator: '1' },
        { date: '2024-01-03', kind: 'dividend', amount: '10' },
      ]),
    ).toEqual(['10', '11']);
  });

  it('keeps ten significant digits of a factor that does not end', () => {
    expect(
      adjustedCloses(
        days([
          ['2024-01-02', '3'],
          ['2024-01-03', '3'],
        ]),
        [{ date: '2024-01-03', kind: 'dividend', amount: '1' }],
      ),
    ).toEqual(['2', '3']);
    expect(
      adjustedCloses(
        days([
          ['2024-01-02', '1'],
          ['2024-01-03', '1'],
        ]),
        [{ date: '2024-01-03', kind: 'split', numerator: '3', denominator: '1' }],
      ),
    ).toEqual(['0.3333333333', '1']);
  });
});
