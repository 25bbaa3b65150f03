import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JournalMapper, mapJournal, type TPlannedTransaction } from './map-journal.ts';
import { parseJournal } from './parse-journal.ts';
import { PlannedPrices, priceCount } from './planned-prices.ts';
import { unpackPrices } from './testing/packed-prices.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');

/** One line per smart transaction: type, then each entry as account amount asset (pos). */
const shapeOf = (plan: ReturnType<typeof mapJournal>) =>
  plan.transactions.map(
    ({ transaction }) =>
      `${transaction.date} ${transaction.type}: ${transaction.entries
        .map(
          (e) =>
            `${e.account_id.slice(8)} ${e.amount} ${e.asset_id.slice(6)}${e.pos_id ? ` (${e.pos_id.slice(6)})` : ''}`,
        )
        .join(', ')}`,
  );

// Worked by hand from the sample journals: each posting's role decides the type (docs/journal-import.md).
const EXPECTED = [
  '2024-01-02 deposit: Assets:Bank:Checking 20000 USD',
  '2024-01-03 deposit: Assets:Broker:EU 5000 EUR',
  '2024-01-05 buy: Assets:Broker:US 10 AAPL, Assets:Bank:Checking -1812.8 USD, Expenses:Fees 1 USD (AAPL)',
  '2024-01-10 buy: Assets:Broker:EU 20 SAP, Assets:Broker:EU -2802.5 EUR, Expenses:Fees 2.5 EUR (SAP)',
  '2024-01-31 interest: Assets:Bank:Checking 12.34 USD, Income:Interest -12.34 USD',
  '2024-02-15 dividend: Assets:Broker:US 2.4 USD, Income:Dividends:AAPL -2.4 USD (AAPL)',
  '2024-03-01 transfer: Assets:Bank:Checking -1000 USD, Assets:Broker:US 1000 USD',
  '2024-03-20 sell: Assets:Broker:US -4 AAPL, Assets:Broker:US 699 USD, Expenses:Fees 1 USD (AAPL)',
  '2024-04-10 dividend: Assets:Broker:EU 44 EUR, Income:Dividends:SAP -44 EUR (SAP)',
  '2024-04-20 buy: Assets:Broker:EU 5 SAP, Assets:Broker:EU -900 EUR',
  '2024-05-02 fee: Assets:Bank:Checking -5 USD, Expenses:Fees:Custody 5 USD',
  '2024-05-15 currency exchange: Assets:Bank:Checking -1100 USD, Assets:Broker:EU 1000 EUR, Expenses:Fees 10 USD',
  '2024-06-10 buy: Assets:Broker:US 3 AAPL, Assets:Broker:US -585 USD',
];

