// A seeded, deterministic generator of repositories, shared by the analytics benchmark (bench/analytics/)
// and the oracle tests (analytics/ledger-oracle.test.ts; bench/analytics/hledger-oracle.ts records the
// hledger fixture). It lives in core, not in bench/, so core's tests do not import from the benchmark.
// Pure: it returns the engine input and the journals; bench/analytics/generate.ts writes them to files.
//
// Repository currency USD, a second currency EUR (daily rate); half the stocks quote in EUR. Prices on
// every weekday. Accounts: Checking (bank), Investments (grouping) with US Brokerage and EU Brokerage
// under it. Transactions: salary deposits, transfers to the brokerages, currency exchanges, buys and
// sells at the day's close ± a spread with a fee, dividends, custody fees and withdrawals. The journals
// (hledger and ledger-cli: prices as `P` lines, tickers with digits quoted) never sell more than is held
// and have no splits (hledger has no split directive), so positions agree unit for unit.
import type {
  TAnalyticsAsset,
  TAnalyticsInput,
  TAnalyticsPrice,
  TAnalyticsPriceSeries,
  TAnalyticsTransaction,
} from '../analytics/analytics-types.ts';
import { addDays, toEpochDay } from '../dates/epoch-day.ts';
import { Decimal } from '../money/decimal.ts';
import { findTransactionType } from '../transactions/catalogue.ts';

export interface TGenerateOptions {
  seed?: number;
  transactions: number;
  assets: number;
  years: number;
  start?: string;
  /**
   * false: no journals, and prices as columns (`price_series`) instead of rows — the growth bench's 1M
   * transactions over 10,000 stocks have 26M closes, which as row objects and `P` lines do not fit in memory.
   */
  text?: boolean;
}

export interface TGenerated {
  input: TAnalyticsInput;
  /** hledger journal. */
  journal: string;
  /** The same for ledger-cli: costs as `(@@)`, which ledger does not add to its price history (with
   * `@@` it values holdings at the last trade's price where hledger and we use the last close). */
  ledgerJournal: string;
  start: string;
  end: string;
}

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

const ACCOUNTS: TAnalyticsAsset[] = [
  {
    id: 'checking',
    name: 'Checking',
    type: 'bank account',
    currency: 'USD',
    tags: [{ name: 'Category', value: 'Cash' }],
  },
  { id: 'investments', name: 'Investments', type: 'grouping account', currency: 'USD' },
  {
    id: 'us-brokerage',
    name: 'US Brokerage',
    type: 'investment account',
    currency: 'USD',
    parent_id: 'investments',
  },
  {
    id: 'eu-brokerage',
    name: 'EU Brokerage',
    type: 'investment account',
    currency: 'USD',
    parent_id: 'investments',
  },
  {
    id: 'salary',
    name: 'Salary',
    type: 'income account',
    currency: 'USD',
    tags: [{ name: 'Category', value: 'current income' }],
  },
  {
    id: 'dividends',
    name: 'Cash dividend',
    type: 'income account',
    currency: 'USD',
    tags: [{ name: 'Category', value: 'cash dividend' }],
  },
  {
    id: 'fees',
    name: 'Broker fees',
    type: 'expense account',
    currency: 'USD',
    tags: [{ name: 'Category', value: 'Fees' }],
  },
];

/** Engine account id → the account name in the journals (hledger and ledger-cli alike). */
export const JOURNAL_ACCOUNT: Readonly<Record<string, string>> = {
  checking: 'assets:checking',
  'us-brokerage': 'assets:investments:us-brokerage',
  'eu-brokerage': 'assets:investments:eu-brokerage',
  salary: 'income:salary',
  dividends: 'income:dividends',
  fees: 'expenses:fees',
};

const money = (x: number) => x.toFixed(2);
/** Commodity symbols with digits must be quoted, in hledger and ledger-cli journals alike. */
export const hledgerCommodity = (ticker: string) => (/^[A-Za-z]+$/.test(ticker) ? ticker : `"${ticker}"`);

