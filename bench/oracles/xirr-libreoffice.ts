// Oracle for the XIRR solver: LibreOffice Calc's own XIRR on ~30 cash-flow series.
//
//   npx node bench/oracles/xirr-libreoffice.ts
//
// Needs `soffice` (Debian: apt-get install -y libreoffice-calc-nogui). Writes the series into a flat
// ODS spreadsheet (.fods) with one =XIRR(values; dates) formula per series, has LibreOffice recalculate
// it headless while converting to CSV, reads the results back and writes
// packages/core/src/analytics/irr/fixtures/xirr-libreoffice.json: every series with LibreOffice's rate
// or its error text (Err:502, Err:523, …) and the soffice version. That fixture is LibreOffice's output,
// committed so CI needs no LibreOffice; xirr.libreoffice.test.ts compares our solver with it.
// The series come from a seeded generator, so reruns give the same fixture for the same LibreOffice.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays } from '../../packages/core/src/dates/epoch-day.ts';

type Flow = { date: string; amount: number };
type Series = {
  id: string;
  description: string;
  /** Set by construction when the flows have more than one IRR; LibreOffice returns one of them. */
  hasSeveralRates?: true;
  flows: Flow[];
};
type OracleAnswer = { kind: 'rate'; rate: number } | { kind: 'error'; error: string };

const FIXTURE = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../packages/core/src/analytics/irr/fixtures/xirr-libreoffice.json',
);
const SEED = 20_240_607;

/** mulberry32: a tiny seeded generator, so the series are the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** Contributions on the given day offsets, then the end value that makes `rate` their IRR (to the cent). */
function builtFromRate(
  rate: number,
  start: string,
  contributions: { day: number; amount: number }[],
  endDay: number,
): Flow[] {
  const endValue = contributions.reduce(
    (sum, c) => sum + c.amount * (1 + rate) ** ((endDay - c.day) / 365),
    0,
  );
  return [
    ...contributions.map((c) => ({ date: addDays(start, c.day), amount: -c.amount })),
    { date: addDays(start, endDay), amount: cents(endValue) },
  ];
}

const pairs = (start: string, items: [number, number][]): Flow[] =>
  items.map(([day, amount]) => ({ date: addDays(start, day), amount }));

function handPickedSeries(): Series[] {
  const monthly = (months: number, amount: (m: number) => number) =>
    Array.from({ length: months }, (_, m) => ({ day: Math.round((m * 365.25) / 12), amount: amount(m) }));
  return [
    {
      id: 'two-flows-10pct',
      description: 'one year, 10%',
      flows: pairs('2021-03-01', [
        [0, -1000],
        [365, 1100],
      ]),
    },
    {
      id: 'monthly-10pct-10y',
      description: '120 monthly contributions built at 10%',
      flows: builtFromRate(
        0.1,
        '2010-01-01',
        monthly(120, (m) => 100 + ((m * 37) % 250)),
        3665,
      ),
    },
    {
      id: 'long-horizon-60y',
      description: 'annual contributions for 40 years, value after 60 years, 7%',
      flows: builtFromRate(
        0.07,
        '1965-01-01',
        Array.from({ length: 40 }, (_, y) => ({ day: Math.round(y * 365.25), amount: 1000 + 50 * y })),
        Math.round(60 * 365.25),
      ),
    },
    {
      id: 'large-rate-300pct',
      description: 'quadrupled in a year',
      flows: pairs('2020-06-01', [
        [0, -250],
        [100, -250],
        [365, 1800],
      ]),
    },
    {
      id: 'huge-rate-short-span',
      description: '+50% in 10 days (about 2.7e6 per year)',
      flows: pairs('2022-01-10', [
        [0, -100],
        [10, 150],
      ]),
    },
    {
      id: 'tiny-rate',
      description: '1e-6 per year on a million',
      flows: pairs('2019-01-01', [
        [0, -1_000_000],
        [365, 1_000_001],
      ]),
    },
    {
      id: 'zero-rate',
      description: 'money back unchanged',
      flows: pairs('2018-05-05', [
        [0, -500],
        [200, -500],
        [900, 1000],
      ]),
    },
    {
      id: 'negative-rate-30pct',
      description: 'lost 30% a year for 3 years',
      flows: builtFromRate(-0.3, '2015-01-01', [{ day: 0, amount: 10_000 }], 1096),
    },
    {
      id: 'near-minus-100pct',
      description: 'invest 1,000,000, get 1 back after two years (cf. Portfolio Performance #1904)',
      flows: pairs('2019-01-01', [
        [0, -1_000_000],
        [731, 1],
      ]),
    },
    {
      id: 'near-minus-100pct-contributions',
      description: 'three contributions, almost all lost',
      flows: pairs('2016-01-01', [
        [0, -50_000],
        [180, -25_000],
        [400, -25_000],
        [1200, 35],
      ]),
    },
    {
      id: 'many-flows-weekly',
      description: '400 weekly contributions of varying size, 5.5%',
      flows: builtFromRate(
        0.055,
        '2012-01-02',
        Array.from({ length: 400 }, (_, w) => ({ day: 7 * w, amount: 50 + ((w * 53) % 400) })),
        7 * 400 + 30,
      ),
    },
    {
      id: 'same-day-flows',
      description: 'a deposit and a withdrawal on the same day, and split end values',
      flows: pairs('2020-01-01', [
        [0, -1000],
        [0, -500],
        [180, -300],
        [180, 120],
        [730, 1200],
        [730, 800],
      ]),
    },
    {
      id: 'unsorted-dates',
      description: 'flows not in date order (the first listed is not the earliest)',
      flows: pairs('2020-01-01', [
        [400, 300],
        [0, -1000],
        [800, 900],
        [100, -100],
      ]),
    },
    {
      id: 'interim-withdrawals',
      description: 'contributions, withdrawals and an end value',
      flows: pairs('2017-02-01', [
        [0, -10_000],
        [120, -2000],
        [300, 1500],
        [500, -3000],
        [700, 2500],
        [1100, 13_000],
      ]),
    },
    {
      id: 'loan',
      description: 'money received first, paid back later (6%)',
      flows: builtFromRate(0.06, '2020-01-01', [{ day: 0, amount: -20_000 }], 730),
    },
    {
      id: 'no-sign-change',
      description: 'only contributions',
      flows: pairs('2021-01-01', [
        [0, -100],
        [30, -200],
      ]),
    },
    {
      id: 'two-rates-10-and-20pct',
      description: '−100, +230, −132 a year apart: NPV is zero at 10% and at 20%',
      hasSeveralRates: true,
      flows: pairs('2021-01-01', [
        [0, -100],
        [365, 230],
        [730, -132],
      ]),
    },
    {
      id: 'no-rate',
      description: '+100, −300, +250 a year apart: NPV is positive at every rate',
      flows: pairs('2021-01-01', [
        [0, 100],
        [365, -300],
        [730, 250],
      ]),
    },
  ];
}

