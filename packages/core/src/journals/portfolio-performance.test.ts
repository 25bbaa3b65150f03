import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guessFormat } from './guess-format.ts';
import { mapJournal } from './map-journal.ts';
import { parseSource } from './parse-source.ts';
import { deref, readXmlTree, type TXmlNode } from './pp-xml-tree.ts';
import { unpackPrices } from './testing/packed-prices.ts';

const FILE = readFileSync(
  join(import.meta.dirname, 'fixtures', 'portfolio.portfolio-performance.xml'),
  'utf8',
);

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

/** A minimal file around some account transactions of one account `Cash` (and nothing else). */
const cashFile = (transactions: string) =>
  `<client><version>66</version><accounts><account><name>Cash</name><currencyCode>USD</currencyCode>
  <transactions>${transactions}</transactions></account></accounts></client>`;

describe('Portfolio Performance XML', () => {
  const plan = mapJournal(parseSource(FILE, 'portfolio_performance'), { currency: 'USD' });

  it('maps accounts, portfolios, trades with charges, income with taxes, transfers and deliveries by role', () => {
    // Worked by hand from the sample: the buy's 1505.00 is 10 × 150 + 5 fee; the sale's 635.00 is
    // 4 × 160 − 3 fee − 2 tax; the dividend's 2.13 reached the account after 0.37 of tax (2.50 gross).
    // Transactions are numbered as read: Cash 1–10, Savings 11, Depot 12–15, Depot 2 16; the account sides
    // of trades and the receiving sides of transfers write nothing of their own.
    expect(shapeOf(plan)).toEqual([
      '#1 2024-01-05 deposit: Cash 10000 USD',
      '#3 2024-02-15 dividend: Cash 2.5 USD, Dividends -2.5 USD',
      '#3 2024-02-15 expense: Cash -0.37 USD, Taxes 0.37 USD',
      '#5 2024-02-28 interest: Cash 12.5 USD, Interest -12.5 USD',
      '#6 2024-03-05 fee: Cash -9.9 USD, Fees 9.9 USD',
      '#7 2024-03-06 expense: Cash -1.1 USD, Taxes 1.1 USD',
      '#8 2024-03-10 transfer: Cash -1000 USD, Savings 1000 USD',
      '#9 2024-03-12 withdrawal: Cash -500 USD',
      '#12 2024-01-10 buy: Depot 10 AAPL, Cash -1505 USD, Fees 5 USD (AAPL)',
      '#13 2024-02-20 sell: Depot -4 AAPL, Cash 635 USD, Fees 5 USD (AAPL)',
      '#14 2024-01-20 transfer in: Depot 5 VTI',
      '#15 2024-03-20 transfer: Depot -2 VTI, Depot 2 2 VTI',
    ]);
    expect(plan.accounts.map((a) => `${a.name}: ${a.type} ${a.currency}`)).toEqual([
      'Cash: bank account USD',
      'Depot: investment account USD',
      'Depot 2: investment account USD',
      'Dividends: income account USD',
      'Fees: expense account USD',
      'Interest: income account USD',
      'Savings: bank account USD',
      'Taxes: expense account USD',
    ]);
  });

  it('reads security prices scaled by 10^8, and reports what it does not carry by transaction', () => {
    expect(plan.instruments.map((i) => `${i.ticker} ${i.type} ${i.currency}`)).toEqual([
      'USD currency USD',
      'AAPL stock USD',
      'VTI stock USD',
    ]);
    expect(unpackPrices(plan.prices).map((p) => `${p.ticker} ${p.date} ${p.close}`)).toEqual([
      'AAPL 2024-01-31 155',
      'AAPL 2024-02-29 162',
      'AAPL 2024-03-28 170',
      'VTI 2024-01-31 230',
      'VTI 2024-02-29 240',
      'VTI 2024-03-28 250',
    ]);
    expect(plan.refused).toEqual([
      { line: 10, message: 'Cash: INTEREST_CHARGE: account transactions of this type are not carried' },
    ]);
    expect(plan.ignored).toEqual([
      {
        line: -1,
        message:
          'Security VTI: its 1 event(s) (stock splits, dividend notes) are not carried; PP has already applied a split to the shares and prices',
      },
      { line: 13, message: 'Depot: SELL: its tax of 2 USD is carried with the fees' },
    ]);
  });

  it('resolves XStream back-references to the element they name', () => {
    const root = readXmlTree(FILE) as TXmlNode;
    const all: TXmlNode[] = [];
    const walk = (node: TXmlNode) => {
      all.push(node);
      node.children.forEach(walk);
    };
    walk(root);
    const references = all.filter((node) => node.attributes.reference !== undefined);
    expect(references.length).toBe(30);
    expect(references.filter((node) => deref(node) === null)).toEqual([]);
    // The second portfolio is written inside the transfer that first met it; the list names it by path.
    const listed = root.children.find((c) => c.tag === 'portfolios')?.children[1];
    expect(deref(listed)?.children.find((c) => c.tag === 'name')?.text).toBe('Depot 2');
    const broken = readXmlTree('<client><a><b reference="../../c[3]"/></a></client>') as TXmlNode;
    expect(deref(broken.children[0]?.children[0])).toBeNull();
  });

  it('refuses an encrypted, binary or foreign file whole, with the reason', () => {
    expect(parseSource('PORTFOLIO\u0000\u0001binary', 'portfolio_performance').refused).toEqual([
      {
        line: -1,
        message:
          'The file is encrypted with a password: save it in Portfolio Performance as XML without a password',
      },
    ]);
    expect(parseSource('PPPBV1\u0000', 'portfolio_performance').refused).toEqual([
      { line: -1, message: "The file is in Portfolio Performance's binary format: save it as XML" },
    ]);
    // Shares ×10^6 and quotes ×10^4 before file version 49: read at ×10^8 they would be 100 and 10^4 times off.
    expect(parseSource('<client><version>48</version></client>', 'portfolio_performance').refused).toEqual([
      {
        line: -1,
        message:
          "The file is of Portfolio Performance's file version 48: open and save it in a current Portfolio Performance (version 49 or later) first",
      },
    ]);
    for (const text of ['{"activities":[]}', '<xml><client/></xml>', '<client'])
      expect(parseSource(text, 'portfolio_performance').refused).toEqual([
        { line: -1, message: 'The file has no <client> element: it is not a Portfolio Performance XML file' },
      ]);
  });

  it('refuses transactions it cannot read or carry, by number and reason', () => {
    const tx = (date: string, currency: string, amount: string, type: string, extra = '') =>
      `<account-transaction><date>${date}</date><currencyCode>${currency}</currencyCode><amount>${amount}</amount>${extra}<type>${type}</type></account-transaction>`;
    const file = cashFile(
      [
        tx('2024-02-30T00:00', 'USD', '100', 'DEPOSIT'),
        tx('2024-02-01T00:00', 'XX', '100', 'DEPOSIT'),
        tx('2024-02-01T00:00', 'USD', '1.5', 'DEPOSIT'),
        tx('2024-02-01T00:00', 'USD', '100', 'BUY'),
        tx('2024-02-01T00:00', 'USD', '100', 'TRANSFER_OUT'),
        tx('2024-02-01T00:00', 'USD', '100', 'FEES_REFUND'),
        tx(
          '2024-02-01T00:00',
          'USD',
          '100',
          'DIVIDENDS',
          '<units><unit type="TAX"><amount currency="EUR" amount="10"/></unit></units>',
        ),
        tx('2024-02-01T00:00', 'USD', '12345', 'DEPOSIT'),
      ].join(''),
    );
    const journal = parseSource(file, 'portfolio_performance');
    expect(journal.refused).toEqual([
      { line: 1, message: 'Cash: DEPOSIT: the date "2024-02-30T00:00" is not a date' },
      { line: 2, message: 'Cash: DEPOSIT: "XX" is not a currency' },
      { line: 3, message: 'Cash: DEPOSIT: the amount is not a positive number' },
      { line: 4, message: 'Cash: BUY: a BUY without its portfolio transaction is not carried' },
      { line: 5, message: 'Cash: TRANSFER_OUT: a transfer without its other account is not carried' },
      { line: 6, message: 'Cash: FEES_REFUND: account transactions of this type are not carried' },
      { line: 7, message: 'Cash: DIVIDENDS: charges in another currency are not carried' },
    ]);
    expect(shapeOf(mapJournal(journal, { currency: 'USD' }))).toEqual([
      '#8 2024-02-01 deposit: Cash 123.45 USD',
    ]);
  });

  it('carries a trade from an account in another currency: cash in its currency, shares at their own prices', () => {
    // A EUR account buys 10 AAPL (quoted in USD): PP's amount 1370.00 EUR is the 1365.00 EUR gross value
    // (its GROSS_VALUE unit: 1500 USD at 0.91) and a 5.00 EUR fee.
    const xml = `<client><version>66</version><securities><security><name>Apple</name><currencyCode>USD</currencyCode>
      <tickerSymbol>AAPL</tickerSymbol><prices><price t="2024-01-31" v="15500000000"/></prices></security></securities>
      <accounts><account><name>Konto</name><currencyCode>EUR</currencyCode><transactions><account-transaction>
      <date>2024-01-10T00:00</date><currencyCode>EUR</currencyCode><amount>137000</amount>
      <security reference="../../../../../securities/security"/><crossEntry class="buysell"><portfolio><name>Depot</name>
      <transactions><portfolio-transaction><date>2024-01-10T00:00</date><currencyCode>EUR</currencyCode>
      <amount>137000</amount><security reference="../../../../../../../../../securities/security"/>
      <crossEntry class="buysell" reference="../../../.."/><shares>1000000000</shares><units>
      <unit type="GROSS_VALUE"><amount currency="EUR" amount="136500"/><forex currency="USD" amount="150000"/>
      <exchangeRate>0.91</exchangeRate></unit><unit type="FEE"><amount currency="EUR" amount="500"/></unit></units>
      <type>BUY</type></portfolio-transaction></transactions></portfolio>
      <portfolioTransaction reference="../portfolio/transactions/portfolio-transaction"/><account reference="../../../.."/>
      <accountTransaction reference="../.."/></crossEntry><shares>0</shares><type>BUY</type></account-transaction>
      </transactions></account></accounts>
      <portfolios><portfolio reference="../../accounts/account/transactions/account-transaction/crossEntry/portfolio"/>
      </portfolios></client>`;
    const forex = mapJournal(parseSource(xml, 'portfolio_performance'), { currency: 'EUR' });
    expect(shapeOf(forex)).toEqual(['#2 2024-01-10 buy: Depot 10 AAPL, Konto -1370 EUR, Fees 5 EUR (AAPL)']);
    expect(forex.instruments.map((i) => `${i.ticker} ${i.type} ${i.currency}`)).toEqual([
      'EUR currency EUR',
      'USD currency EUR',
      'AAPL stock USD',
    ]);
    expect(forex.refused).toEqual([]);
  });

  it.each([
    ['Depot.xml', '<?xml version="1.0"?>', 'portfolio_performance'],
    ['export', '<?xml version="1.0" encoding="UTF-8"?>\n<client>\n  <version>66', 'portfolio_performance'],
    ['kontodepot', '<client>', 'portfolio_performance'],
    ['kontodepot.portfolio', 'PORTFOLIO\u0000', 'portfolio_performance'],
    ['books.journal', '2024-01-01 Opening', 'ledger'],
  ])('guesses %s (starting %j) as %s', (name, head, format) => {
    expect(guessFormat(name, head)).toBe(format);
  });
});
