// Generates the native Android project (first run) and copies the built web app and the plugins into it:
//   npm run build && STRATA_SERVER_URL=https://strata.example.com npm run sync -w apps/mobile
// then open apps/mobile/android in Android Studio (docs/mobile.md). The project is generated, not kept in git.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const here = import.meta.dirname;
const cli = createRequire(import.meta.url).resolve('@capacitor/cli/bin/capacitor');

function cap(...args: string[]): void {
  const run = spawnSync(process.execPath, [cli, ...args], { cwd: here, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

if (!existsSync(join(here, 'android'))) cap('add', 'android');
cap('sync', 'android');
