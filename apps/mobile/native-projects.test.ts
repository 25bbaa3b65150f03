import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The native project is generated and synced here as `npm run sync -w apps/mobile` does on a developer's
// machine (building the binary needs Android's SDK, which CI does not have; docs/mobile.md).
const here = import.meta.dirname;
const cli = createRequire(import.meta.url).resolve('@capacitor/cli/bin/capacitor');
const work = mkdtempSync(join(tmpdir(), 'strata-mobile-'));

function cap(...args: string[]) {
  const run = spawnSync(process.execPath, [cli, ...args], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, STRATA_WEB_DIR: 'www', STRATA_SERVER_URL: 'https://strata.example.com' },
  });
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  return run.stdout;
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the native Android project', () => {
  it('is generated and synced with the web app, the server address and the biometric plugin', () => {
    cpSync(join(here, 'capacitor.config.ts'), join(work, 'capacitor.config.ts'));
    cpSync(join(here, 'package.json'), join(work, 'package.json'));
    symlinkSync(join(here, '../../node_modules'), join(work, 'node_modules'));
    mkdirSync(join(work, 'www'));
    writeFileSync(join(work, 'www/index.html'), '<!doctype html><title>Strata</title>');

    cap('add', 'android');
    expect(cap('sync', 'android')).toContain('@capgo/capacitor-native-biometric');

    const android = join(work, 'android');
    expect(readFileSync(join(android, 'app/src/main/assets/public/index.html'), 'utf8')).toBe(
      '<!doctype html><title>Strata</title>',
    );
    const config = JSON.parse(
      readFileSync(join(android, 'app/src/main/assets/capacitor.config.json'), 'utf8'),
    );
    expect(config).toMatchObject({
      appId: 'org.strata.app',
      appName: 'Strata',
      server: { url: 'https://strata.example.com', cleartext: false },
    });
    expect(readFileSync(join(android, 'capacitor.settings.gradle'), 'utf8')).toContain(
      'capgo-capacitor-native-biometric',
    );
  });
});