function randomSeries(random: () => number, count: number): Series[] {
  const series: Series[] = [];
  for (let i = 0; i < count; i++) {
    const rate = -0.6 + random() * 2.6; // −60% … +200%
    const start = addDays('1990-01-01', Math.floor(random() * 365 * 30));
    const flowCount = 1 + Math.floor(random() * 40);
    const span = 30 + Math.floor(random() * 365 * 25);
    const contributions = Array.from({ length: flowCount }, () => ({
      day: Math.floor(random() * span),
      amount: cents(10 + random() * 20_000),
    }));
    const endDay = span + 1 + Math.floor(random() * 365);
    series.push({
      id: `random-${String(i + 1).padStart(2, '0')}`,
      description: `seeded: ${flowCount} contributions over ${span} days, built at ${(rate * 100).toFixed(4)}%`,
      flows: builtFromRate(rate, start, contributions, endDay),
    });
  }
  return series;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** A flat ODS: per series, column A its id, B the XIRR formula, C:D its dates and amounts on the rows below. */
function toFods(allSeries: Series[]): string {
  const rows: string[] = [];
  let row = 1;
  for (const series of allSeries) {
    const first = row;
    const last = row + series.flows.length - 1;
    series.flows.forEach((flow, i) => {
      const label =
        i === 0
          ? `<table:table-cell office:value-type="string"><text:p>${escapeXml(series.id)}</text:p></table:table-cell>` +
            `<table:table-cell table:formula="of:=XIRR([.D${first}:.D${last}];[.C${first}:.C${last}])"/>`
          : '<table:table-cell table:number-columns-repeated="2"/>';
      rows.push(
        `<table:table-row>${label}` +
          `<table:table-cell office:value-type="date" office:date-value="${flow.date}"/>` +
          `<table:table-cell office:value-type="float" office:value="${flow.amount}"/></table:table-row>`,
      );
      row++;
    });
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
 xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"
 xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
 xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2"
 office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:body><office:spreadsheet><table:table table:name="xirr">
${rows.join('\n')}
</table:table></office:spreadsheet></office:body></office:document>
`;
}

/** Column A (id) and B (result) of every row that starts a series. */
function readResults(csv: string): Map<string, string> {
  const results = new Map<string, string>();
  for (const line of csv.split(/\r?\n/)) {
    const [id, result] = line.split(',');
    if (id && result !== undefined) results.set(id.replace(/^"|"$/g, ''), result.replace(/^"|"$/g, ''));
  }
  return results;
}

function toAnswer(text: string): OracleAnswer {
  const rate = Number(text);
  return text.trim() !== '' && Number.isFinite(rate)
    ? { kind: 'rate', rate }
    : { kind: 'error', error: text };
}

function main(): void {
  const allSeries = [...handPickedSeries(), ...randomSeries(seededRandom(SEED), 14)];
  const version = execFileSync('soffice', ['--version'], { encoding: 'utf8' }).trim();
  const work = mkdtempSync(join(tmpdir(), 'xirr-oracle-'));
  try {
    const sheet = join(work, 'xirr.fods');
    writeFileSync(sheet, toFods(allSeries));
    // A private profile directory so a running LibreOffice or a stale lock cannot interfere.
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${join(work, 'profile')}`,
        '--headless',
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76,1',
        '--outdir',
        work,
        sheet,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'], timeout: 120_000 },
    );
    const results = readResults(readFileSync(join(work, 'xirr.csv'), 'utf8'));
    const fixture = {
      comment:
        "LibreOffice Calc's XIRR for each series, generated by bench/oracles/xirr-libreoffice.ts. Do not edit: rerun the script.",
      libreOffice: version,
      series: allSeries.map((series) => {
        const text = results.get(series.id);
        if (text === undefined) throw new Error(`LibreOffice gave no result for ${series.id}`);
        return { ...series, libreOffice: toAnswer(text) };
      }),
    };
    const rates = fixture.series.filter((s) => s.libreOffice.kind === 'rate').length;
    if (rates < allSeries.length / 2) {
      throw new Error(
        `only ${rates} of ${allSeries.length} series have a number: were the formulas evaluated?`,
      );
    }
    writeFileSync(FIXTURE, `${JSON.stringify(fixture, null, 2)}\n`);
    console.log(`${version}: ${rates} rates, ${allSeries.length - rates} errors -> ${FIXTURE}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
