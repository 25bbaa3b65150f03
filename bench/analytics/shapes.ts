// Repositories of other shapes than generate.ts's two brokerages (issue 27: the engine must keep its budget
// on data we did not shape ourselves). Seeded and deterministic; writes the engine input only (prices as
// columns, like generate.ts), no journals:
//
//   npx node bench/analytics/shapes.ts --shape leaf-irregular [--transactions 100000] [--assets 1000] [--out DIR]
//   npx node bench/analytics/shapes.ts --shape all …
//
// → DIR/shape-<shape>-<n>.json. Every shape: USD and EUR (half the leaf accounts and their stocks in EUR,
// funded through currency exchanges), leaf investment accounts under a few groupings (one per ~10
// holdings, so the default IRR scopes solve a hundred account series), money moved in and out of them on
// irregular days in irregular amounts, trade fees, custody fees, dividends with withholding tax.
//   leaf-irregular    as above, prices on every weekday
//   leaf-alternating  the same, but most accounts' money goes in and out in large swings month after month
//                     (the series whose NPV has several roots or nearly so: XIRR's hard case)
//   sparse-prices     as leaf-irregular, prices on a few random days a month (some assets a few a year)
//   busy-accounts     fewer, busier accounts (one per ~50 holdings): long series per account scope
//   multi-root        as leaf-irregular, but a quarter of the accounts are sold out and emptied a month
//                     before the end, then refunded ten days later with twice that plus 50,000, which a
//                     3% entry fee leaves below its deposit at the end: out, a larger in, a smaller end
//                     value close together, so NPV has roots at large losses as well as the usual one
//                     (several rates, `irr_roots`)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type {
  TAnalyticsAsset,
  TAnalyticsInput,
  TAnalyticsTransaction,
} from '../../packages/core/src/analytics/analytics-types.ts';
import { addDays, toEpochDay } from '../../packages/core/src/dates/epoch-day.ts';
import { findTransactionType } from '../../packages/core/src/transactions/catalogue.ts';

export const SHAPES = [
  'leaf-irregular',
  'leaf-alternating',
  'sparse-prices',
  'busy-accounts',
  'multi-root',
] as const;
export type TShape = (typeof SHAPES)[number];

type TShapeOptions = { shape: TShape; transactions: number; assets: number; years: number; seed: number };

