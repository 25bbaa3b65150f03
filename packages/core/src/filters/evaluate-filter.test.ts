import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TRANSACTION_FILTER_FIELDS as FIELDS,
  transactionFilterRow,
} from '../transactions/transaction-filter-fields.ts';
import { compareRows, evaluateFilter, evaluateParam, type TRow } from './evaluate-filter.ts';
import { allowedComparisons, type TComparison, type TFilterValue } from './field-kinds.ts';
import { parseFilter, serializeFilter, type TFilter, type TFilterParam } from './filter-model.ts';

const today = '2024-03-15';
const context = { today };
const param = (
  field: keyof typeof FIELDS,
  comparison: TComparison,
  value: TFilterValue = null,
): TFilterParam => ({
  field,
  kind: FIELDS[field].kind,
  comparison,
  value,
});
const test = (p: TFilterParam, row: TRow) => evaluateParam(p, row, context);

const buyRow = transactionFilterRow({
  type: 'buy',
  date: '2024-03-01',
  description: 'Buy 10 ACME at 150',
  entries: [
    { account_id: 'brokerage', asset_id: 'acme', amount: '10' },
    { account_id: 'brokerage', asset_id: 'usd', amount: '-1505' },
  ],
});

describe('evaluateParam', () => {
  it('simple EQ is exact; NOTEQ is its negation and matches empty values', () => {
    expect(test(param('type', 'EQ', 'buy'), buyRow)).toBe(true);
    expect(test(param('type', 'EQ', 'Buy'), buyRow)).toBe(false);
    expect(test(param('source', 'NOTEQ', 'import'), buyRow)).toBe(true);
    expect(test(param('source', 'EQ', 'import'), buyRow)).toBe(false);
  });

  it('list fields match when any element matches', () => {
    expect(test(param('asset', 'EQ', 'usd'), buyRow)).toBe(true);
    expect(test(param('asset', 'NOTEQ', 'usd'), buyRow)).toBe(false);
    expect(test(param('amount', 'LESS', '0'), buyRow)).toBe(true);
    expect(test(param('amount', 'GREATER', '10'), buyRow)).toBe(false);
    expect(test(param('amount', 'EQ', '10.00'), buyRow)).toBe(true);
  });

  it('text CONTAINS is a case-insensitive substring', () => {
    expect(test(param('description', 'CONTAINS', 'acme'), buyRow)).toBe(true);
    expect(test(param('description', 'NOTCONTAINS', 'ACME'), buyRow)).toBe(false);
    expect(test(param('description', 'CONTAINS', 'sell'), buyRow)).toBe(false);
    expect(test(param('description', 'NOTCONTAINS', 'x'), { description: null })).toBe(true);
    expect(test(param('description', 'CONTAINS', 'x'), { description: null })).toBe(false);
  });

  it('EMPTY means null, undefined or empty string (a list of those too)', () => {
    for (const value of [null, undefined, '', [], [null, '']]) {
      expect(test(param('description', 'EMPTY'), { description: value })).toBe(true);
      expect(test(param('description', 'NOTEMPTY'), { description: value })).toBe(false);
    }
    expect(test(param('description', 'EMPTY'), { description: ' ' })).toBe(false);
    expect(test(param('amount', 'EMPTY'), { amount: ['0'] })).toBe(false);
  });

  it('dates: strict BEFORE and AFTER, inclusive RANGE', () => {
    expect(test(param('date', 'BEFORE', '2024-03-01'), buyRow)).toBe(false);
    expect(test(param('date', 'BEFORE', '2024-03-02'), buyRow)).toBe(true);
    expect(test(param('date', 'AFTER', '2024-03-01'), buyRow)).toBe(false);
    expect(test(param('date', 'AFTER', '2024-02-29'), buyRow)).toBe(true);
    expect(test(param('date', 'RANGE', ['2024-03-01', '2024-03-01']), buyRow)).toBe(true);
    expect(test(param('date', 'RANGE', ['2024-03-02', '2024-03-31']), buyRow)).toBe(false);
    expect(test(param('date', 'EQ', '2024-03-01'), buyRow)).toBe(true);
    expect(test(param('date', 'NOTEQ', '2024-03-01'), buyRow)).toBe(false);
  });

  it('LAST n covers the n days ending today, both ends included', () => {
    const last7 = param('date', 'LAST', 7);
    expect(test(last7, { date: today })).toBe(true);
    expect(test(last7, { date: '2024-03-09' })).toBe(true);
    expect(test(last7, { date: '2024-03-08' })).toBe(false);
    expect(test(last7, { date: '2024-03-16' })).toBe(false);
    expect(test(param('date', 'LAST', 1), { date: today })).toBe(true);
    expect(test(param('date', 'LAST', 1), { date: '2024-03-14' })).toBe(false);
    expect(evaluateParam(param('date', 'LAST', 30), { date: '2024-02-15' }, { today: '2024-03-15' })).toBe(
      true,
    );
  });
});

