// Remakes the screenshots the docs show (docs/screenshots/, listed in e2e/support/docs-screenshots.ts): builds the
// web app and runs the e2e journeys that take them with the flag that lets them copy into docs/. An ordinary
// e2e run leaves docs/ alone; this is the one way those files change, on purpose, to be looked at before a commit.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOCS_SCREENSHOTS_FLAG } from '../e2e/support/docs-screenshots.ts';

// Every journey that keeps a screenshot for the docs (it calls keepForDocs), so a new one is never left out.
const JOURNEYS = readdirSync('e2e')
  .filter((name) => name.endsWith('.e2e.test.ts'))
  .map((name) => join('e2e', name))
  .filter((path) => readFileSync(path, 'utf8').includes('keepForDocs('));

const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', ...JOURNEYS], {
  stdio: 'inherit',
  env: { ...process.env, [DOCS_SCREENSHOTS_FLAG]: '1' },
});
process.exit(run.status ?? 1);
