/**
 * Yahoo Finance answers, written by hand in the shape of `GET /v8/finance/chart/{symbol}` and
 * `GET /v1/finance/search` (the JSON those endpoints return today; the fields `yahoo-finance2` 4.x
 * validates). Timestamps are the sessions' opening times in UTC, as Yahoo stamps daily bars.
 */

/** Seconds at 14:30 UTC (09:30 New York in winter) of a day. */
export function nyOpen(day: string): number {
  return Date.parse(`${day}T14:30:00Z`) / 1000;
}

/** Seconds at 08:00 UTC (08:00 London in winter) of a day. */
export function londonOpen(day: string): number {
  return Date.parse(`${day}T08:00:00Z`) / 1000;
}

export function chartAnswer(options: {
  symbol: string;
  currency: string;
  timeZone: string;
  instrumentType?: string;
  longName?: string;
  exchangeName?: string;
  timestamps: number[];
  closes: Array<number | null>;
  adjcloses?: Array<number | null>;
  /** Yahoo's events block (events=div,split): dividends and splits keyed by their timestamp. */
  events?: {
    dividends?: Record<string, { amount: number; date: number }>;
    splits?: Record<string, { date: number; numerator: number; denominator: number; splitRatio: string }>;
  };
}): string {
  return JSON.stringify({
    chart: {
      result: [
        {
          meta: {
            currency: options.currency,
            symbol: options.symbol,
            exchangeName: options.exchangeName ?? 'NMS',
            fullExchangeName: options.exchangeName ?? 'NasdaqGS',
            instrumentType: options.instrumentType ?? 'EQUITY',
            firstTradeDate: 345479400,
            regularMarketTime: 1704488400,
            hasPrePostMarketData: true,
            gmtoffset: -18000,
            timezone: 'EST',
            exchangeTimezoneName: options.timeZone,
            regularMarketPrice: 181.18,
            longName: options.longName ?? 'Apple Inc.',
            shortName: 'Apple Inc.',
            dataGranularity: '1d',
            range: '',
            currentTradingPeriod: { regular: { timezone: 'EST', start: 1704465000, end: 1704488400 } },
            validRanges: ['1d', '5d', '1mo'],
          },
          timestamp: options.timestamps,
          events: options.events ?? {},
          indicators: {
            quote: [
              {
                open: options.closes,
                high: options.closes,
                low: options.closes,
                close: options.closes,
                volume: options.closes.map(() => 1000),
              },
            ],
            ...(options.adjcloses ? { adjclose: [{ adjclose: options.adjcloses }] } : {}),
          },
        },
      ],
      error: null,
    },
  });
}

export const DELISTED_CHART = JSON.stringify({
  chart: { result: null, error: { code: 'Not Found', description: 'No data found, symbol may be delisted' } },
});

export const AAPL_SEARCH = JSON.stringify({
  explains: [],
  count: 2,
  quotes: [
    {
      exchange: 'NMS',
      shortname: 'Apple Inc.',
      quoteType: 'EQUITY',
      symbol: 'AAPL',
      index: 'quotes',
      score: 1451900,
      typeDisp: 'Equity',
      longname: 'Apple Inc.',
      exchDisp: 'NASDAQ',
      sector: 'Technology',
      industry: 'Consumer Electronics',
      isYahooFinance: true,
    },
    {
      exchange: 'NEO',
      shortname: 'APPLE CDR (CAD HEDGED)',
      quoteType: 'EQUITY',
      symbol: 'AAPL.NE',
      index: 'quotes',
      score: 20051,
      typeDisp: 'Equity',
      longname: 'Apple Inc.',
      exchDisp: 'NEO',
      isYahooFinance: true,
    },
  ],
  news: [],
  nav: [],
  lists: [],
  researchReports: [],
});