describe('evaluateFilter', () => {
  it('passes every row when the filter has no groups, whatever its logic', () => {
    expect(evaluateFilter({ logic: 'OR', groups: [] }, {}, { today: '2026-01-01' })).toBe(true);
    expect(evaluateFilter({ logic: 'AND', groups: [] }, {}, { today: '2026-01-01' })).toBe(true);
  });

  const f = (logic: 'AND' | 'OR', groups: TFilter['groups']): TFilter => ({ logic, groups });
  const yes = param('type', 'EQ', 'buy');
  const no = param('type', 'EQ', 'sell');

  it('combines params within a group and groups by their logic', () => {
    expect(evaluateFilter(f('AND', []), buyRow, context)).toBe(true);
    expect(evaluateFilter(f('AND', [{ logic: 'AND', params: [yes, no] }]), buyRow, context)).toBe(false);
    expect(evaluateFilter(f('AND', [{ logic: 'OR', params: [yes, no] }]), buyRow, context)).toBe(true);
    expect(
      evaluateFilter(
        f('AND', [
          { logic: 'OR', params: [yes] },
          { logic: 'OR', params: [no] },
        ]),
        buyRow,
        context,
      ),
    ).toBe(false);
    expect(
      evaluateFilter(
        f('OR', [
          { logic: 'OR', params: [yes] },
          { logic: 'OR', params: [no] },
        ]),
        buyRow,
        context,
      ),
    ).toBe(true);
  });
});

describe('compareRows', () => {
  const rows: TRow[] = [
    { type: 'sell', date: '2024-01-02', description: 'b' },
    { type: 'buy', date: '2024-01-03', description: null },
    { type: 'buy', date: '2024-01-01', description: 'B' },
    { type: 'deposit', date: '2024-01-01', description: 'a' },
  ];

  it('sorts by several fields in order', () => {
    const sorted = [...rows].sort(
      compareRows(
        [
          { field: 'type', sortDirection: 'ascending' },
          { field: 'date', sortDirection: 'descending' },
        ],
        FIELDS,
      ),
    );
    expect(sorted.map((r) => `${r.type} ${r.date}`)).toEqual([
      'buy 2024-01-03',
      'buy 2024-01-01',
      'deposit 2024-01-01',
      'sell 2024-01-02',
    ]);
  });

  it('puts empty values last ascending and first descending; text ignores case first', () => {
    const ascending = [...rows].sort(
      compareRows([{ field: 'description', sortDirection: 'ascending' }], FIELDS),
    );
    expect(ascending.map((r) => r.description)).toEqual(['a', 'B', 'b', null]);
    const descending = [...rows].sort(
      compareRows([{ field: 'description', sortDirection: 'descending' }], FIELDS),
    );
    expect(descending.map((r) => r.description)).toEqual([null, 'b', 'B', 'a']);
  });

  it('compares amounts as decimals', () => {
    const amounts: TRow[] = [{ amount: ['10'] }, { amount: ['9.5'] }, { amount: ['-100'] }];
    expect(
      amounts
        .sort(compareRows([{ field: 'amount', sortDirection: 'ascending' }], FIELDS))
        .map((r) => r.amount),
    ).toEqual([['-100'], ['9.5'], ['10']]);
  });
});

// --- properties ------------------------------------------------------------------------------------------

