// The statement parsers against the issue-21 budget (a 100,000-transaction OFX import under 10 s end to end,
// bounded memory), and against baselines on the same rows in the same run:
//
//   node --expose-gc bench/statements-parse.ts [--transactions 100000]
//
// The files are generated first (not timed); each case then runs in a child process of its own that reads
// its file and times the parse, so the peak RSS is the parse's own. Baselines: JSON.parse of the same transactions as JSON, and papaparse of the same
// rows as CSV (the floor a CSV import stands on). The de-duplication matcher is timed on the worst import
// it meets: the same 100k statement imported a second time, with and without FITIDs. Prints markdown.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Papa from 'papaparse';
import { parseCsv } from '../packages/core/src/statements/csv.ts';
import { matchDuplicates } from '../packages/core/src/statements/dedup.ts';
import type { TStatementResult } from '../packages/core/src/statements/model.ts';
import { parseOfx } from '../packages/core/src/statements/ofx.ts';
import { parseQif } from '../packages/core/src/statements/qif.ts';
import {
  type TWritableStatement,
  writeCsv,
  writeOfxSgml,
  writeOfxXml,
  writeQif,
} from '../packages/core/src/statements/testing/writers.ts';
import { bankStatement } from './linked-data/statement-files.ts';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '100000' },
    case: { type: 'string' },
    directory: { type: 'string' },
  },
});
const COUNT = Number(values.transactions);
const CASES = [
  'ofx-sgml',
  'ofx-sgml-one-line',
  'ofx-xml',
  'qif',
  'csv-profile',
  'baseline-json-parse',
  'baseline-papaparse',
  'dedup-fitid',
  'dedup-fuzzy',
] as const;
type TCase = (typeof CASES)[number];

function mustParse(result: TStatementResult): number {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.file.statements.reduce((total, item) => total + item.transactions.length, 0);
}

const CSV_PROFILE = {
  encoding: 'utf-8',
  headerRows: 1,
  dateFormat: 'YYYY-MM-DD',
  decimalSeparator: '.' as const,
  thousandsSeparator: '',
  columns: {
    date: 'Date',
    amount: 'Amount',
    payee: 'Payee',
    memo: 'Memo',
    fitId: 'Id',
    checkNumber: 'Check',
  },
};

/** The file each case reads; written by the parent so a child's peak RSS is its parse, not the generation. */
function writeInputs(directory: string): void {
  const written = bankStatement(COUNT);
  const files: Record<string, string> = {
    'ofx-sgml': writeOfxSgml([written], { separators: ['\n'], closeLeaves: [false] }),
    'ofx-sgml-one-line': writeOfxSgml([written], { separators: [''], closeLeaves: [false, true] }),
    'ofx-xml': writeOfxXml([written], false),
    qif: writeQif(written),
    'csv-profile': writeCsv(written),
    'baseline-json-parse': JSON.stringify(written.transactions),
    'baseline-papaparse': writeCsv(written),
    'dedup-fitid': JSON.stringify(written.transactions),
    'dedup-fuzzy': JSON.stringify(written.transactions),
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(directory, name), text);
}

function runCase(name: TCase, directory: string): void {
  const bytes = new Uint8Array(readFileSync(join(directory, name)));
  let run: () => number;
  switch (name) {
    case 'ofx-sgml':
    case 'ofx-sgml-one-line':
    case 'ofx-xml':
      run = () => mustParse(parseOfx(bytes));
      break;
    case 'qif':
      run = () => mustParse(parseQif(bytes));
      break;
    case 'csv-profile':
      run = () => mustParse(parseCsv(bytes, CSV_PROFILE));
      break;
    case 'baseline-json-parse':
      run = () => (JSON.parse(new TextDecoder().decode(bytes)) as unknown[]).length;
      break;
    case 'baseline-papaparse':
      run = () =>
        Papa.parse<string[]>(new TextDecoder().decode(bytes), { skipEmptyLines: 'greedy' }).data.length - 1;
      break;
    case 'dedup-fitid':
    case 'dedup-fuzzy': {
      const transactions = JSON.parse(new TextDecoder().decode(bytes)) as TWritableStatement['transactions'];
      const rows = transactions.map((item) => ({
        fitId: name === 'dedup-fitid' ? item.fitId : null,
        date: item.date,
        amount: item.amount,
        payee: item.payee,
      }));
      const existing = rows.map((item, index) => ({ id: `t${index}`, ...item }));
      run = () => {
        const result = matchDuplicates(existing, rows);
        if (result.added.length !== 0)
          throw new Error(`${result.added.length} re-imported rows were not matched`);
        return result.duplicates.length;
      };
      break;
    }
  }
  globalThis.gc?.();
  const rssBefore = process.memoryUsage.rss();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const rows = run();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const peakRss = process.resourceUsage().maxRSS * 1024;
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(JSON.stringify({ name, rows, bytes: bytes.length, seconds, cpuSeconds, rssBefore, peakRss }));
}

if (values.case !== undefined) {
  runCase(values.case as TCase, values.directory!);
} else {
  const directory = mkdtempSync(join(tmpdir(), 'statements-bench-'));
  writeInputs(directory);
  const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0);
  console.log(
    `Statement parsing, ${COUNT.toLocaleString('en')} transactions, one process per case (Node ${process.version})\n`,
  );
  console.log('| case | rows | input MB | wall s | CPU s | RSS before MB | peak RSS MB |');
  console.log('|---|---|---|---|---|---|---|');
  for (const name of CASES) {
    const child = spawnSync(
      process.execPath,
      ['--expose-gc', process.argv[1]!, '--case', name, '--directory', directory],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
    );
    if (child.status !== 0) {
      console.log(`| ${name} | failed: ${child.stderr.trim().split('\n').at(-1)} | | | | | |`);
      continue;
    }
    const line = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as {
      rows: number;
      bytes: number;
      seconds: number;
      cpuSeconds: number;
      rssBefore: number;
      peakRss: number;
    };
    console.log(
      `| ${name} | ${line.rows} | ${mb(line.bytes)} | ${line.seconds.toFixed(2)} | ${line.cpuSeconds.toFixed(2)} | ${mb(line.rssBefore)} | ${mb(line.peakRss)} |`,
    );
  }
  rmSync(directory, { recursive: true, force: true });
}
