import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Test-only code is recognisable by its name, so a reader (and a future build) can leave it out: `*.test.ts(x)`,
// `*.fixture.ts` (e.g. the authorization matrix cases), `testing.ts` / `testing/`, the web's `test/` setup and
// the server's `reliability/` suite. Shipped code never imports it.

const ROOT = normalize(join(import.meta.dirname, '../..'));
const SOURCE_ROOTS = [
  'apps/server/src',
  'apps/web/src',
  'packages/core/src',
  'packages/contracts/src',
  'packages/db/src',
];

function isTestOnly(file: string): boolean {
  return (
    /\.test\.tsx?$/.test(file) ||
    /\.fixtures?\.tsx?$/.test(file) ||
    /-fixtures?\.tsx?$/.test(file) ||
    /(^|\/)testing(\.ts|\/)/.test(file) ||
    /^apps\/web\/src\/test\//.test(file) ||
    /^apps\/server\/src\/reliability\//.test(file)
  );
}

const IMPORT =
  /\b(?:import|export)\s[^;'"]*?\bfrom\s*['"](\.[^'"]+)['"]|\bimport\s*\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function testOnlyImportsOfShippedCode(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, source] of files) {
    if (isTestOnly(file)) continue;
    for (const match of source.matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2]) as string;
      const target = normalize(join(dirname(file), specifier))
        .split('\\')
        .join('/');
      if (isTestOnly(target)) found.push(`${file} imports ${target}`);
    }
  }
  return found;
}

function readSources(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (/\.tsx?$/.test(entry.name)) {
        files.set(relative(ROOT, path).split('\\').join('/'), readFileSync(path, 'utf8'));
      }
    }
  };
  for (const root of SOURCE_ROOTS) walk(join(ROOT, root));
  return files;
}

describe('test-only files', () => {
  it('catches shipped code importing a fixture', () => {
    const planted = new Map([
      ['apps/server/src/features/a/a.routes.ts', "import { aMatrix } from './a.matrix.fixture.ts';"],
      ['apps/server/src/features/a/a.service.ts', "import { app } from '../../testing/test-app.ts';"],
      [
        'apps/server/src/authorization-matrix.db.test.ts',
        "import { aMatrix } from './features/a/a.matrix.fixture.ts';",
      ],
      ['apps/server/src/features/b/b.matrix.fixture.ts', "import { scene } from '../a/a.matrix.fixture.ts';"],
    ]);
    expect(testOnlyImportsOfShippedCode(planted)).toEqual([
      'apps/server/src/features/a/a.routes.ts imports apps/server/src/features/a/a.matrix.fixture.ts',
      'apps/server/src/features/a/a.service.ts imports apps/server/src/testing/test-app.ts',
    ]);
  });

  it('no shipped source imports one', () => {
    expect(testOnlyImportsOfShippedCode(readSources())).toEqual([]);
  });

  it('the authorization matrix cases are named as fixtures', () => {
    const matrixFiles = [...readSources().keys()].filter((file) => /\.matrix\.[a-z.]*ts$/.test(file));
    expect(matrixFiles.length).toBeGreaterThan(10);
    expect(matrixFiles.filter((file) => !file.endsWith('.matrix.fixture.ts'))).toEqual([]);
  });
});
