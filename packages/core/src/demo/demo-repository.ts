// The demo repository behind `npm run seed:demo`, the e2e journeys and the README screenshot: a family's
// portfolio over three years — a checking account, a US and a euro brokerage, a private-equity fund —
// with daily prices, dividends, fees, capital calls and a distribution. Seeded, so every run writes the
// same numbers; records name each other by `key`, and the seeding code turns keys into ids.
import { addDays, toEpochDay } from '../dates/epoch-day.ts';
import { toAmountString, toDecimal } from '../money/decimal.ts';
import { CATEGORY_TAG, SUBCATEGORY_TAG, type TTagPair } from '../repositories/initial-content.ts';

export interface TDemoAsset {
  key: string;
  name: string;
  /** null for accounts: their ticker follows the name. */
  ticker: string | null;
  type: string;
  currency: string | null;
  description?: string;
  tags: TTagPair[];
}

export interface TDemoPrice {
  asset: string;
  date: string;
  close: string;
  source: 'security master' | 'manual';
}

export interface TDemoEntry {
  /** An asset key, or the name of a pre-created income/expense account. */
  account: string;
  asset: string;
  amount: string;
  /** The instrument an income or expense entry belongs to. */
  pos?: string;
}

export interface TDemoTransaction {
  type: string;
  date: string;
  description: string;
  entries: TDemoEntry[];
}

export interface TDemoContact {
  name: string;
  email: string;
  phone: string;
  company: string;
  notes: string;
  assets: string[];
}

/** A link document of one asset; `tags` are document tag names (document tags have no value). */
export interface TDemoDocument {
  name: string;
  url: string;
  description: string;
  asset: string;
  tags: string[];
}

export interface TDemoRepository {
  name: string;
  currency: string;
  assets: TDemoAsset[];
  prices: TDemoPrice[];
  transactions: TDemoTransaction[];
  contacts: TDemoContact[];
  documents: TDemoDocument[];
}

/** The pre-created accounts the demo books into (initialising a repository creates them). */
export const DEMO_PRE_CREATED = { dividends: 'Cash dividend', interest: 'Cash interest' } as const;

const account = (
  key: string,
  name: string,
  type: string,
  currency: string,
  category: string,
  subcategory: string,
): TDemoAsset => ({
  key,
  name,
  ticker: null,
  type,
  currency,
  tags: [
    { tag_name: CATEGORY_TAG, tag_value: category },
    { tag_name: SUBCATEGORY_TAG, tag_value: subcategory },
  ],
});

const instrument = (key: string, name: string, type: string, currency: string, ticker = key): TDemoAsset => ({
  key,
  name,
  ticker,
  type,
  currency,
  tags: [],
});

interface TListedStock {
  key: string;
  start: number;
  /** Yearly drift and volatility of the random walk. */
  drift: number;
  volatility: number;
  /** Quarterly dividend per share, 0 for none. */
  dividend: number;
  account: 'us' | 'eu';
}

const STOCKS: TListedStock[] = [
  { key: 'AAPL', start: 150, drift: 0.12, volatility: 0.25, dividend: 0.24, account: 'us' },
  { key: 'MSFT', start: 280, drift: 0.15, volatility: 0.22, dividend: 0.68, account: 'us' },
  { key: 'VOO', start: 360, drift: 0.09, volatility: 0.15, dividend: 1.5, account: 'us' },
  { key: 'SAP', start: 120, drift: 0.1, volatility: 0.2, dividend: 0, account: 'eu' },
  { key: 'ASML', start: 600, drift: 0.14, volatility: 0.3, dividend: 1.6, account: 'eu' },
];

const FUND = 'NGF3';
const FUND_COMMITMENT = 250_000;

/** mulberry32: tiny, seeded, the same sequence on every run. */
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

/** A standard normal draw (Box–Muller). */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function isWeekday(date: string): boolean {
  // 1970-01-01 was a Thursday: day 0 → 4.
  const weekday = (((toEpochDay(date) + 4) % 7) + 7) % 7;
  return weekday !== 0 && weekday !== 6;
}

function money(value: number, decimals = 2): string {
  return toAmountString(toDecimal(value.toFixed(decimals)));
}

function negate(amount: string): string {
  return toAmountString(toDecimal(amount).negated());
}

/** The weekday on or after `date`. */
function nextWeekday(date: string): string {
  let day = date;
  while (!isWeekday(day)) day = addDays(day, 1);
  return day;
}

/**
 * The demo repository ending on `today`: three years of weekday prices and the transactions of a
 * patient investor. Everything derives from `seed`; the same arguments give the same repository.
 */
