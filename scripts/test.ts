// Runs every test tier this machine can run and ends with one totals line: "N passed, N failed, N skipped".
// Tiers: unit + web (always), db and reliability on PGlite (always) and PostgreSQL (when TEST_DATABASE_URL is set),
// e2e (when a Chromium is installed; it needs the built web app, so the build runs first).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { chromiumPath } from '../e2e/support/chromium.ts';

const outDir = 'test-output';
mkdirSync(outDir, { recursive: true });
const jsonFile = `${outDir}/vitest.json`;

const projects = ['unit', 'web', 'db-pglite', 'reliability-pglite'];
if (process.env.TEST_DATABASE_URL) projects.push('db-postgres', 'reliability-postgres');
else console.log('TEST_DATABASE_URL is not set: the db tier runs on PGlite only.');

const chromium = chromiumPath();
if (chromium) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The web build failed; e2e cannot run.');
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  projects.push('e2e');
} else {
  console.log('No Chromium found (install Debian chromium): the e2e tier does not run here.');
}

const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
args.push('--reporter=default', '--reporter=json', `--outputFile.json=${jsonFile}`);
const run = spawnSync('npx', args, { stdio: 'inherit' });

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(jsonFile)) {
  const report = JSON.parse(readFileSync(jsonFile, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    numFailedTestSuites: number;
  };
  passed = report.numPassedTests;
  // A file that fails to load has no failed tests but is a failure all the same.
  failed = report.numFailedTests + (report.numFailedTests === 0 ? report.numFailedTestSuites : 0);
  skipped = report.numPendingTests + report.numTodoTests;
}
if (run.status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
