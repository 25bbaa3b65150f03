// The reader's memory follows what it keeps, not the journal's objects: transactions are mapped as they are
// read and kept as columns, so a journal of 20,000 transactions reads within a heap the objects alone
// would overflow; and a journal past the reader's limit is refused with 413, the server's thread unharmed.
import { describe, expect, it } from 'vitest';
import { JOURNAL_TOO_LARGE, readJournalInWorker } from './journal-read.ts';

/** 20,000 buys, sales, dividends and fees over 40 stocks, with a close per stock on each of 50 days. */
function journalOf(transactions: number): string {
  const lines: string[] = [];
  const day = (index: number) => new Date(Date.UTC(2020, 0, 1 + index)).toISOString().slice(0, 10);
  // Letters only: ledger reads a commodity with digits only when quoted.
  const letter = (code: number) => String.fromCharCode(65 + code);
  const tickers = Array.from({ length: 40 }, (_, i) => `S${letter(i % 26)}${letter(Math.floor(i / 26))}`);
  for (let d = 0; d < 50; d += 1)
    tickers.forEach((ticker, index) => {
      lines.push(`P ${day(d)} ${ticker} ${(10 + index + d / 100).toFixed(2)} USD`);
    });
  lines.push('', '2019-12-31 * Opening', '    Assets:Bank   100000000.00 USD', '    Equity:Opening', '');
  for (let index = 0; index < transactions; index += 1) {
    const date = day(Math.floor((index / transactions) * 50));
    const ticker = tickers[index % tickers.length] as string;
    const price = (10 + (index % 97)).toFixed(2);
    if (index % 4 === 0)
      lines.push(
        `${date} * Buy ${ticker} #${index}`,
        `    Assets:Broker   3 ${ticker} @ ${price} USD`,
        '    Expenses:Fees   1.00 USD',
        `    Assets:Bank   -${(3 * Number(price) + 1).toFixed(2)} USD`,
        '',
      );
    else if (index % 4 === 1)
      lines.push(
        `${date} * Sell ${ticker} #${index}`,
        `    Assets:Broker   -1 ${ticker} @ ${price} USD`,
        `    Assets:Bank   ${price} USD`,
        '',
      );
    else if (index % 4 === 2)
      lines.push(
        `${date} * Dividend ${ticker} #${index}`,
        `    Assets:Bank   ${(index % 50) + 0.25} USD`,
        `    Income:Dividends:${ticker}`,
        '',
      );
    else lines.push(`${date} * Fee #${index}`, '    Expenses:Fees:Custody   2.50 USD', '    Assets:Bank', '');
  }
  return lines.join('\n');
}

describe('the journal reader’s memory', () => {
  const journal = new TextEncoder().encode(journalOf(20_000));

  it('reads 20,000 transactions within a 48 MiB heap', async () => {
    const read = await readJournalInWorker(
      { text: journal.slice(), format: 'ledger', currency: 'USD' },
      { heapLimitMib: 48 },
    );
    expect(read.plan.refused).toEqual([]);
    expect(read.transactions.count).toBe(20_001);
  });

  it('refuses a journal past its heap limit with 413 and says what to do', async () => {
    await expect(
      readJournalInWorker({ text: journal.slice(), format: 'ledger', currency: 'USD' }, { heapLimitMib: 12 }),
    ).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: JOURNAL_TOO_LARGE });
    // The server's thread goes on: the next journal reads.
    const read = await readJournalInWorker({
      text: '2024-01-05 * Opening\n    Assets:Bank  5 USD\n    Equity:Opening\n',
      format: 'ledger',
      currency: 'USD',
    });
    expect(read.transactions.count).toBe(1);
  });
});
