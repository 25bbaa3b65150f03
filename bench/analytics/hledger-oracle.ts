// Oracle fixture for positions and monthly market values: hledger on a small generated repository.
//
//   npx node bench/analytics/hledger-oracle.ts
//
// Needs `hledger` (Debian: apt-get install -y hledger; the committed fixture was made with the version
// recorded in it). Generates a small repository with the benchmark's generator (seeded, so the same
// every run), writes the engine input and the hledger journal of the same data, and records hledger's
//   hledger bal assets -H -e <end+1> --layout=bare -O csv                 (units per account and commodity)
//   hledger bal assets -M -H --value=end,USD -O csv -b <start> -e <end+1>  (monthly market values)
// into packages/core/src/analytics/fixtures/hledger/. hledger-oracle.test.ts compares the engine with
// them, so CI needs no hledger.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays } from '../../packages/core/src/dates/epoch-day.ts';
import { generateRepository } from '../../packages/core/src/testing/generate-repository.ts';

const FIXTURES = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../packages/core/src/analytics/fixtures/hledger',
);

const generated = generateRepository({
  seed: 7,
  transactions: 300,
  assets: 6,
  years: 2,
  start: '2023-01-01',
});
mkdirSync(FIXTURES, { recursive: true });
const journal = join(FIXTURES, 'repository.journal');
writeFileSync(join(FIXTURES, 'repository.json'), `${JSON.stringify(generated.input, null, 0)}\n`);
writeFileSync(journal, generated.journal);
const after = addDays(generated.end, 1);
const hledger = (args: string[]) => execFileSync('hledger', ['-f', journal, ...args], { encoding: 'utf8' });
writeFileSync(
  join(FIXTURES, 'positions.csv'),
  hledger(['bal', 'assets', '-H', '-e', after, '--layout=bare', '-O', 'csv']),
);
writeFileSync(
  join(FIXTURES, 'monthly-values.csv'),
  hledger(['bal', 'assets', '-M', '-H', '--value=end,USD', '-O', 'csv', '-b', generated.start, '-e', after]),
);
writeFileSync(
  join(FIXTURES, 'meta.json'),
  `${JSON.stringify({ hledger: hledger(['--version']).trim(), start: generated.start, end: generated.end }, null, 2)}\n`,
);
console.log(`wrote the hledger oracle fixture to ${FIXTURES}`);