export function generateRepository(options: TGenerateOptions): TGenerated {
  const random = seededRandom(options.seed ?? 20_261_122);
  const start = options.start ?? '2015-01-01';
  const dayCount = Math.round(options.years * 365.25);
  const end = addDays(start, dayCount - 1);
  const weekdays: number[] = [];
  for (let i = 0; i < dayCount; i++) {
    const dow = (((toEpochDay(start) + i + 4) % 7) + 7) % 7; // 0 = Sunday
    if (dow !== 0 && dow !== 6) weekdays.push(i);
  }

  const stocks: TAnalyticsAsset[] = Array.from({ length: options.assets }, (_, i) => ({
    id: `s${String(i + 1).padStart(4, '0')}`,
    name: `Stock ${i + 1}`,
    ticker: `S${String(i + 1).padStart(4, '0')}`,
    type: 'stock',
    currency: i % 2 === 0 ? 'USD' : 'EUR',
    tags: [{ name: 'Class', value: i % 3 === 0 ? 'Growth' : 'Value' }],
  }));
  const assets: TAnalyticsAsset[] = [
    { id: 'usd', name: 'US Dollar', ticker: 'USD', type: 'currency', currency: 'USD' },
    { id: 'eur', name: 'Euro', ticker: 'EUR', type: 'currency', currency: 'USD' },
    ...ACCOUNTS,
    ...stocks,
  ];

  // Daily closes on weekdays: geometric random walks, rounded to 4 decimals like a feed.
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
  for (const stock of stocks) closes.set(stock.id, walk(20 + random() * 180, 0.04));
  const text = options.text !== false;
  const prices: TAnalyticsPrice[] = [];
  const priceLines: string[] = [];
  const priceSeries: TAnalyticsPriceSeries[] = [];
  const assetById = new Map(assets.map((asset) => [asset.id, asset]));
  const weekdayEpochDays = Int32Array.from(weekdays, (i) => toEpochDay(start) + i);
  for (const [assetId, series] of closes) {
    const asset = assetById.get(assetId)!;
    if (!text) {
      const weekdayCloses = Float64Array.from(weekdays, (i) => series[i]!);
      priceSeries.push({
        asset_id: assetId,
        source: 'connector',
        days: weekdayEpochDays,
        closes: weekdayCloses,
      });
      continue;
    }
    const symbol = hledgerCommodity(asset.ticker!);
    for (const i of weekdays) {
      const date = addDays(start, i);
      prices.push({ asset_id: assetId, date, close: series[i]!, source: 'connector' });
      priceLines.push(`P ${date} ${symbol} ${series[i]!} ${asset.currency}`);
    }
  }

  // Transactions on weekdays, in date order.
  const transactions: TAnalyticsTransaction[] = [];
  const journal: string[] = [];
  const held = new Map<string, Decimal>(); // `${account}|${stock}` → units
  const cash = new Map<string, number>(); // `${account}|${currency}` → amount, to avoid absurd overdrafts
  const stockAccount = (stock: TAnalyticsAsset) =>
    stock.currency === 'USD' ? 'us-brokerage' : 'eu-brokerage';
  const cashCurrency = (account: string) => (account === 'eu-brokerage' ? 'eur' : 'usd');
  let id = 0;
  const add = (
    type: string,
    date: string,
    entries: [string, string, string, string?][],
    hledger: string[],
  ) => {
    const definition = findTransactionType(type)!;
    transactions.push({
      id: `t${++id}`,
      date,
      type,
      entries: entries.map(([account_id, asset_id, amount, pos_id], i) => ({
        account_id,
        asset_id,
        amount,
        role: definition.entries[i]!.role,
        ...(pos_id ? { pos_id } : {}),
      })),
    });
    if (text) journal.push(`${date} ${type} #${id}`, ...hledger.map((line) => `    ${line}`), '');
  };
  const bump = (map: Map<string, number>, key: string, by: number) => map.set(key, (map.get(key) ?? 0) + by);

  const txDays = Array.from(
    { length: options.transactions },
    () => weekdays[Math.floor(random() * weekdays.length)]!,
  ).sort((a, b) => a - b);
  // Open with a deposit so there is cash to invest.
  for (const [index, day] of txDays.entries()) {
    const date = addDays(start, day);
    const roll = index === 0 ? 0 : random();
    if (roll < 0.06) {
      const amount = money(2000 + random() * 8000);
      add(
        'income',
        date,
        [
          ['checking', 'usd', amount],
          ['salary', 'usd', `-${amount}`],
        ],
        [`${JOURNAL_ACCOUNT.checking}  ${amount} USD`, `${JOURNAL_ACCOUNT.salary}  -${amount} USD`],
      );
      bump(cash, 'checking|usd', Number(amount));
    } else if (roll < 0.1) {
      const amount = money(Math.max(100, (cash.get('checking|usd') ?? 0) * 0.5));
      add(
        'transfer',
        date,
        [
          ['checking', 'usd', `-${amount}`],
          ['us-brokerage', 'usd', amount],
        ],
        [`${JOURNAL_ACCOUNT.checking}  -${amount} USD`, `${JOURNAL_ACCOUNT['us-brokerage']}  ${amount} USD`],
      );
      bump(cash, 'checking|usd', -Number(amount));
      bump(cash, 'us-brokerage|usd', Number(amount));
    } else if (roll < 0.13) {
      const usd = Math.max(100, (cash.get('us-brokerage|usd') ?? 0) * 0.3);
      const rate = closes.get('eur')![day]!;
      const eur = money((usd / rate) * 0.995);
      add(
        'transfer',
        date,
        [
          ['us-brokerage', 'usd', `-${money(usd)}`],
          ['checking', 'usd', money(usd)],
        ],
        [
          `${JOURNAL_ACCOUNT['us-brokerage']}  -${money(usd)} USD`,
          `${JOURNAL_ACCOUNT.checking}  ${money(usd)} USD`,
        ],
      );
      add(
        'currency exchange',
        date,
        [
          ['checking', 'usd', `-${money(usd)}`],
          ['eu-brokerage', 'eur', eur],
        ],
        [
          `${JOURNAL_ACCOUNT.checking}  -${money(usd)} USD`,
          `${JOURNAL_ACCOUNT['eu-brokerage']}  ${eur} EUR @@ ${money(usd)} USD`,
        ],
      );
      bump(cash, 'us-brokerage|usd', -usd);
      bump(cash, 'eu-brokerage|eur', Number(eur));
    } else if (roll < 0.7) {
      const stock = stocks[Math.floor(random() * stocks.length)]!;
      const account = stockAccount(stock);
      const currency = cashCurrency(account);
      const key = `${account}|${stock.id}`;
      const units = held.get(key) ?? new Decimal(0);
      const close = closes.get(stock.id)![day]!;
      const isSell = units.gt(0) && random() < 0.45;
      const fee = money(1 + random() * 4);
      const symbol = hledgerCommodity(stock.ticker!);
      const cashSymbol = currency.toUpperCase();
      if (isSell) {
        const sold = random() < 0.3 ? units : Decimal.max(new Decimal(1), units.div(2).floor());
        const gross = Number(sold) * close * (1 + (random() - 0.5) * 0.01);
        const net = money(gross - Number(fee));
        const grossText = money(Number(net) + Number(fee));
        add(
          'sell',
          date,
          [
            [account, stock.id, `-${sold}`],
            [account, currency, net],
            ['fees', currency, fee, stock.id],
          ],
          [
            `${JOURNAL_ACCOUNT[account]}  -${sold} ${symbol} @@ ${grossText} ${cashSymbol}`,
            `${JOURNAL_ACCOUNT[account]}  ${net} ${cashSymbol}`,
            `${JOURNAL_ACCOUNT.fees}  ${fee} ${cashSymbol}`,
          ],
        );
        held.set(key, units.minus(sold));
        bump(cash, `${account}|${currency}`, Number(net));
      } else {
        const budget = Math.max(50, (cash.get(`${account}|${currency}`) ?? 0) * 0.2);
        const bought = new Decimal(Math.max(1, Math.floor(budget / close)));
        const grossText = money(Number(bought) * close * (1 + (random() - 0.5) * 0.01));
        const paid = money(Number(grossText) + Number(fee));
        add(
          'buy',
          date,
          [
            [account, stock.id, String(bought)],
            [account, currency, `-${paid}`],
            ['fees', currency, fee, stock.id],
          ],
          [
            `${JOURNAL_ACCOUNT[account]}  ${bought} ${symbol} @@ ${grossText} ${cashSymbol}`,
            `${JOURNAL_ACCOUNT[account]}  -${paid} ${cashSymbol}`,
            `${JOURNAL_ACCOUNT.fees}  ${fee} ${cashSymbol}`,
          ],
        );
        held.set(key, units.plus(bought));
        bump(cash, `${account}|${currency}`, -Number(paid));
      }
    } else if (roll < 0.9) {
      const holdings = [...held].filter(([, units]) => units.gt(0));
      if (holdings.length === 0) continue;
      const [key, units] = holdings[Math.floor(random() * holdings.length)]!;
      const [account, stockId] = key.split('|') as [string, string];
      const currency = cashCurrency(account);
      const amount = money(Number(units) * closes.get(stockId)![day]! * 0.005 + 0.01);
      add(
        'dividend',
        date,
        [
          [account, currency, amount],
          ['dividends', currency, `-${amount}`, stockId],
        ],
        [
          `${JOURNAL_ACCOUNT[account]}  ${amount} ${currency.toUpperCase()}`,
          `${JOURNAL_ACCOUNT.dividends}  -${amount} ${currency.toUpperCase()}`,
        ],
      );
      bump(cash, `${account}|${currency}`, Number(amount));
    } else if (roll < 0.95) {
      const amount = money(5 + random() * 20);
      add(
        'fee',
        date,
        [
          ['us-brokerage', 'usd', `-${amount}`],
          ['fees', 'usd', amount],
        ],
        [`${JOURNAL_ACCOUNT['us-brokerage']}  -${amount} USD`, `${JOURNAL_ACCOUNT.fees}  ${amount} USD`],
      );
      bump(cash, 'us-brokerage|usd', -Number(amount));
    } else {
      const amount = money(50 + random() * 500);
      add(
        'withdrawal',
        date,
        [['checking', 'usd', `-${amount}`]],
        [`${JOURNAL_ACCOUNT.checking}  -${amount} USD`, 'equity:withdrawals'],
      );
      bump(cash, 'checking|usd', -Number(amount));
    }
  }

  // The first line names the command that writes these journals to files; it stays as it is because the
  // recorded oracle fixtures hold the journal's hash.
  const header = [
    `; Generated by bench/analytics/generate.ts (seed ${options.seed ?? 20_261_122}): ${transactions.length} transactions,`,
    `; ${options.assets} stocks, ${options.years} years. Same data as the engine input JSON.`,
    'commodity 1000.00 USD',
    'commodity 1000.00 EUR',
    '',
  ];
  const input: TAnalyticsInput = {
    currency: 'USD',
    assets,
    transactions,
    ...(text ? { prices } : { price_series: priceSeries }),
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
  const journalText = text ? [...header, ...priceLines, '', ...journal].join('\n') : '';
  return {
    input,
    journal: journalText,
    ledgerJournal: journalText.replaceAll(' @@ ', ' (@@) '),
    start,
    end,
  };
}
