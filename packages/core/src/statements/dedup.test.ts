import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromEpochDay } from '../dates/epoch-day.ts';
import { matchDuplicates, payeeSimilarity, type TDedupExisting, type TDedupIncoming } from './dedup.ts';

const row = (
  date: string,
  amount: string,
  payee: string | null = null,
  fitId: string | null = null,
): TDedupIncoming => ({ date, amount, payee, fitId });
const stored = (id: string, incoming: TDedupIncoming): TDedupExisting => ({ id, ...incoming });

describe('matchDuplicates', () => {
  it('matches by FITID first, whatever the date and amount say', () => {
    const existing = [stored('a', row('2024-01-01', '-10', 'Shop', 'F1'))];
    expect(matchDuplicates(existing, [row('2024-03-01', '-99', 'Other', 'F1')])).toEqual({
      added: [],
      duplicates: [{ index: 0, existingId: 'a', matchedBy: 'fitid' }],
    });
  });

  it('never fuzzy-matches two transactions that carry different FITIDs', () => {
    const existing = [stored('a', row('2024-01-01', '-10', 'Shop', 'F1'))];
    expect(matchDuplicates(existing, [row('2024-01-01', '-10', 'Shop', 'F2')])).toEqual({
      added: [0],
      duplicates: [],
    });
  });

  it('fuzzy-matches the same amount within the date window, and not a day beyond it', () => {
    const existing = [stored('a', row('2024-02-28', '-4.50', 'Coffee'))];
    expect(matchDuplicates(existing, [row('2024-03-02', '-4.5', 'COFFEE')]).duplicates).toEqual([
      { index: 0, existingId: 'a', matchedBy: 'fuzzy' },
    ]);
    expect(matchDuplicates(existing, [row('2024-03-03', '-4.5', 'Coffee')]).added).toEqual([0]);
    expect(
      matchDuplicates(existing, [row('2024-03-03', '-4.5', 'Coffee')], { dateWindowDays: 4 }).added,
    ).toEqual([]);
  });

  it('keeps apart same-amount transactions whose payees differ, but matches when one side has no payee', () => {
    const existing = [stored('a', row('2024-01-05', '-4.50', 'Blue Bottle Coffee'))];
    expect(matchDuplicates(existing, [row('2024-01-05', '-4.50', 'Shell Gas Station')]).added).toEqual([0]);
    expect(matchDuplicates(existing, [row('2024-01-05', '-4.50', null)]).added).toEqual([]);
  });

  it('matches one to one: two identical coffees over one stored coffee add one', () => {
    const existing = [stored('a', row('2024-01-05', '-3', 'Cafe'))];
    const result = matchDuplicates(existing, [
      row('2024-01-05', '-3', 'Cafe'),
      row('2024-01-05', '-3', 'Cafe'),
    ]);
    expect(result).toEqual({ added: [1], duplicates: [{ index: 0, existingId: 'a', matchedBy: 'fuzzy' }] });
  });

  it('gives each stored transaction to its best match: the similar payee, then the nearer date', () => {
    const existing = [
      stored('near', row('2024-01-05', '-20', 'Amazon')),
      stored('far', row('2024-01-02', '-20', 'Amazon')),
    ];
    const result = matchDuplicates(existing, [
      row('2024-01-03', '-20', 'AMAZON MKTPLACE'),
      row('2024-01-05', '-20', 'Amazon'),
    ]);
    expect(result.duplicates).toEqual([
      { index: 0, existingId: 'far', matchedBy: 'fuzzy' },
      { index: 1, existingId: 'near', matchedBy: 'fuzzy' },
    ]);
  });

  it('scores payees on letters, ignoring case, accents and punctuation', () => {
    expect(payeeSimilarity("MCDONALD'S #112", 'McDonalds 112')).toBe(1);
    expect(payeeSimilarity('Café René', 'CAFE RENE')).toBe(1);
    expect(payeeSimilarity('abcd', 'wxyz')).toBe(0);
    expect(payeeSimilarity(null, 'x')).toBeNull();
  });
});

// Statements as the parser returns them: unique amounts keep the fuzzy property exact (two different
// transactions with one amount, date and payee are indistinguishable without ids, by design).
const transactions = (hasFitIds: boolean) =>
  fc
    .uniqueArray(fc.integer({ min: -500_000, max: 500_000 }), { minLength: 1, maxLength: 30 })
    .chain((cents) =>
      fc.tuple(
        ...cents.map((value, index) =>
          fc.record({
            date: fc.integer({ min: 19_700, max: 19_760 }).map(fromEpochDay),
            amount: fc.constant((value / 100).toFixed(2)),
            payee: fc.option(fc.constantFrom('Amazon', 'Shell', 'Rent', 'Salary ACME', 'Café René'), {
              nil: null,
            }),
            fitId: fc.constant(hasFitIds ? `F${index}` : null),
          }),
        ),
      ),
    );

const store = (list: TDedupIncoming[], offset = 0): TDedupExisting[] =>
  list.map((item, index) => ({ id: `t${index + offset}`, ...item }));

describe('matchDuplicates properties', () => {
  for (const hasFitIds of [true, false]) {
    const label = hasFitIds ? 'with FITIDs' : 'without ids (fuzzy)';

    it(`importing the same statement twice adds nothing, ${label}`, () => {
      fc.assert(
        fc.property(transactions(hasFitIds), (list) => {
          const result = matchDuplicates(store(list), list);
          expect(result.added).toEqual([]);
          expect(result.duplicates.map((duplicate) => duplicate.existingId)).toEqual(
            list.map((_, index) => `t${index}`),
          );
        }),
        { numRuns: 100 },
      );
    });

    it(`overlapping statements add only the new transactions, ${label}`, () => {
      fc.assert(
        fc.property(
          transactions(hasFitIds).chain((list) =>
            fc
              .tuple(fc.nat(list.length), fc.nat(list.length))
              .map(([a, b]) => ({ list, start: Math.min(a, b), end: Math.max(a, b) })),
          ),
          ({ list, start, end }) => {
            // First statement: list[0, end); second: list[start, length). They share list[start, end).
            const existing = store(list.slice(0, end));
            const incoming = list.slice(start);
            const result = matchDuplicates(existing, incoming);
            const newOnes = incoming.map((_, index) => index).filter((index) => start + index >= end);
            expect(result.added).toEqual(newOnes);
            expect(new Set(result.duplicates.map((duplicate) => duplicate.existingId)).size).toBe(
              end - start,
            );
          },
        ),
        { numRuns: 100 },
      );
    });
  }
});

describe('amounts', () => {
  it('compares amounts as numbers, not as text', () => {
    const existing = [
      stored('a', row('2024-01-05', '-4.50')),
      stored('b', row('2024-01-05', '0.00')),
      stored('c', row('2024-01-05', '+010')),
    ];
    const result = matchDuplicates(existing, [
      row('2024-01-05', '-4.5'),
      row('2024-01-05', '-0'),
      row('2024-01-05', '10.000'),
      row('2024-01-05', '-45'),
    ]);
    expect(result).toEqual({
      added: [3],
      duplicates: [
        { index: 0, existingId: 'a', matchedBy: 'fuzzy' },
        { index: 1, existingId: 'b', matchedBy: 'fuzzy' },
        { index: 2, existingId: 'c', matchedBy: 'fuzzy' },
      ],
    });
  });
});
