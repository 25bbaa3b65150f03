import { describe, expect, it } from 'vitest';
import {
  canonicalDecimal,
  matchInvestmentDuplicates,
  type TInvestmentDedupIncoming,
} from './dedup-investments.ts';

const fund = { uniqueId: 'FOO', idType: 'PRIVATE' };
const buy: TInvestmentDedupIncoming = {
  fitId: null,
  date: '2014-06-17',
  kind: 'buy',
  security: fund,
  units: '8.846699',
  total: '-197.2',
};
const stored = (id: string, row: TInvestmentDedupIncoming) => ({ id, ...row });

describe('matchInvestmentDuplicates', () => {
  it('matches by FITID whatever else changed (a corrected trade)', () => {
    const result = matchInvestmentDuplicates(
      [stored('a', { ...buy, fitId: 'F1' })],
      [{ ...buy, fitId: 'F1', total: '-198' }],
    );
    expect(result).toEqual({ added: [], duplicates: [{ index: 0, existingId: 'a', matchedBy: 'fitid' }] });
  });

  it('without ids, the same day, kind, security, units and cash is the same trade ("8.8466990" = "8.846699")', () => {
    const result = matchInvestmentDuplicates(
      [stored('a', buy)],
      [{ ...buy, units: '8.8466990', total: '-197.20' }],
    );
    expect(result.duplicates).toEqual([{ index: 0, existingId: 'a', matchedBy: 'exact' }]);
  });

  it('another day, security or number of units is another trade', () => {
    const result = matchInvestmentDuplicates(
      [stored('a', buy)],
      [
        { ...buy, date: '2014-06-18' },
        { ...buy, security: { uniqueId: 'BAR', idType: 'PRIVATE' } },
        { ...buy, units: '8' },
        { ...buy, kind: 'reinvest' },
      ],
    );
    expect(result.added).toEqual([0, 1, 2, 3]);
  });

  it('one to one: two equal trades over a store holding one add one', () => {
    const result = matchInvestmentDuplicates([stored('a', buy)], [buy, buy]);
    expect(result).toEqual({ added: [1], duplicates: [{ index: 0, existingId: 'a', matchedBy: 'exact' }] });
  });

  it('two different FITIDs never match, even with equal fields', () => {
    const result = matchInvestmentDuplicates(
      [stored('a', { ...buy, fitId: 'F1' })],
      [{ ...buy, fitId: 'F2' }],
    );
    expect(result.added).toEqual([0]);
  });

  it('a transfer of shares (no cash) matches a stored transfer of 0', () => {
    const transfer = { ...buy, kind: 'transfer' as const, total: null, units: '-9.060702' };
    const result = matchInvestmentDuplicates([stored('a', { ...transfer, total: '0' })], [transfer]);
    expect(result.added).toEqual([]);
  });

  it('reads decimals as numbers: leading zeros, plus signs, trailing zeros, negative zero', () => {
    expect(
      ['+00000000000115.8331', '-0000000000008.00000', '0.0', '-0', '8.846699', '100', '.5', '-0.50'].map(
        canonicalDecimal,
      ),
    ).toEqual(['115.8331', '-8', '0', '0', '8.846699', '100', '0.5', '-0.5']);
  });
});
