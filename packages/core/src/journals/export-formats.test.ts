import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guessFormat } from './guess-format.ts';
import { mapJournal } from './map-journal.ts';
import { parseSource } from './parse-source.ts';
import { unpackPrices } from './testing/packed-prices.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');

const shapeOf = (plan: ReturnType<typeof mapJournal>) =>
  plan.transactions.map(
    ({ line, transaction }) =>
      `#${line} ${transaction.date} ${transaction.type}: ${transaction.entries
        .map(
          (e) =>
            `${e.account_id.slice(8)} ${e.amount} ${e.asset_id.slice(6)}${e.pos_id ? ` (${e.pos_id.slice(6)})` : ''}`,
        )
        .join(', ')}`,
  );

describe('Ghostfolio export', () => {
  const plan = mapJournal(parseSource(fixture('portfolio.ghostfolio.json'), 'ghostfolio'), {
    currency: 'USD',
  });

  it('maps every activity type onto smart transactions by role, with openings that end at the balances', () => {
    // Worked by hand: Broker's USD opening = 2000 − (−1505 + 2.50 + 637 − 9.90) = 2875.40; its EUR cash
    // (the SAP buy, 482) ends at 0; Savings' EUR opening = 3000 − 12.50.
    expect(shapeOf(plan)).toEqual([
      '#0 2024-01-10 deposit: Broker 2875.4 USD',
      '#0 2024-01-10 deposit: Broker 482 EUR',
      '#4 2024-02-28 deposit: Savings 2987.5 EUR',
      '#0 2024-01-10 buy: Broker 10 AAPL, Broker -1505 USD, Fees 5 USD (AAPL)',
      '#1 2024-01-20 buy: Broker 4 SAP, Broker -482 EUR, Fees 2 EUR (SAP)',
      '#2 2024-02-15 dividend: Broker 2.5 USD, Dividends -2.5 USD',
      '#3 2024-02-20 sell: Broker -4 AAPL, Broker 637 USD, Fees 3 USD (AAPL)',
      '#4 2024-02-28 interest: Savings 12.5 EUR, Interest -12.5 EUR',
      '#5 2024-03-05 fee: Broker -9.9 USD, Fees 9.9 USD',
      '#6 2024-03-10 withdrawal: Car loan -8000 USD',
      '#7 2024-03-12 transfer in: Savings 1 Painting',
    ]);
  });

  it('makes the accounts, instruments and prices, and reports the activity it cannot map by index', () => {
    expect(plan.accounts.map((a) => `${a.name}: ${a.type} ${a.currency} ${a.category}`)).toEqual([
      'Broker: investment account USD Investments',
      'Car loan: loan USD Liabilities',
      'Dividends: income account USD cash dividend',
      'Fees: expense account USD Expenses',
      'Interest: income account EUR cash interest',
      'Savings: investment account EUR Investments',
    ]);
    expect(plan.instruments.map((i) => `${i.ticker} ${i.type} ${i.currency}`)).toEqual([
      'EUR currency USD',
      'USD currency USD',
      'AAPL stock USD',
      'Painting stock EUR',
      'SAP stock EUR',
    ]);
    expect(unpackPrices(plan.prices).map((p) => `${p.ticker} ${p.date} ${p.close}`)).toEqual([
      'AAPL 2024-01-31 155',
      'AAPL 2024-02-29 162',
      'AAPL 2024-03-28 170',
      'SAP 2024-01-31 125',
      'SAP 2024-02-29 130',
      'SAP 2024-03-28 128',
      'Painting 2024-03-12 1500',
    ]);
    expect(plan.refused).toEqual([{ line: 8, message: 'BUY: the activity has no account' }]);
  });

  it('refuses a file that is not an export, and activities it cannot read, with their reason', () => {
    expect(parseSource('not json', 'ghostfolio').refused).toEqual([
      { line: -1, message: 'The file is not JSON: a Ghostfolio export is' },
    ]);
    const file = {
      accounts: [{ id: 'a', name: 'Broker', currency: 'USD', balance: 0 }],
      activities: [
        {
          accountId: 'a',
          type: 'STAKE',
          date: '2024-01-02T00:00:00.000Z',
          currency: 'USD',
          quantity: 1,
          unitPrice: 1,
          fee: 0,
          symbol: 'ETH',
        },
        {
          accountId: 'a',
          type: 'BUY',
          date: '2024-02-30T00:00:00.000Z',
          currency: 'USD',
          quantity: 1,
          unitPrice: 1,
          fee: 0,
          symbol: 'X',
        },
        {
          accountId: 'b',
          type: 'BUY',
          date: '2024-02-01T00:00:00.000Z',
          currency: 'USD',
          quantity: 1,
          unitPrice: 1,
          fee: 0,
          symbol: 'X',
        },
        {
          accountId: 'a',
          type: 'SELL',
          date: '2024-02-01T00:00:00.000Z',
          currency: 'USD',
          quantity: 'x',
          unitPrice: 1,
          fee: 0,
          symbol: 'X',
        },
        {
          accountId: 'a',
          type: 'SELL',
          date: '2024-02-01T00:00:00.000Z',
          currency: 'USD',
          quantity: '1e999999999',
          unitPrice: 1,
          fee: 0,
          symbol: 'X',
        },
      ],
    };
    expect(parseSource(JSON.stringify(file), 'ghostfolio').refused).toEqual([
      { line: 0, message: 'STAKE: Ghostfolio activities of this type are not carried' },
      { line: 1, message: 'BUY: the date "2024-02-30T00:00:00.000Z" is not a date' },
      { line: 2, message: "BUY: account b is not among the export's accounts" },
      { line: 3, message: 'SELL: quantity "x" is not a number' },
      { line: 4, message: 'SELL: quantity "1e999999999" is not a number' },
    ]);
  });
});

