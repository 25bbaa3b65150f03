// Properties of the whole engine on random repositories (fast-check):
// - a scope's value change always decomposes: market_change (the identity's remainder) equals realized
//   + unrealized computed from the cost book;
// - scopes that partition the repository (accounts, assets, positions) add up to it;
// - a series built from a known rate returns that rate (TWR and IRR);
// - TWR does not depend on the size of flows when they happen at market (and is 0 at flat prices).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, toEpochDay } from '../dates/epoch-day.ts';
import type {
  TAnalyticsAsset,
  TAnalyticsInput,
  TAnalyticsPrice,
  TAnalyticsResult,
  TAnalyticsTransaction,
  TValueRow,
} from './analytics-types.ts';
import { computeAnalytics } from './compute-analytics.ts';
import { tx } from './scenarios/fixture.ts';

const ASSETS: TAnalyticsAsset[] = [
  { id: 'usd', type: 'currency', currency: 'USD', ticker: 'USD' },
  { id: 'eur', type: 'currency', currency: 'USD', ticker: 'EUR' },
  { id: 'acme', type: 'stock', currency: 'USD', tags: [{ name: 'Class', value: 'Equity' }] },
  { id: 'beta', type: 'stock', currency: 'EUR', tags: [{ name: 'Class', value: 'Equity' }] },
  { id: 'a1', type: 'investment account', currency: 'USD' },
  { id: 'a2', type: 'bank account', currency: 'USD' },
  {
    id: 'div',
    type: 'income account',
    currency: 'USD',
    tags: [{ name: 'Category', value: 'cash dividend' }],
  },
  { id: 'fees', type: 'expense account', currency: 'USD', tags: [{ name: 'Category', value: 'Fees' }] },
];
const START = '2024-01-01';

function dailyPrices(assetId: string, steps: number[], first: number): TAnalyticsPrice[] {
  let close = first;
  return steps.map((step, i) => {
    close = Math.max(0.01, close * (1 + step));
    return { asset_id: assetId, date: addDays(START, i), close, source: 'manual' };
  });
}

const amount = (x: number) => x.toFixed(2);

type Op = { kind: number; day: number; size: number; account: number; asset: number };

function buildTransactions(ops: Op[], prices: Map<string, TAnalyticsPrice[]>): TAnalyticsTransaction[] {
  const closeOf = (asset: string, day: number) => Number(prices.get(asset)![day]!.close);
  return ops.map(({ kind, day, size, account, asset }) => {
    const date = addDays(START, day);
    const acc = account === 0 ? 'a1' : 'a2';
    const other = account === 0 ? 'a2' : 'a1';
    const stock = asset === 0 ? 'acme' : 'beta';
    const units = String(1 + (size % 20));
    const rate = stock === 'beta' ? closeOf('eur', day) : 1;
    const cash = amount(Number(units) * closeOf(stock, day) * rate * (0.98 + (size % 5) / 100));
    switch (kind) {
      case 0:
        return tx('deposit', date, [[acc, 'usd', amount(100 + size * 7)]]);
      case 1:
        return tx('withdrawal', date, [[acc, 'usd', `-${amount(10 + size)}`]]);
      case 2:
        return tx('buy', date, [
          [acc, stock, units],
          [acc, 'usd', `-${cash}`],
          ['fees', 'usd', '1.5', stock],
        ]);
      case 3:
        return tx('sell', date, [
          [acc, stock, `-${units}`],
          [acc, 'usd', cash],
        ]);
      case 4:
        return tx('dividend', date, [
          [acc, 'usd', amount(size / 10 + 0.5)],
          ['div', 'usd', `-${amount(size / 10 + 0.5)}`, stock],
        ]);
      case 5:
        return tx('transfer', date, [
          [acc, stock, `-${units}`],
          [other, stock, units],
        ]);
      case 6:
        return tx('transfer in', date, [[acc, stock, units]]);
      case 7:
        return tx('currency exchange', date, [
          [acc, 'usd', `-${amount(50 + size)}`],
          [acc, 'eur', amount((50 + size) / closeOf('eur', day))],
        ]);
      case 8:
        return tx('stock split', date, [[acc, stock, size % 2 === 0 ? '2' : '0.5']]);
      default:
        return tx('fee', date, [
          [acc, 'usd', `-${amount(size / 3 + 1)}`],
          ['fees', 'usd', amount(size / 3 + 1), stock],
        ]);
    }
  });
}

