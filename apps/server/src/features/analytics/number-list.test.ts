import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countListed, readNumberList } from './number-list.ts';

const read = (text: string) => [...readNumberList(text, new Float64Array(countListed(text)))];
const byNumber = (text: string) => (text === '' ? [] : text.split(',').map(Number));

/** Decimal text as PostgreSQL writes numeric: sign, digits, a fraction with trailing zeros kept. */
const decimalText = fc
  .tuple(
    fc.boolean(),
    fc.stringMatching(/^(0|[1-9][0-9]{0,20})$/),
    fc.option(fc.stringMatching(/^[0-9]{1,25}$/), { nil: undefined }),
  )
  .map(
    ([isNegative, whole, fraction]) => `${isNegative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`,
  );

describe('reading a comma list of numbers', () => {
  it('counts the numbers of a list', () => {
    expect(countListed('')).toBe(0);
    expect(countListed('7')).toBe(1);
    expect(countListed('1,2.5,-3')).toBe(3);
  });

  it('reads every decimal exactly as Number() does, past 15 digits and 22 decimals too', () => {
    fc.assert(
      fc.property(fc.array(decimalText, { minLength: 1, maxLength: 40 }), (texts) => {
        const text = texts.join(',');
        const values = read(text);
        const expected = byNumber(text);
        expect(values.length).toBe(expected.length);
        for (const [index, value] of values.entries()) expect(Object.is(value, expected[index])).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads shortest double texts, and leaves odd texts to Number()', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true }), { minLength: 1, maxLength: 20 }), (doubles) => {
        const text = doubles.map(String).join(',');
        expect(read(text)).toEqual(byNumber(text));
      }),
    );
    expect(read('0.1,1e3,-0,+2,.5,7.,NaN, 4,1.2.3')).toEqual([0.1, 1000, -0, 2, 0.5, 7, NaN, 4, NaN]);
    // Texts past the exact path: more digits than a double holds, or a sum's rounding error written out.
    const long = '9007199254740993,0.30000000000000004,123456789012345.678';
    expect(read(long)).toEqual(long.split(',').map(Number));
  });

  it('fills integer arrays with epoch days', () => {
    expect([...readNumberList('19000,-3,20000', new Int32Array(3))]).toEqual([19000, -3, 20000]);
  });
});
