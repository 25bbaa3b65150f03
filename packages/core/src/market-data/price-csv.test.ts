import { describe, expect, it } from 'vitest';
import { planPriceCsv, type TPriceCsvAsset } from './price-csv.ts';

const APPLE: TPriceCsvAsset = { id: 'a1', name: 'Apple', ticker: 'AAPL', currency: 'USD' };
const VODAFONE: TPriceCsvAsset = { id: 'v1', name: 'Vodafone Group', ticker: 'VOD', currency: 'GBP' };
const HOUSE: TPriceCsvAsset = { id: 'h1', name: 'Flat in Leeds', ticker: null, currency: 'GBP' };
const ASSETS = [APPLE, VODAFONE, HOUSE];

describe('price CSV plan', () => {
  it('matches rows by ticker or name, in any case, and divides pence into pounds', () => {
    const text = [
      'Date,Ticker,Close,Currency',
      '2024-01-02,aapl,185.64,USD',
      '2024-01-02,VOD,68.86,GBp',
      '2024-01-03,"flat in leeds","250,000.00"',
      '2024-01-03,Flat in Leeds,250000',
    ].join('\n');
    expect(planPriceCsv(text, ASSETS)).toEqual({
      prices: [
        { line: 2, asset_id: 'a1', date: '2024-01-02', close: '185.64' },
        { line: 3, asset_id: 'v1', date: '2024-01-02', close: '0.6886' },
        { line: 5, asset_id: 'h1', date: '2024-01-03', close: '250000' },
      ],
      problems: [{ line: 4, field: 'close', message: 'Must be numeric' }],
    });
  });

  it("lists every row's problems with the seed's messages", () => {
    const text = [
      'date,asset,price,currency',
      '2024-02-30,AAPL,1,',
      ',AAPL,abc,',
      '2024-01-02,MSFT,1,',
      '2024-01-02,VOD,1,USD',
      '2024-01-04,AAPL,1,',
      '2024-01-04,Apple,2,',
    ].join('\r\n');
    expect(planPriceCsv(text, ASSETS).problems).toEqual([
      { line: 2, field: 'date', message: 'Please enter a valid date' },
      { line: 3, field: 'date', message: 'Field is required' },
      { line: 3, field: 'close', message: 'Must be numeric' },
      { line: 4, field: 'ticker', message: "No asset has the ticker or name 'MSFT'" },
      { line: 5, field: 'currency', message: 'The price is in USD but the asset is in GBP' },
      { line: 7, field: 'date', message: 'The same asset and day as line 6' },
    ]);
  });

  it("needs no ticker column when loaded from one asset's prices, and refuses another asset's rows", () => {
    expect(planPriceCsv('date,close\n2024-01-02,1.5\n', ASSETS, APPLE)).toEqual({
      prices: [{ line: 2, asset_id: 'a1', date: '2024-01-02', close: '1.5' }],
      problems: [],
    });
    expect(planPriceCsv('date,ticker,close\n2024-01-02,VOD,1\n', ASSETS, APPLE).problems).toEqual([
      { line: 2, field: 'ticker', message: "No asset has the ticker or name 'VOD'" },
    ]);
  });

  it('refuses a ticker or name more than one asset answers to, rather than pick one', () => {
    // Tickers are unique per type only: an ETF and a stock may both be 'SPY'; an account's ticker is its name.
    const spyEtf: TPriceCsvAsset = { id: 's1', name: 'SPDR S&P 500', ticker: 'SPY', currency: 'USD' };
    const spyStock: TPriceCsvAsset = { id: 's2', name: 'Spy Inc.', ticker: 'spy', currency: 'USD' };
    const appleAccount: TPriceCsvAsset = { id: 'b1', name: 'Apple', ticker: 'Apple', currency: 'USD' };
    const assets = [...ASSETS, spyEtf, spyStock];
    const text = 'date,ticker,close\n2024-01-02,SPY,470\n2024-01-02,Spy Inc.,1\n2024-01-02,apple,2\n';
    expect(planPriceCsv(text, [...assets, appleAccount])).toEqual({
      prices: [{ line: 3, asset_id: 's2', date: '2024-01-02', close: '1' }],
      problems: [
        { line: 2, field: 'ticker', message: "More than one asset has the ticker or name 'SPY'" },
        { line: 4, field: 'ticker', message: "More than one asset has the ticker or name 'apple'" },
      ],
    });
    // From one asset's prices, the rows are that asset's whichever others share its ticker.
    expect(planPriceCsv('date,ticker,close\n2024-01-02,SPY,470\n', assets, spyEtf)).toEqual({
      prices: [{ line: 2, asset_id: 's1', date: '2024-01-02', close: '470' }],
      problems: [],
    });
  });

  it('asks for a header naming the columns, and for prices', () => {
    expect(planPriceCsv('2024-01-02,AAPL,1\n', ASSETS).problems).toEqual([
      {
        line: 1,
        field: 'file',
        message:
          'The first line must name the columns: date, close, and ticker or asset (currency is optional)',
      },
    ]);
    expect(planPriceCsv('date,ticker,close\n\n', ASSETS).problems).toEqual([
      { line: 1, field: 'file', message: 'The file has no prices' },
    ]);
  });
});
