import { describe, expect, it } from 'vitest';
import { bytesLines, readJournalInWorker } from './journal-read.ts';
import { priceChunks } from './packed-prices.ts';
import { unpackTransactions } from './packed-transactions.ts';

const descriptions = (read: Awaited<ReturnType<typeof readJournalInWorker>>) =>
  [...unpackTransactions(read.transactions)].map((planned) => planned.transaction.description);

const JOURNAL = `P 2024-01-31 AAPL 184.40 USD
P 2024-02-29 AAPL 180.75 USD

2024-01-05 * Buy Apple
    Assets:Broker:US         10 AAPL @ 181.18 USD
    Assets:Bank:Checking    -1811.80 USD
`;

describe('reading a journal in the worker thread', () => {
  it('reads a file’s bytes as its text, and moves them there rather than copying them', async () => {
    const bytes = new Uint8Array(Buffer.from(JOURNAL, 'utf8'));
    expect(bytes.byteLength).toBe(173);
    const read = await readJournalInWorker({ text: bytes, format: 'ledger', currency: 'USD' });
    // Moved: this thread's view of them is empty now.
    expect(bytes.byteLength).toBe(0);
    expect(read.plan.instruments.map((instrument) => instrument.ticker)).toEqual(['USD', 'AAPL']);
    expect(descriptions(read)).toEqual(['Buy Apple']);
    expect([...priceChunks(read.prices, 10)]).toEqual([
      { tickers: ['AAPL', 'AAPL'], dates: ['2024-01-31', '2024-02-29'], closes: ['184.40', '180.75'] },
    ]);
  });

  it('copies bytes that share their memory (a small Buffer from the pool), leaving them whole', async () => {
    const pooled = Buffer.from(JOURNAL, 'utf8');
    const read = await readJournalInWorker({ text: pooled, format: 'ledger', currency: 'USD' });
    expect(pooled.toString('utf8')).toBe(JOURNAL);
    expect(read.transactions.count).toBe(1);
  });

  it('reads the bytes line by line as the text would be (byte order mark, CRLF, UTF-8), prices packed', async () => {
    const text = '\uFEFFP 2024-01-31 AAPL 184.40 USD\r\nP 2024-02-30 AAPL 1 USD\r\n\r\n2024-01-05 * Café\r\n';
    expect([...bytesLines(Buffer.from(text, 'utf8'))]).toEqual([
      'P 2024-01-31 AAPL 184.40 USD',
      'P 2024-02-30 AAPL 1 USD',
      '',
      '2024-01-05 * Café',
      '',
    ]);
    const read = await readJournalInWorker({
      text: new Uint8Array(Buffer.from(`${text}    Assets:Bank  5 USD\r\n    Equity:Opening\r\n`, 'utf8')),
      format: 'ledger',
      currency: 'USD',
    });
    expect(read.plan.refused).toEqual([{ line: 2, message: 'Not a real date' }]);
    expect(descriptions(read)).toEqual(['Café']);
    expect([...priceChunks(read.prices, 10)]).toEqual([
      { tickers: ['AAPL'], dates: ['2024-01-31'], closes: ['184.40'] },
    ]);
  });
});
