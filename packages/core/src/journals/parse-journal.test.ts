import { describe, expect, it } from 'vitest';
import { parseJournalAmount } from './journal-amount.ts';
import { parseJournal } from './parse-journal.ts';

describe('journal amounts', () => {
  it.each([
    ['10 AAPL', '10', 'AAPL'],
    ['-1,500.25 USD', '-1500.25', 'USD'],
    ['$1500', '1500', 'USD'],
    ['-$5.5', '-5.5', 'USD'],
    ['$-5.5', '-5.5', 'USD'],
    ['EUR 20', '20', 'EUR'],
    ['"VWRL2" 3', '3', 'VWRL2'],
    ['3 "VWRL2"', '3', 'VWRL2'],
    ['.5 BTC', '0.5', 'BTC'],
  ])('%s', (text, quantity, commodity) => {
    expect(parseJournalAmount(text)).toEqual({ quantity, commodity });
  });

  it.each(['10', '(10 * 2) USD', 'USD', '1.234,56 EUR'])('refuses %s', (text) => {
    expect(parseJournalAmount(text)).toBeNull();
  });
});

describe('ledger and hledger journals', () => {
  it('reads prices, costs, prices, elided amounts and reports assertions by line', () => {
    const journal = parseJournal(
      [
        'P 2024/01/31 AAPL 184.40 USD',
        '2024-02-01 * (12) Buy  ; memo',
        '    Assets:Broker   10 AAPL @ 181.18 USD',
        '    Assets:Broker   5 SAP {140 EUR} @@ 710 EUR',
        '    Assets:Cash   -1811.80 USD = 100 USD',
        '    Assets:Cash',
        '',
      ].join('\n'),
      'ledger',
    );
    expect(journal.prices).toEqual([
      { line: 1, date: '2024-01-31', commodity: 'AAPL', price: { quantity: '184.40', commodity: 'USD' } },
    ]);
    expect(journal.transactions).toEqual([
      {
        line: 2,
        date: '2024-02-01',
        description: 'Buy',
        postings: [
          {
            line: 3,
            account: 'Assets:Broker',
            amount: { quantity: '10', commodity: 'AAPL' },
            unitPrice: { quantity: '181.18', commodity: 'USD' },
          },
          {
            line: 4,
            account: 'Assets:Broker',
            amount: { quantity: '5', commodity: 'SAP' },
            unitCost: { quantity: '140', commodity: 'EUR' },
            totalPrice: { quantity: '710', commodity: 'EUR' },
          },
          { line: 5, account: 'Assets:Cash', amount: { quantity: '-1811.80', commodity: 'USD' } },
          { line: 6, account: 'Assets:Cash', amount: null },
        ],
      },
    ]);
    expect(journal.ignored).toEqual([{ line: 5, message: 'Balance assertion not checked' }]);
    expect(journal.refused).toEqual([]);
  });

  it('refuses what it does not carry, with the line, and drops only that transaction', () => {
    const journal = parseJournal(
      [
        'include other.journal',
        '2024-02-30 bad date',
        '    Assets:Cash  1 USD',
        '    Equity:Opening',
        '',
        '2024-03-01 virtual',
        '    (Budget:Food)  10 USD',
        '',
        '= expr:food',
        '    (Budget)  1',
        '',
        '2024-03-02 fine',
        '    Assets:Cash  1 USD',
        '    Equity:Opening',
      ].join('\n'),
      'ledger',
    );
    expect(journal.refused).toEqual([
      { line: 1, message: 'include is not followed: import one self-contained file' },
      { line: 2, message: 'Not a real date' },
      { line: 7, message: 'Virtual posting to (Budget:Food) is not carried' },
      { line: 9, message: 'Automated transactions are not carried' },
    ]);
    expect(journal.transactions.map((t) => t.line)).toEqual([12]);
  });
});

describe('beancount journals', () => {
  it('reads open, commodity, price, costs with dates, and reports balance and pad', () => {
    const journal = parseJournal(
      [
        'option "operating_currency" "USD"',
        '2024-01-01 open Assets:Broker USD,AAPL',
        '2024-01-01 commodity AAPL',
        '  name: "Apple"',
        '2024-01-31 price AAPL 184.40 USD',
        '2024-02-01 * "Broker" "Buy; twice" #tag',
        '  Assets:Broker  10 AAPL {181.18 USD, 2024-02-01}',
        '    lot: "a"',
        '  Assets:Broker  -1811.80 USD',
        '2024-02-02 balance Assets:Broker 0 AAPL',
        '2024-02-03 pad Assets:Broker Equity:Opening',
      ].join('\n'),
      'beancount',
    );
    expect([...journal.accounts]).toEqual([['Assets:Broker', 2]]);
    expect([...journal.commodities]).toEqual([['AAPL', 3]]);
    expect(journal.prices).toHaveLength(1);
    expect(journal.transactions[0]).toEqual({
      line: 6,
      date: '2024-02-01',
      description: 'Broker | Buy; twice',
      postings: [
        {
          line: 7,
          account: 'Assets:Broker',
          amount: { quantity: '10', commodity: 'AAPL' },
          unitCost: { quantity: '181.18', commodity: 'USD' },
        },
        { line: 9, account: 'Assets:Broker', amount: { quantity: '-1811.80', commodity: 'USD' } },
      ],
    });
    expect(journal.ignored).toEqual([
      { line: 1, message: 'option is not carried' },
      { line: 10, message: 'Balance assertion not checked' },
    ]);
    expect(journal.refused).toEqual([
      { line: 11, message: 'pad is not carried: it makes postings only a balance engine can compute' },
    ]);
  });
});
