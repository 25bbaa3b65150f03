import { afterEach, describe, expect, it } from 'vitest';
import { EUROFXREF_HIST } from '../testing/ecb-answers.ts';
import { startLoopbackProvider, type TLoopbackProvider } from '../testing/loopback-provider.ts';
import { createEcbFxProvider } from './ecb-fx-provider.ts';

// Against a loopback server serving the ECB's eurofxref XML files (testing/ecb-answers.ts).

let server: TLoopbackProvider | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('ECB reference rates', () => {
  it('gives each asked currency its rates per euro, oldest first, holidays absent', async () => {
    server = await startLoopbackProvider(() => ({
      headers: { 'content-type': 'text/xml' },
      body: EUROFXREF_HIST,
    }));
    const ecb = createEcbFxProvider({ baseUrl: server.baseUrl, today: () => '2024-12-31' });
    const rates = await ecb.dailyRates(['USD', 'GBP', 'EUR'], '2024-01-03');
    expect(Object.fromEntries(rates)).toEqual({
      USD: [
        { date: '2024-01-04', per_eur: '1.0953' },
        { date: '2024-01-05', per_eur: '1.0921' },
        { date: '2024-01-08', per_eur: '1.0946' },
      ],
      GBP: [
        { date: '2024-01-04', per_eur: '0.86328' },
        { date: '2024-01-05', per_eur: '0.86058' },
        { date: '2024-01-08', per_eur: '0.85950' },
      ],
    });
    // From a year back the whole history is needed, not the 90-day file.
    expect(server.requests).toEqual(['/stats/eurofxref/eurofxref-hist.xml']);
  });

  it('reads the 90-day file when that covers the start', async () => {
    server = await startLoopbackProvider(() => ({ body: EUROFXREF_HIST }));
    const ecb = createEcbFxProvider({ baseUrl: server.baseUrl, today: () => '2024-01-10' });
    const rates = await ecb.dailyRates(['JPY'], '2024-01-05');
    expect(rates.get('JPY')).toEqual([
      { date: '2024-01-05', per_eur: '158.48' },
      { date: '2024-01-08', per_eur: '158.17' },
    ]);
    expect(server.requests).toEqual(['/stats/eurofxref/eurofxref-hist-90d.xml']);
  });

  it('refuses a file that is not a eurofxref file', async () => {
    server = await startLoopbackProvider(() => ({
      body: EUROFXREF_HIST.replace('rate="1.0921"', 'rate="n/a"'),
    }));
    const ecb = createEcbFxProvider({ baseUrl: server.baseUrl, today: () => '2024-12-31' });
    await expect(ecb.dailyRates(['USD'], '2024-01-01')).rejects.toMatchObject({
      kind: 'malformed',
      message: 'ECB reference rates sent a file Strata cannot read',
    });
  });

  it('refuses an HTML error page', async () => {
    server = await startLoopbackProvider(() => ({ body: '<html><body>Maintenance</body></html>' }));
    const ecb = createEcbFxProvider({ baseUrl: server.baseUrl, today: () => '2024-12-31' });
    await expect(ecb.dailyRates(['USD'], '2024-01-01')).rejects.toMatchObject({ kind: 'malformed' });
  });
});