const stepsArb = fc.array(fc.double({ min: -0.03, max: 0.03, noNaN: true }), {
  minLength: 200,
  maxLength: 200,
});
const opArb = fc.record({
  kind: fc.integer({ min: 0, max: 9 }),
  day: fc.integer({ min: 0, max: 199 }),
  size: fc.integer({ min: 0, max: 999 }),
  account: fc.integer({ min: 0, max: 1 }),
  asset: fc.integer({ min: 0, max: 1 }),
});

function randomInput(
  acme: number[],
  beta: number[],
  eur: number[],
  ops: Op[],
  method: 'average' | 'fifo',
): TAnalyticsInput {
  const prices = new Map([
    ['acme', dailyPrices('acme', acme, 100)],
    ['beta', dailyPrices('beta', beta, 40)],
    [
      'eur',
      dailyPrices(
        'eur',
        eur.map((x) => x / 5),
        1.1,
      ),
    ],
  ]);
  return {
    currency: 'USD',
    assets: ASSETS,
    transactions: buildTransactions(ops, prices),
    prices: [...prices.values()].flat(),
    price_source_precedence: ['manual'],
    today: '2024-12-31',
    request: {
      periods: 6,
      freq: 'month',
      end: '2024-07-15',
      include_end: true,
      datasets: ['value_view', 'income_view', 'irr_moic_view', 'performance_view'],
      scope: 'root',
      cost_method: method,
    },
  };
}

const close = (a: number | null, b: number | null, scale: number) => {
  expect(a).not.toBeNull();
  expect(b).not.toBeNull();
  expect(Math.abs(a! - b!)).toBeLessThanOrEqual(1e-9 * (1 + scale));
};

const scaleOf = (r: TValueRow) =>
  [r.value_start, r.value_end, r.net_flows, r.income, r.expenses, r.realized, r.unrealized].reduce(
    (s: number, x) => s + Math.abs(x ?? 0),
    0,
  );