describe('Wealthfolio activity CSV', () => {
  const plan = mapJournal(parseSource(fixture('portfolio.wealthfolio.csv'), 'wealthfolio'), {
    currency: 'USD',
  });

  it('maps each row onto a smart transaction by role, numbered by its line', () => {
    expect(shapeOf(plan)).toEqual([
      '#2 2024-01-02 deposit: Brokerage 5000 USD',
      '#3 2024-01-10 buy: Brokerage 10 MSFT, Brokerage -3001.5 USD, Fees 1.5 USD (MSFT)',
      '#4 2024-01-11 deposit: Brokerage 1500 EUR',
      '#5 2024-01-12 buy: Brokerage 2 ASML, Brokerage -1200 EUR',
      '#6 2024-02-14 dividend: Brokerage 7.5 USD, Dividends -7.5 USD',
      '#7 2024-02-14 expense: Brokerage -1.13 USD, Taxes 1.13 USD',
      '#8 2024-02-20 interest: Brokerage 4.2 USD, Interest -4.2 USD',
      '#9 2024-03-01 fee: Brokerage -10 USD, Fees 10 USD',
      '#10 2024-03-15 sell: Brokerage -3 MSFT, Brokerage 958 USD, Fees 2 USD (MSFT)',
      '#12 2024-03-20 withdrawal: Brokerage -500 USD',
    ]);
    expect(plan.refused).toEqual([
      {
        line: 11,
        message:
          'SPLIT: splits are not carried (Strata has no split transaction yet): enter the new units by hand',
      },
    ]);
  });

  it('puts rows in one account when the file has no account column, and refuses a file without the columns', () => {
    const csv =
      'date,symbol,quantity,activityType,unitPrice,currency,fee,amount\n2024-01-02,$CASH-USD,,DEPOSIT,,USD,0,100\n';
    expect(shapeOf(mapJournal(parseSource(csv, 'wealthfolio'), { currency: 'USD' }))).toEqual([
      '#2 2024-01-02 deposit: Wealthfolio 100 USD',
    ]);
    expect(parseSource('a,b\n1,2\n', 'wealthfolio').refused).toEqual([
      {
        line: -1,
        message:
          'The file has no date, symbol, activitytype, currency column: it is not a Wealthfolio activity CSV',
      },
    ]);
  });
});

describe('guessing the format of a file', () => {
  it.each([
    ['export.json', '{"meta":{}', 'ghostfolio'],
    ['activities.csv', 'date,symbol', 'wealthfolio'],
    ['main.beancount', 'option "title" "x"', 'beancount'],
    ['books.txt', '2024-01-01 open Assets:Bank', 'beancount'],
    ['books.journal', '2024-01-01 Opening\n  Assets:Bank  1 USD', 'ledger'],
  ])('%s is %s', (name, head, format) => {
    expect(guessFormat(name, head)).toBe(format);
  });
});
