/**
 * EODHD answers written from its API reference (Search API and End-of-Day Historical Data API, 2025):
 * search rows carry Code, Exchange, Name, Type, Country, Currency, ISIN; end-of-day rows date, open, high,
 * low, close, adjusted_close, volume.
 */

export const AAPL_SEARCH_ROWS = [
  {
    Code: 'AAPL',
    Exchange: 'US',
    Name: 'Apple Inc',
    Type: 'Common Stock',
    Country: 'USA',
    Currency: 'USD',
    ISIN: 'US0378331005',
    previousClose: 181.18,
    previousCloseDate: '2024-01-05',
  },
  {
    Code: 'AAPL',
    Exchange: 'MX',
    Name: 'Apple Inc',
    Type: 'Common Stock',
    Country: 'Mexico',
    Currency: 'MXN',
    ISIN: 'US0378331005',
    previousClose: 3080,
    previousCloseDate: '2024-01-05',
  },
];

export const VOD_SEARCH_ROWS = [
  {
    Code: 'VOD',
    Exchange: 'LSE',
    Name: 'Vodafone Group PLC',
    Type: 'Common Stock',
    Country: 'UK',
    Currency: 'GBX',
    ISIN: 'GB00BH4HKS39',
    previousClose: 68.86,
    previousCloseDate: '2024-01-02',
  },
];

export function eodRow(date: string, close: number, adjusted: number) {
  return { date, open: close, high: close, low: close, close, adjusted_close: adjusted, volume: 1000 };
}