describe('analytics properties', () => {
  it('value change decomposes exactly: market change = realized + unrealized, in every scope and period', () => {
    fc.assert(
      fc.property(
        stepsArb,
        stepsArb,
        stepsArb,
        fc.array(opArb, { maxLength: 40 }),
        fc.boolean(),
        (a, b, e, ops, isFifo) => {
          const result = computeAnalytics(randomInput(a, b, e, ops, isFifo ? 'fifo' : 'average'));
          for (const row of result.value_view!) {
            close(
              row.market_change,
              (row.realized ?? Number.NaN) + (row.unrealized ?? Number.NaN),
              scaleOf(row),
            );
            close(
              row.value_end! - row.value_start!,
              row.net_flows! + row.income! - row.expenses! + row.market_change!,
              scaleOf(row),
            );
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('accounts, assets and positions each partition the repository', () => {
    fc.assert(
      fc.property(stepsArb, stepsArb, stepsArb, fc.array(opArb, { maxLength: 40 }), (a, b, e, ops) => {
        const result = computeAnalytics(randomInput(a, b, e, ops, 'average'));
        const fields = [
          'value_end',
          'net_flows',
          'income',
          'expenses',
          'realized',
          'unrealized',
          'fx_effect',
        ] as const;
        const repo = result.value_view!.filter((r) => r.scope_kind === 'repository');
        for (const kind of ['account', 'asset', 'position'] as const) {
          for (const total of repo) {
            const parts = result.value_view!.filter(
              (r) => r.scope_kind === kind && r.period === total.period,
            );
            for (const field of fields) {
              const sum = parts.reduce((s, r) => s + (r[field] ?? Number.NaN), 0);
              close(sum, total[field], scaleOf(total));
            }
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('a holding whose price grows at a known rate returns that rate: TWR per period and IRR', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -0.5, max: 2, noNaN: true }),
        fc.array(
          fc.record({ day: fc.integer({ min: 1, max: 180 }), units: fc.integer({ min: -5, max: 10 }) }),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        (annualRate, trades) => {
          const priceAt = (day: number) => 100 * (1 + annualRate) ** (day / 365);
          const prices = Array.from({ length: 200 }, (_, day) => ({
            asset_id: 'acme',
            date: addDays(START, day),
            close: priceAt(day),
            source: 'manual',
          }));
          // Opening holding of 10 units on day 0, then trades at the day's close, never going short.
          let held = 10;
          const transactions = [tx('transfer in', START, [['a1', 'acme', '10']])];
          for (const { day, units } of [...trades].sort((x, y) => x.day - y.day)) {
            const change = Math.max(units, 1 - held);
            if (change === 0) continue;
            held += change;
            const cash = -change * priceAt(day);
            transactions.push(
              tx(change > 0 ? 'buy' : 'sell', addDays(START, day), [
                ['a1', 'acme', String(change)],
                ['a1', 'usd', String(cash)],
              ]),
            );
          }
          const result: TAnalyticsResult = computeAnalytics({
            currency: 'USD',
            assets: ASSETS,
            transactions,
            prices,
            price_source_precedence: [],
            today: '2024-07-01',
            request: {
              periods: 6,
              freq: 'month',
              end: '2024-06-30',
              include_end: true,
              datasets: ['performance_view', 'irr_moic_view'],
              scope: 'root',
              scope_kinds: ['asset'],
              irr_scope_kinds: ['asset'],
            },
          });
          const grid = result.periods;
          for (const row of result.performance_view!.filter((r) => r.scope_id === 'acme')) {
            // The holding arrives on day 0, so the first period's return runs from day 0.
            const from = Math.max(0, toEpochDay(row.start) - toEpochDay(START));
            const expected = priceAt(toEpochDay(row.end) - toEpochDay(START)) / priceAt(from) - 1;
            expect(row.twr).toBeCloseTo(expected, 9);
          }
          const window = result.irr_moic_view!.find((r) => r.scope_id === 'acme' && r.period === -1)!;
          // Six months: shown as the half-year's return; the annual rate is there when asked for.
          expect(window.is_irr_annualized).toBe(false);
          expect(window.irr_annualized!).toBeCloseTo(annualRate, 7);
          expect(grid).toHaveLength(6);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('TWR does not depend on flow sizes when flows happen at market; at flat prices it is 0', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -0.05, max: 0.05, noNaN: true }), { minLength: 200, maxLength: 200 }),
        fc.array(
          fc.record({ day: fc.integer({ min: 1, max: 180 }), size: fc.integer({ min: 1, max: 1000 }) }),
          {
            maxLength: 10,
          },
        ),
        fc.integer({ min: 2, max: 50 }),
        fc.boolean(),
        (steps, flows, scale, isFlat) => {
          const prices = dailyPrices('acme', isFlat ? steps.map(() => 0) : steps, 50);
          const run = (multiplier: number) => {
            const transactions = [tx('transfer in', START, [['a1', 'acme', '3']])];
            for (const { day, size } of flows) {
              const units = size * multiplier;
              const cash = -units * Number(prices[day]!.close);
              transactions.push(
                tx('buy', addDays(START, day), [
                  ['a1', 'acme', String(units)],
                  ['a1', 'usd', String(cash)],
                ]),
              );
              transactions.push(tx('deposit', addDays(START, day), [['a1', 'usd', String(-cash)]]));
            }
            return computeAnalytics({
              currency: 'USD',
              assets: ASSETS,
              transactions,
              prices,
              price_source_precedence: [],
              today: '2024-07-01',
              request: {
                periods: 6,
                freq: 'month',
                end: '2024-06-30',
                include_end: true,
                datasets: ['performance_view'],
                scope: 'root',
                scope_kinds: ['repository', 'asset'],
              },
            }).performance_view!.map((r) => r.twr);
          };
          const small = run(1);
          const large = run(scale);
          small.forEach((twr, i) => {
            expect(twr).not.toBeNull();
            expect(twr!).toBeCloseTo(large[i]!, 9);
            if (isFlat) expect(twr!).toBeCloseTo(0, 12);
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});
