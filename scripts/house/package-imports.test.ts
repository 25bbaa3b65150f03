// How packages/ may import (issue 20), checked with Biome over the repository's module graph;
// packages/biome.json turns both rules on there, so `npm run lint` fails on a break too.
// - No import circles, in packages/ and apps/ (apps/biome.json turns the rule on there the same way): in a
//   circle a module can be read before the one it imports has finished loading, and no file of the circle
//   can be read or moved on its own. Type-only imports count (a type circle still ties the files together).
// - Dependencies run one way: apps/, bench/, e2e/ and scripts/ import packages/, never the reverse (core's
//   tests once imported the benchmark's generator).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIOME = fileURLToPath(new URL('../../node_modules/@biomejs/biome/bin/biome', import.meta.url));
const CYCLES = 'lint/suspicious/noImportCycles';
const RESTRICTED = 'lint/style/noRestrictedImports';

interface TDiagnostic {
  category: string;
  location: { path: string; start?: { line: number } };
}

let diagnostics: TDiagnostic[] = [];

// One Biome run for both rules: building the module graph is most of its time.
beforeAll(() => {
  const run = spawnSync(
    process.execPath,
    [
      BIOME,
      'lint',
      `--only=${CYCLES.slice('lint/'.length)}`,
      `--only=${RESTRICTED.slice('lint/'.length)}`,
      '--reporter=json',
      '--max-diagnostics=none',
      '--colors=off',
      'packages',
      'apps',
    ],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  // Biome exits 1 when it finds errors; the JSON report is on stdout either way.
  if (run.error || !run.stdout.trim().startsWith('{')) throw new Error(run.stderr || String(run.error));
  diagnostics = (JSON.parse(run.stdout) as { diagnostics: TDiagnostic[] }).diagnostics;
}, 180_000);

const found = (category: string) =>
  diagnostics
    .filter((d) => d.category === category)
    .map((d) => `${d.location.path}:${d.location.start?.line ?? '?'}`)
    .sort();

it('no module in packages/ or apps/ is part of an import circle', () => {
  // Each circle's chain: npx biome lint --only=suspicious/noImportCycles <file>
  expect(found(CYCLES)).toEqual([]);
});

it('packages/ import nothing from apps/, bench/, e2e/ or scripts/', () => {
  expect(found(RESTRICTED).filter((at) => at.startsWith('packages/'))).toEqual([]);
});