const dateArb = fc
  .integer({ min: 0, max: 120 })
  .map((n) => new Date(Date.UTC(2024, 0, 1 + n)).toISOString().slice(0, 10));
const amountArb = fc.constantFrom('-1505', '-2.5', '0', '0.0', '1', '2.50', '10', '1500');
const wordArb = fc.constantFrom('buy', 'sell', 'Acme', 'acme', 'fee', '', 'x');

function valueArb(field: keyof typeof FIELDS, comparison: TComparison): fc.Arbitrary<unknown> {
  const kind = FIELDS[field].kind;
  const valid: fc.Arbitrary<unknown> =
    comparison === 'LAST'
      ? fc.integer({ min: 1, max: 40 })
      : comparison === 'RANGE'
        ? fc.tuple(dateArb, dateArb).map(([a, b]) => (a <= b ? [a, b] : [b, a]))
        : kind === 'date'
          ? dateArb
          : kind === 'amount'
            ? amountArb
            : wordArb;
  // Now and then a row without a value, which parsing drops.
  return fc.oneof({ weight: 8, arbitrary: valid }, { weight: 1, arbitrary: fc.constantFrom(null, '') });
}

const fieldArb = fc.constantFrom(...(Object.keys(FIELDS) as (keyof typeof FIELDS)[]));
const rawParamArb = fieldArb.chain((field) =>
  fc
    .constantFrom(...allowedComparisons(FIELDS[field]))
    .chain((comparison) => valueArb(field, comparison).map((value) => ({ field, comparison, value }))),
);
const logicArb = fc.constantFrom('AND', 'OR');
const rawFilterArb = fc.record({
  logic: logicArb,
  groups: fc.array(fc.record({ logic: logicArb, params: fc.array(rawParamArb, { maxLength: 4 }) }), {
    maxLength: 3,
  }),
});

const rowArb = fc.record({
  type: wordArb,
  date: dateArb,
  description: fc.option(fc.constantFrom('Buy ACME', 'fee', 'Sell', ''), { nil: null }),
  account: fc.array(fc.constantFrom('bank', 'brokerage', 'x'), { maxLength: 3 }),
  asset: fc.array(wordArb, { maxLength: 3 }),
  amount: fc.array(amountArb, { maxLength: 3 }),
  source: fc.option(wordArb, { nil: null }),
  linked_id: fc.constant(null),
});

describe('properties', () => {
  it('a filter and its parsed-then-serialised copy agree on every row', () => {
    let parsedCount = 0;
    fc.assert(
      fc.property(
        rawFilterArb,
        fc.array(rowArb, { minLength: 1, maxLength: 5 }),
        dateArb,
        (raw, rows, day) => {
          const first = parseFilter(raw, FIELDS);
          expect(first.ok).toBe(true);
          if (!first.ok) return;
          parsedCount += first.value.groups.length;
          const copy = parseFilter(JSON.parse(JSON.stringify(serializeFilter(first.value))), FIELDS);
          expect(copy).toEqual(first);
          if (!copy.ok) return;
          for (const row of rows) {
            expect(evaluateFilter(copy.value, row, { today: day })).toBe(
              evaluateFilter(first.value, row, { today: day }),
            );
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(parsedCount).toBeGreaterThan(0);
  });

  it('NOTEQ, NOTCONTAINS and NOTEMPTY are exact negations', () => {
    fc.assert(
      fc.property(
        rowArb,
        wordArb.filter((w) => w !== ''),
        amountArb,
        (row, word, amount) => {
          const pairs: [TFilterParam, TFilterParam][] = [
            [param('type', 'EQ', word), param('type', 'NOTEQ', word)],
            [param('asset', 'EQ', word), param('asset', 'NOTEQ', word)],
            [param('amount', 'EQ', amount), param('amount', 'NOTEQ', amount)],
            [param('description', 'CONTAINS', word), param('description', 'NOTCONTAINS', word)],
            [param('source', 'EMPTY'), param('source', 'NOTEMPTY')],
          ];
          for (const [positive, negated] of pairs) expect(test(negated, row)).toBe(!test(positive, row));
        },
      ),
    );
  });
});