describe('mapping journals onto smart transactions', () => {
  it.each([
    ['portfolio.ledger', 'ledger'],
    ['portfolio.beancount', 'beancount'],
  ] as const)('%s maps every transaction by role', (name, format) => {
    const plan = mapJournal(parseJournal(fixture(name), format), { currency: 'USD' });
    expect(plan.refused).toEqual([]);
    expect(shapeOf(plan)).toEqual(EXPECTED);
    expect(plan.instruments).toEqual([
      { ticker: 'EUR', type: 'currency', currency: 'USD' },
      { ticker: 'USD', type: 'currency', currency: 'USD' },
      { ticker: 'AAPL', type: 'stock', currency: 'USD' },
      { ticker: 'SAP', type: 'stock', currency: 'EUR' },
    ]);
    expect(priceCount(plan.prices)).toBe(24);
    expect(plan.accounts.map((a) => `${a.name} ${a.type} ${a.currency} ${a.category}`)).toEqual([
      'Assets:Bank:Checking bank account USD Cash',
      'Assets:Broker:EU investment account EUR Investments',
      'Assets:Broker:US investment account USD Investments',
      'Expenses:Fees expense account USD Expenses',
      'Expenses:Fees:Custody expense account USD Expenses',
      'Income:Dividends:AAPL income account USD cash dividend',
      'Income:Dividends:SAP income account EUR cash dividend',
      'Income:Interest income account USD cash interest',
    ]);
  });

  it('reports the beancount gain posting it leaves to the cost method, and the assertions', () => {
    const plan = mapJournal(parseJournal(fixture('portfolio.beancount'), 'beancount'), { currency: 'USD' });
    expect(plan.ignored.map((n) => `${n.line} ${n.message}`)).toEqual([
      '3 option is not carried',
      '4 option is not carried',
      '76 Balance assertion not checked',
      '82 Gain posting to Income:Gains: Strata computes the realized gain by its cost method',
    ]);
  });

  it.each([
    ['portfolio.ledger', 'ledger'],
    ['portfolio.beancount', 'beancount'],
  ] as const)(
    '%s mapped as it is read gives the same plan, and the parse keeps no transaction',
    (name, format) => {
      const prices = new PlannedPrices('USD');
      const mapper = new JournalMapper({ format, currency: 'USD', prices });
      const added: number[] = [];
      const parsed = parseJournal(fixture(name), format, {
        prices,
        transactions: {
          add: (transaction) => {
            added.push(transaction.line);
            mapper.add(transaction);
          },
        },
      });
      expect(parsed.transactions).toEqual([]);
      expect(added).toHaveLength(13);
      const transactions: TPlannedTransaction[] = [];
      const head = mapper.finish(parsed, (transaction) => transactions.push(transaction));
      const streamed = { ...head, transactions };
      expect(shapeOf(streamed)).toEqual(EXPECTED);
      expect(streamed).toEqual(mapJournal(parseJournal(fixture(name), format), { currency: 'USD' }));
    },
  );

  it('refuses what fits no type, does not balance, or cannot be valued, by line', () => {
    const journal = [
      'P 2024-01-31 AAPL 184.40 USD',
      'P 2024-01-31 AAPL 170.00 EUR',
      'P 2024-01-31 USD 0.92 EUR',
      '2024-02-01 unbalanced',
      '    Assets:Cash   10 USD',
      '    Equity:Opening  -9 USD',
      '',
      '2024-02-02 income into shares',
      '    Assets:Broker   1 AAPL',
      '    Income:Gift',
      '',
      '2024-02-03 refund',
      '    Assets:Cash   5 USD',
      '    Expenses:Food',
      '',
      '2024-02-04 no quote',
      '    Assets:Broker   3 GOLDBAR',
      '    Equity:Opening',
      '',
      '2024-02-05 other root',
      '    Assets:Cash   5 USD',
      '    Budget:Food',
    ].join('\n');
    const plan = mapJournal(parseJournal(journal, 'ledger'), { currency: 'USD' });
    expect(plan.refused).toEqual([
      { line: 2, message: 'AAPL is quoted in USD, not EUR' },
      { line: 3, message: 'Strata keeps FX rates as EUR in USD: give the rate of EUR instead' },
      { line: 4, message: 'Does not balance: 1 USD left' },
      {
        line: 8,
        message: 'No transaction type takes these postings: Assets:Broker 1 AAPL, Income:Gift -1 AAPL',
      },
      {
        line: 12,
        message: 'No transaction type takes these postings: Assets:Cash 5 USD, Expenses:Food -5 USD',
      },
      { line: 16, message: 'transfer in: Position: asset: Does not exist' },
      {
        line: 17,
        message:
          'Commodity GOLDBAR: no price or cost names the currency it is quoted in, so it cannot be valued',
      },
      {
        line: 22,
        message: 'Account Budget:Food is under none of Assets, Liabilities, Income, Expenses, Equity',
      },
    ]);
    expect(plan.transactions).toEqual([]);
  });

  it('gives identical transactions distinct keys, and the same keys on a second reading', () => {
    const text = [
      '2024-01-02 a',
      '  Assets:Cash  1 USD',
      '  Equity:O',
      '',
      '2024-01-02 a',
      '  Assets:Cash  1 USD',
      '  Equity:O',
    ].join('\n');
    const first = mapJournal(parseJournal(text, 'ledger'), { currency: 'USD' }).transactions.map(
      (t) => t.key,
    );
    const second = mapJournal(parseJournal(text, 'ledger'), { currency: 'USD' }).transactions.map(
      (t) => t.key,
    );
    expect(new Set(first).size).toBe(2);
    expect(second).toEqual(first);
  });
});

describe('prices', () => {
  it('keeps the last price of a day, where the day first had one, as hledger and beancount do', () => {
    const plan = mapJournal(
      parseJournal(
        [
          'P 2024-01-31 AAPL 180.00 USD',
          'P 2024-01-31 SAP 150.00 EUR',
          'P 2024-01-31 EUR 1.08 USD',
          'P 2024-01-31 AAPL 185.64 USD',
          'P 2024-02-29 AAPL 180.75 USD',
          'P 2024-01-31 SAP 151.20 EUR',
        ].join('\n'),
        'ledger',
      ),
      { currency: 'USD' },
    );
    expect(unpackPrices(plan.prices)).toEqual([
      { ticker: 'AAPL', date: '2024-01-31', close: '185.64' },
      { ticker: 'SAP', date: '2024-01-31', close: '151.20' },
      { ticker: 'EUR', date: '2024-01-31', close: '1.08' },
      { ticker: 'AAPL', date: '2024-02-29', close: '180.75' },
    ]);
  });
});
