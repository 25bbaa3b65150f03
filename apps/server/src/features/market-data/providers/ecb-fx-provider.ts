import { XMLParser } from 'fast-xml-parser';
import { MarketDataError, type TFxProvider, type TFxRate } from './market-data-provider.ts';
import { providerGet } from './provider-http.ts';

/**
 * The ECB's euro foreign exchange reference rates (no key), as published at
 * /stats/eurofxref/eurofxref-hist-90d.xml (the last 90 days) and eurofxref-hist.xml (since 1999): a
 * gesmes:Envelope whose Cube holds one Cube per day (`time`) with one Cube per currency (`currency`,
 * `rate` = units per euro). Days without a fixing (TARGET holidays, weekends) are simply absent.
 */

const PROVIDER = 'ECB reference rates';
const RECENT_DAYS = 90;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Rates stay text: they are stored as numeric, never through a float.
  parseAttributeValue: false,
  removeNSPrefix: true,
  isArray: (name) => name === 'Cube',
});

interface TCubeNode {
  time?: string;
  currency?: string;
  rate?: string;
  Cube?: TCubeNode[];
}

function malformed(cause?: unknown): MarketDataError {
  return new MarketDataError('malformed', `${PROVIDER} sent a file Strata cannot read`, { cause });
}

/** Day → currency → rate of an ECB eurofxref file; throws on anything not shaped like one. */
export function readEurofxref(xml: string): Array<{ date: string; rates: Map<string, string> }> {
  let document: { Envelope?: { Cube?: TCubeNode[] } };
  try {
    document = parser.parse(xml, true) as typeof document;
  } catch (error) {
    throw malformed(error);
  }
  const outer = document.Envelope?.Cube?.[0];
  if (!outer) throw malformed();
  const days: Array<{ date: string; rates: Map<string, string> }> = [];
  for (const day of outer.Cube ?? []) {
    if (!day.time || !/^\d{4}-\d{2}-\d{2}$/.test(day.time)) throw malformed();
    const rates = new Map<string, string>();
    for (const rate of day.Cube ?? []) {
      if (!rate.currency || !rate.rate || !/^\d+(\.\d+)?$/.test(rate.rate)) throw malformed();
      rates.set(rate.currency, rate.rate);
    }
    days.push({ date: day.time, rates });
  }
  return days;
}

export function createEcbFxProvider(options: { baseUrl: string; today?: () => string }): TFxProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const today = options.today ?? (() => new Date().toISOString().slice(0, 10));
  return {
    id: 'ecb',
    async dailyRates(currencies, from) {
      const ageDays = (Date.parse(today()) - Date.parse(from)) / 86_400_000;
      const file = ageDays < RECENT_DAYS - 5 ? 'eurofxref-hist-90d.xml' : 'eurofxref-hist.xml';
      const xml = await providerGet(new URL(`${base}/stats/eurofxref/${file}`), {
        provider: PROVIDER,
        accept: 'application/xml',
      });
      const wanted = new Set(currencies.filter((code) => code !== 'EUR'));
      const byCurrency = new Map<string, TFxRate[]>([...wanted].map((code) => [code, []]));
      // The file lists the newest day first; answers go oldest first.
      for (const day of readEurofxref(xml).reverse()) {
        if (day.date < from) continue;
        for (const code of wanted) {
          const rate = day.rates.get(code);
          if (rate) byCurrency.get(code)?.push({ date: day.date, per_eur: rate });
        }
      }
      return byCurrency;
    },
  };
}