export function buildDemoRepository({ today, seed = 7 }: { today: string; seed?: number }): TDemoRepository {
  const random = seededRandom(seed);
  // Prices start on the first of the month three years back, so every monthly event finds one.
  const start = `${addDays(today, -3 * 365).slice(0, 7)}-01`;
  const assets: TDemoAsset[] = [
    account('checking', 'Chase Checking', 'bank account', 'USD', 'Cash', 'Checking'),
    account('us', 'Schwab Brokerage', 'investment account', 'USD', 'Investments', 'Brokerage'),
    account('eu', 'Degiro Europe', 'investment account', 'EUR', 'Investments', 'Brokerage'),
    account(
      'pe',
      'Private Equity Holdings',
      'investment account',
      'USD',
      'Private markets',
      'Private equity',
    ),
    { ...account('fees', 'Brokerage fees', 'expense account', 'USD', 'Fees', 'Brokerage'), ticker: null },
    instrument('USD', 'US Dollar', 'currency', 'USD'),
    instrument('EUR', 'Euro', 'currency', 'USD'),
    instrument('AAPL', 'Apple Inc.', 'stock', 'USD'),
    instrument('MSFT', 'Microsoft Corporation', 'stock', 'USD'),
    instrument('VOO', 'Vanguard S&P 500 ETF', 'etf', 'USD'),
    instrument('SAP', 'SAP SE', 'stock', 'EUR', 'SAP.DE'),
    instrument('ASML', 'ASML Holding N.V.', 'stock', 'EUR', 'ASML.AS'),
    {
      ...instrument(FUND, 'Northwind Growth Fund III', 'private fund', 'USD'),
      description: 'Buyout fund, 2023 vintage; quarterly NAV from the administrator',
    },
  ];

  const prices: TDemoPrice[] = [];
  const close = new Map<string, Map<string, number>>();
  const walk = (key: string, first: number, drift: number, volatility: number, decimals: number) => {
    const series = new Map<string, number>();
    const step = 1 / 252;
    let price = first;
    for (let day = start; day <= today; day = addDays(day, 1)) {
      if (!isWeekday(day)) continue;
      price *= Math.exp((drift - volatility ** 2 / 2) * step + volatility * Math.sqrt(step) * normal(random));
      const rounded = Number(price.toFixed(decimals));
      series.set(day, rounded);
      prices.push({ asset: key, date: day, close: money(rounded, decimals), source: 'security master' });
    }
    close.set(key, series);
  };
  walk('EUR', 1.08, 0, 0.07, 4);
  for (const stock of STOCKS) walk(stock.key, stock.start, stock.drift, stock.volatility, 2);

  const transactions: TDemoTransaction[] = [];
  const closeOn = (key: string, date: string): number => {
    const value = close.get(key)?.get(date);
    if (value === undefined) throw new Error(`no ${key} price on ${date}`);
    return value;
  };

  // Savings brought in on day one (they fund the private fund's calls), then salary every month, part
  // of which goes to the brokerages.
  transactions.push({
    type: 'deposit',
    date: nextWeekday(start),
    description: 'Opening balance',
    entries: [{ account: 'checking', asset: 'USD', amount: '180000' }],
  });
  for (let month = 0; month < 36; month += 1) {
    const payday = nextWeekday(addMonths(start, month, 1));
    if (payday > today) break;
    transactions.push({
      type: 'deposit',
      date: payday,
      description: 'Salary',
      entries: [{ account: 'checking', asset: 'USD', amount: '12000' }],
    });
    transactions.push({
      type: 'transfer',
      date: payday,
      description: 'Monthly investing',
      entries: [
        { account: 'checking', asset: 'USD', amount: '-6000' },
        { account: 'us', asset: 'USD', amount: '6000' },
      ],
    });
    if (month % 3 === 0) {
      const eurRate = closeOn('EUR', payday);
      const euros = money(4000 / eurRate);
      transactions.push({
        type: 'currency exchange',
        date: payday,
        description: 'Fund the euro account',
        entries: [
          { account: 'checking', asset: 'USD', amount: '-4000' },
          { account: 'eu', asset: 'EUR', amount: euros },
        ],
      });
    }
  }

  // Buys a few days after each payday, sells a slice of the winners once a year.
  const held = new Map<string, number>();
  for (let month = 0; month < 36; month += 1) {
    const day = nextWeekday(addDays(addMonths(start, month, 1), 3));
    if (day > today) break;
    for (const stock of STOCKS) {
      const isEuro = stock.account === 'eu';
      if (isEuro && month % 3 !== 0) continue;
      const budget = isEuro ? 1700 : 1800;
      const price = closeOn(stock.key, day);
      const units = Math.max(1, Math.floor(budget / price));
      const fee = isEuro ? 2 : 0;
      const cost = money(units * price + fee);
      transactions.push({
        type: 'buy',
        date: day,
        description: `Buy ${stock.key}`,
        entries: [
          { account: stock.account, asset: stock.key, amount: String(units) },
          { account: stock.account, asset: isEuro ? 'EUR' : 'USD', amount: negate(cost) },
          ...(fee > 0
            ? [{ account: 'fees', asset: isEuro ? 'EUR' : 'USD', amount: money(fee), pos: stock.key }]
            : []),
        ],
      });
      held.set(stock.key, (held.get(stock.key) ?? 0) + units);
    }
    if (month % 12 === 11) {
      for (const stock of STOCKS.filter((item) => item.account === 'us')) {
        const units = Math.floor((held.get(stock.key) ?? 0) / 4);
        if (units === 0) continue;
        const price = closeOn(stock.key, day);
        transactions.push({
          type: 'sell',
          date: day,
          description: `Rebalance ${stock.key}`,
          entries: [
            { account: 'us', asset: stock.key, amount: String(-units) },
            { account: 'us', asset: 'USD', amount: money(units * price) },
          ],
        });
        held.set(stock.key, (held.get(stock.key) ?? 0) - units);
      }
    }
    // Quarterly dividends on what is held at the time.
    if (month % 3 === 2) {
      for (const stock of STOCKS.filter((item) => item.dividend > 0)) {
        const units = held.get(stock.key) ?? 0;
        if (units === 0) continue;
        const currency = stock.account === 'eu' ? 'EUR' : 'USD';
        const amount = money(units * stock.dividend);
        transactions.push({
          type: 'dividend',
          date: nextWeekday(addDays(day, 10)),
          description: `${stock.key} dividend`,
          entries: [
            { account: stock.account, asset: currency, amount },
            { account: DEMO_PRE_CREATED.dividends, asset: currency, amount: negate(amount), pos: stock.key },
          ],
        });
      }
    }
  }

  // The private fund: commit, three capital calls, quarterly NAV marks, fees, one distribution.
  const fundDay = (months: number) => nextWeekday(addMonths(start, months, 15));
  transactions.push({
    type: 'subscribe and commit',
    date: fundDay(1),
    description: 'Commitment to Northwind Growth Fund III',
    entries: [{ account: 'pe', asset: FUND, amount: String(FUND_COMMITMENT) }],
  });
  let fundUnits = 0;
  for (const [months, call] of [
    [2, 75_000],
    [10, 50_000],
    [20, 40_000],
  ] as const) {
    const date = fundDay(months);
    if (date > today) continue;
    transactions.push({
      type: 'transfer',
      date,
      description: 'Cash for the capital call',
      entries: [
        { account: 'checking', asset: 'USD', amount: String(-call) },
        { account: 'pe', asset: 'USD', amount: String(call) },
      ],
    });
    transactions.push({
      type: 'capital call',
      date,
      description: `Capital call ${money(call, 0)} USD`,
      entries: [
        { account: 'pe', asset: FUND, amount: String(-call) },
        { account: 'pe', asset: FUND, amount: String(call) },
        { account: 'pe', asset: 'USD', amount: String(-call) },
      ],
    });
    fundUnits += call;
  }
  // NAV per unit of called capital: 1 at the first call, then marked each quarter end by the administrator.
  prices.push({ asset: FUND, date: fundDay(2), close: '1', source: 'manual' });
  let nav = 1;
  for (let months = 3; months <= 36; months += 3) {
    const date = nextWeekday(addMonths(start, months, 1));
    if (date > today) break;
    nav *= 1 + 0.025 + 0.03 * normal(random);
    prices.push({ asset: FUND, date, close: money(nav, 4), source: 'manual' });
  }
  const feeDate = fundDay(13);
  if (feeDate <= today) {
    transactions.push({
      type: 'fund fees',
      date: feeDate,
      description: 'Management fee',
      entries: [
        { account: 'fees', asset: 'USD', amount: '2500', pos: FUND },
        { account: 'checking', asset: 'USD', amount: '-2500' },
      ],
    });
  }
  const distributionDate = fundDay(30);
  if (distributionDate <= today && fundUnits > 0) {
    transactions.push({
      type: 'capital return',
      date: distributionDate,
      description: 'Distribution from a portfolio exit',
      entries: [
        { account: 'pe', asset: 'USD', amount: '30000' },
        { account: 'pe', asset: FUND, amount: '-25000' },
      ],
    });
  }

  transactions.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

  return {
    name: 'Demo Family Office',
    currency: 'USD',
    assets,
    prices,
    transactions,
    contacts: [
      {
        name: 'Maria Jensen',
        email: 'maria.jensen@northwind.example',
        phone: '+1 212 555 0147',
        company: 'Northwind Capital Partners',
        notes: 'Investor relations for Fund III; quarterly reports on the 15th',
        assets: [FUND],
      },
    ],
    documents: [
      {
        name: 'Fund III limited partnership agreement',
        url: 'https://northwind.example/fund-iii/lpa.pdf',
        description: 'Signed LPA with side letter',
        asset: FUND,
        tags: ['Legal'],
      },
    ],
  };
}

/** The `day` of the month `months` after `date`'s month (day clamped to 28, so it always exists). */
function addMonths(date: string, months: number, day: number): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(day, 28)).padStart(2, '0')}`;
}
