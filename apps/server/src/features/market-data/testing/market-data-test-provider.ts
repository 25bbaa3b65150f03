import { EUROFXREF_HIST } from './ecb-answers.ts';
import { startLoopbackProvider, type TLoopbackProvider } from './loopback-provider.ts';
import { AAPL_SEARCH, chartAnswer, DELISTED_CHART, nyOpen } from './yahoo-answers.ts';

/** AAPL's first week of 2024 as the tests' Yahoo serves it (2024-01-01 a holiday, 2024-01-04 a gap). */
export const AAPL_WEEK = chartAnswer({
  symbol: 'AAPL',
  currency: 'USD',
  timeZone: 'America/New_York',
  timestamps: ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05'].map(nyOpen),
  closes: [185.63999938964844, 184.25, null, 181.17999267578125],
  adjcloses: [184.93820190429688, 183.5532989501953, null, 180.4895477294922],
});

/**
 * One loopback server speaking Yahoo (chart, search) and the ECB (eurofxref files): AAPL answers its week,
 * TWTR is delisted, BROKEN sends series that do not line up.
 */
export function startMarketDataTestProvider(): Promise<TLoopbackProvider> {
  return startLoopbackProvider((url) => {
    if (url.pathname.startsWith('/stats/eurofxref/')) return { body: EUROFXREF_HIST };
    if (url.pathname === '/v1/finance/search') return { body: AAPL_SEARCH };
    const symbol = decodeURIComponent(url.pathname.replace('/v8/finance/chart/', ''));
    if (symbol === 'AAPL') return { body: AAPL_WEEK };
    if (symbol === 'BROKEN') return { body: AAPL_WEEK.replace('"close":[185.63999938964844,', '"close":[') };
    return { status: 404, body: DELISTED_CHART };
  });
}
