// Remakes the screenshots the docs show (docs/screenshots/, listed in e2e/support/docs-screenshots.ts): builds the
// web app and runs the e2e journeys that take them with the flag that lets them copy into docs/. An ordinary
// e2e run leaves docs/ alone; this is the one way those files change, on purpose, to be looked at before a commit.
import { spawnSync } from 'node:child_process';
import { DOCS_SCREENSHOTS_FLAG } from '../e2e/support/docs-screenshots.ts';

const JOURNEYS = [
  'e2e/assets.e2e.test.ts',
  'e2e/dashboards.e2e.test.ts',
  'e2e/linked-data.e2e.test.ts',
  'e2e/transactions.e2e.test.ts',
  'e2e/linked-grid-edit.e2e.test.ts',
  'e2e/cap-table-connect.e2e.test.ts',
];

const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', ...JOURNEYS], {
  stdio: 'inherit',
  env: { ...process.env, [DOCS_SCREENSHOTS_FLAG]: '1' },
});
process.exit(run.status ?? 1);
