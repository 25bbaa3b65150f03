// How packages/ may import (issue 20), checked with Biome over the repository's module graph;
// packages/biome.json turns both rules on there, so `npm run lint` fails on a break too.
// - No import circles: in a circle a module can be read before the one it imports has finished loading,
//   and no file of the circle can be read or moved on its own. Type-only imports count (a type circle
//   still ties the files together). Circles in apps/ are printed, not yet asserted (value imports only
//   there, Biome's default): they are being taken apart separately.
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

it('no module in packages/ is part of an import circle', () => {
  const cycles = found(CYCLES);
  const elsewhere = cycles.filter((at) => !at.startsWith('packages/'));
  if (elsewhere.length > 0)
    console.warn(`Imports in a circle outside packages/ (not yet asserted):\n  ${elsewhere.join('\n  ')}`);
  // Each circle's chain: npx biome lint --only=suspicious/noImportCycles <file>
  expect(cycles.filter((at) => at.startsWith('packages/'))).toEqual([]);
});

it('packages/ import nothing from apps/, bench/, e2e/ or scripts/', () => {
  expect(found(RESTRICTED).filter((at) => at.startsWith('packages/'))).toEqual([]);
});