/** mulberry32, as generate-repository.ts uses: the same sequence on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const money = (x: number) => x.toFixed(2);

/** The engine input as generate.ts's `toColumnarJson` writes it. */
export function generateShape(options: TShapeOptions): unknown {
  const random = seededRandom(options.seed);
  const { shape } = options;
  const start = '2015-01-01';
  const dayCount = Math.round(options.years * 365.25);
  const end = addDays(start, dayCount - 1);
  const firstDay = toEpochDay(start);
  const weekdays: number[] = [];
  for (let i = 0; i < dayCount; i++) {
    const dow = (((firstDay + i + 4) % 7) + 7) % 7;
    if (dow !== 0 && dow !== 6) weekdays.push(i);
  }
  const holdingsPerAccount = shape === 'busy-accounts' ? 50 : 10;
  const accountCount = Math.max(2, Math.round(options.assets / holdingsPerAccount));
  const groupCount = Math.max(1, Math.round(accountCount / 20));
  const accounts: TAnalyticsAsset[] = Array.from({ length: accountCount }, (_, k) => ({
    id: `a${k}`,
    name: `Account ${k}`,
    type: 'investment account',
    currency: k % 2 === 0 ? 'USD' : 'EUR',
    parent_id: `g${k % groupCount}`,
    tags: [{ name: 'Owner', value: k % 3 === 0 ? 'Joint' : 'Own' }],
  }));
  const stocks: TAnalyticsAsset[] = Array.from({ length: options.assets }, (_, i) => ({
    id: `s${i}`,
    name: `Stock ${i}`,
    ticker: `S${i}`,
    type: 'stock',
    currency: accounts[i % accountCount]!.currency,
    tags: [{ name: 'Class', value: i % 3 === 0 ? 'Growth' : 'Value' }],
  }));
  const assets: TAnalyticsAsset[] = [
    { id: 'usd', name: 'US Dollar', ticker: 'USD', type: 'currency', currency: 'USD' },
    { id: 'eur', name: 'Euro', ticker: 'EUR', type: 'currency', currency: 'USD' },
    { id: 'checking', name: 'Checking', type: 'bank account', currency: 'USD' },
    ...Array.from({ length: groupCount }, (_, g) => ({
      id: `g${g}`,
      name: `Group ${g}`,
      type: 'grouping account',
      currency: 'USD',
    })),
    ...accounts,
    { id: 'salary', name: 'Salary', type: 'income account', currency: 'USD' },
    {
      id: 'dividends',
      name: 'Dividends',
      type: 'income account',
      currency: 'USD',
      tags: [{ name: 'Category', value: 'cash dividend' }],
    },
    { id: 'fees', name: 'Fees', type: 'expense account', currency: 'USD' },
    { id: 'tax', name: 'Withholding tax', type: 'expense account', currency: 'USD' },
    ...stocks,
  ];

  // Weekday closes as random walks, then thinned for sparse-prices.
  const closes = new Map<string, Float64Array>();
  const walk = (first: number, volatility: number) => {
    const series = new Float64Array(dayCount);
    let price = first;
    let w = 0;
    for (let i = 0; i < dayCount; i++) {
      if (weekdays[w] === i) {
        price *= 1 + (random() - 0.495) * volatility;
        w++;
      }
      series[i] = Math.round(price * 10_000) / 10_000;
    }
    return series;
  };
  closes.set('eur', walk(1.2, 0.01));
  for (const stock of stocks) closes.set(stock.id, walk(10 + random() * 190, 0.04));
  const priceSeries = [...closes].map(([assetId, series]) => {
    // sparse-prices: each stock quoted with its own probability per weekday, 1 in 4 to 1 in 60.
    const keep = shape === 'sparse-prices' && assetId !== 'eur' ? 1 / (4 + Math.floor(random() * 57)) : 1;
    const days = weekdays.filter((_, w) => w === 0 || random() < keep);
    return {
      asset_id: assetId,
      source: 'connector',
      days: days.map((i) => firstDay + i),
      closes: days.map((i) => series[i]!),
    };
  });

  const transactions: TAnalyticsTransaction[] = [];
  let id = 0;
  const add = (type: string, day: number, entries: [string, string, string, string?][]) => {
    const definition = findTransactionType(type)!;
    transactions.push({
      id: `t${++id}`,
      date: addDays(start, day),
      type,
      entries: entries.map(([account_id, asset_id, amount, pos_id], i) => ({
        account_id,
        asset_id,
        amount,
        role: definition.entries[i]!.role,
        ...(pos_id ? { pos_id } : {}),
      })),
    });
  };
  const cash = new Map<string, number>();
  const units = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string, by: number) => map.set(key, (map.get(key) ?? 0) + by);
  const cashOf = (account: TAnalyticsAsset) => (account.currency === 'EUR' ? 'eur' : 'usd');
  // Busy and quiet accounts: account k is picked with weight 1/(k + 1)^0.7 (a few take most trades).
  const weights = accounts.map((_, k) => 1 / (k + 1) ** 0.7);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const pickAccount = () => {
    let r = random() * totalWeight;
    for (let k = 0; k < accountCount; k++) {
      r -= weights[k]!;
      if (r <= 0) return k;
    }
    return accountCount - 1;
  };
  const stocksOf = (k: number) => stocks.filter((_, i) => i % accountCount === k);
  const accountStocks = accounts.map((_, k) => stocksOf(k));
  const isSwinging = (k: number) => shape === 'leaf-alternating' && k % 4 !== 3;

  const moveIn = (k: number, day: number, amount: number) => {
    const account = accounts[k]!;
    if (account.currency === 'EUR') {
      const eur = amount / closes.get('eur')![day]!;
      add('currency exchange', day, [
        ['checking', 'usd', `-${money(amount)}`],
        [account.id, 'eur', money(eur * 0.997)],
      ]);
      bump(cash, `${account.id}|eur`, Number(money(eur * 0.997)));
    } else {
      add('transfer', day, [
        ['checking', 'usd', `-${money(amount)}`],
        [account.id, 'usd', money(amount)],
      ]);
      bump(cash, `${account.id}|usd`, Number(money(amount)));
    }
    bump(cash, 'checking|usd', -Number(money(amount)));
  };
  const moveOut = (k: number, day: number, share: number) => {
    const account = accounts[k]!;
    const currency = cashOf(account);
    const amount = Number(money((cash.get(`${account.id}|${currency}`) ?? 0) * share));
    if (amount < 1) return;
    add('transfer', day, [
      [account.id, currency, `-${money(amount)}`],
      ['checking', currency, money(amount)],
    ]);
    bump(cash, `${account.id}|${currency}`, -amount);
  };
  const trade = (k: number, day: number, isSellWanted: boolean) => {
    const account = accounts[k]!;
    const list = accountStocks[k]!;
    if (list.length === 0) return;
    const stock = list[Math.floor(random() * list.length)]!;
    const currency = cashOf(account);
    const key = `${account.id}|${stock.id}`;
    const held = units.get(key) ?? 0;
    const close = closes.get(stock.id)![day]!;
    const fee = money(1 + random() * 9);
    if (held > 0 && isSellWanted) {
      const sold = random() < 0.3 ? held : Math.max(1, Math.floor(held / 2));
      const net = money(sold * close * (1 + (random() - 0.5) * 0.01) - Number(fee));
      add('sell', day, [
        [account.id, stock.id, `-${sold}`],
        [account.id, currency, net],
        ['fees', currency, fee, stock.id],
      ]);
      units.set(key, held - sold);
      bump(cash, `${account.id}|${currency}`, Number(net));
      return;
    }
    const available = cash.get(`${account.id}|${currency}`) ?? 0;
    if (available < close + 20) {
      moveIn(k, day, 1000 + random() * 20_000);
      return;
    }
    const bought = Math.max(1, Math.floor((available * (0.1 + random() * 0.4)) / close));
    const paid = money(bought * close * (1 + (random() - 0.5) * 0.01) + Number(fee));
    add('buy', day, [
      [account.id, stock.id, String(bought)],
      [account.id, currency, `-${paid}`],
      ['fees', currency, fee, stock.id],
    ]);
    units.set(key, held + bought);
    bump(cash, `${account.id}|${currency}`, -Number(paid));
  };
  const dividend = (k: number, day: number) => {
    const account = accounts[k]!;
    const currency = cashOf(account);
    const held = accountStocks[k]!.filter((s) => (units.get(`${account.id}|${s.id}`) ?? 0) > 0);
    if (held.length === 0) return;
    const stock = held[Math.floor(random() * held.length)]!;
    const gross = (units.get(`${account.id}|${stock.id}`) ?? 0) * closes.get(stock.id)![day]! * 0.01;
    if (gross < 0.05) return;
    add('dividend', day, [
      [account.id, currency, money(gross)],
      ['dividends', currency, `-${money(gross)}`, stock.id],
    ]);
    const tax = money(gross * (currency === 'eur' ? 0.26375 : 0.15));
    add('expense', day, [
      [account.id, currency, `-${tax}`],
      ['tax', currency, tax, stock.id],
    ]);
    bump(cash, `${account.id}|${currency}`, gross - Number(tax));
  };

  const emptied = new Map<number, number>();
  /** multi-root: sell account k out and move all its cash out. */
  const emptyOut = (k: number, day: number) => {
    const account = accounts[k]!;
    const currency = cashOf(account);
    for (const stock of accountStocks[k]!) {
      const key = `${account.id}|${stock.id}`;
      const held = units.get(key) ?? 0;
      if (held <= 0) continue;
      const net = money(held * closes.get(stock.id)![day]! - 5);
      add('sell', day, [
        [account.id, stock.id, `-${held}`],
        [account.id, currency, net],
        ['fees', currency, '5.00', stock.id],
      ]);
      units.set(key, 0);
      bump(cash, `${account.id}|${currency}`, Number(net));
    }
    emptied.set(k, cash.get(`${account.id}|${currency}`) ?? 0);
    moveOut(k, day, 1);
  };
  // Refunded with more than was taken out, so the deposit, not the withdrawal, weighs most near −100%.
  const refund = (k: number, day: number) => {
    const account = accounts[k]!;
    const currency = cashOf(account);
    moveIn(k, day, 50_000 + 2 * (emptied.get(k) ?? 0) * (currency === 'eur' ? closes.get('eur')![day]! : 1));
    const fee = money((cash.get(`${account.id}|${currency}`) ?? 0) * 0.03);
    add('fee', day, [
      [account.id, currency, `-${fee}`],
      ['fees', currency, fee],
    ]);
    bump(cash, `${account.id}|${currency}`, -Number(fee));
    for (let i = 0; i < 3; i++) trade(k, day, false);
  };
  const lastWeekday = weekdays[weekdays.length - 1]!;
  let stage = 0;

  // Some draws make two transactions (a dividend and its tax, a buy that first needs money moved in) and
  // some none: about 1.15 per draw, so the draws are spread over all the years rather than cut off.
  const txDays = Array.from(
    { length: Math.round(options.transactions / 1.15) },
    () => weekdays[Math.floor(random() * weekdays.length)]!,
  ).sort((a, b) => a - b);
  for (const [index, day] of txDays.entries()) {
    if (shape === 'multi-root' && stage < 2 && day >= lastWeekday - (stage === 0 ? 30 : 20)) {
      for (let k = 1; k < accountCount; k += 4) (stage === 0 ? emptyOut : refund)(k, day);
      stage++;
    }
    const roll = index === 0 ? 0 : random();
    const k = pickAccount();
    const swing = isSwinging(k);
    if (roll < 0.05) {
      const amount = money(2000 + random() * 10_000);
      add('income', day, [
        ['checking', 'usd', amount],
        ['salary', 'usd', `-${amount}`],
      ]);
      bump(cash, 'checking|usd', Number(amount));
    } else if (roll < (swing ? 0.2 : 0.1)) {
      // Irregular amounts: a log-uniform spread from 100 to 100,000.
      moveIn(k, day, swing ? 20_000 + random() * 80_000 : 100 * 1000 ** random());
    } else if (roll < (swing ? 0.35 : 0.14)) {
      moveOut(k, day, swing ? 0.9 : 0.1 + random() * 0.6);
    } else if (roll < 0.75) {
      trade(k, day, random() < (swing ? 0.6 : 0.4));
    } else if (roll < 0.9) {
      dividend(k, day);
    } else if (roll < 0.96) {
      const account = accounts[k]!;
      const currency = cashOf(account);
      const amount = money(5 + random() * 45);
      add('fee', day, [
        [account.id, currency, `-${amount}`],
        ['fees', currency, amount],
      ]);
      bump(cash, `${account.id}|${currency}`, -Number(amount));
    } else {
      add('withdrawal', day, [['checking', 'usd', `-${money(100 + random() * 2000)}`]]);
    }
  }

  const input: Omit<TAnalyticsInput, 'prices' | 'price_series'> = {
    currency: 'USD',
    assets,
    transactions,
    price_source_precedence: ['override', 'manual', 'connector'],
    today: addDays(end, 1),
    request: {
      periods: Math.round(options.years * 12),
      freq: 'month',
      end,
      include_end: true,
      datasets: [
        'value_view',
        'income_view',
        'irr_moic_view',
        'performance_view',
        'position_view',
        'tree_view',
        'commitments_view',
      ],
      scope: 'root',
    },
  };
  return { ...input, price_series: priceSeries };
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      shape: { type: 'string', default: 'all' },
      transactions: { type: 'string', default: '100000' },
      assets: { type: 'string', default: '1000' },
      years: { type: 'string', default: '10' },
      seed: { type: 'string', default: '20261127' },
      out: { type: 'string', default: 'bench/out/analytics' },
    },
  });
  const shapes = values.shape === 'all' ? SHAPES : [values.shape as TShape];
  mkdirSync(values.out, { recursive: true });
  for (const shape of shapes) {
    if (!SHAPES.includes(shape)) throw new Error(`unknown shape ${shape}; one of ${SHAPES.join(', ')}`);
    const json = generateShape({
      shape,
      transactions: Number(values.transactions),
      assets: Number(values.assets),
      years: Number(values.years),
      seed: Number(values.seed),
    });
    const file = join(values.out, `shape-${shape}-${values.transactions}.json`);
    writeFileSync(file, JSON.stringify(json));
    console.log(`wrote ${file}`);
  }
}
