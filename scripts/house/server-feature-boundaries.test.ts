import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Server features keep to their rooms (issue 20 item 3): a file of apps/server/src/features/<a>/ reaches
 * another feature only through that feature's public entry, `features/<b>/index.ts`; what several features
 * share (access checks, field errors, the data version) lives in apps/server/src/shared/, which reaches
 * features by their entries too. Tests and their fixtures may also use another feature's `testing/` kit and
 * `*.matrix.fixture.ts` scenes.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const SERVER = 'apps/server/src';
const FEATURES = `${SERVER}/features`;

/** Imports the boundary still lets through, each with the reason; a stale entry fails the last test. */
const PENDING: ReadonlyArray<{ from: string; to: string; why: string }> = [];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The relative module paths a file imports or re-exports (static and dynamic). */
function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g))
    found.push(match[1] as string);
  return found;
}

/** The feature a repository path belongs to, or null outside features/. */
function featureOf(path: string): string | null {
  return path.startsWith(`${FEATURES}/`) ? (path.slice(FEATURES.length + 1).split('/')[0] ?? null) : null;
}

const isTestSupport = (path: string) => /\.test\.ts$|\.matrix\.fixture\.ts$|\/testing\//.test(path);

interface TCrossing {
  from: string;
  to: string;
}

/** Every import from a feature (or shared/) into another feature's non-public file. */
function boundaryCrossings(files: ReadonlyArray<{ path: string; text: string }>): TCrossing[] {
  return files.flatMap(({ path, text }) => {
    const home = featureOf(path);
    if (home === null && !path.startsWith(`${SERVER}/shared/`)) return [];
    return importsOf(text).flatMap((specifier) => {
      const to = normalize(join(dirname(path), specifier)).replaceAll('\\', '/');
      const target = featureOf(to);
      if (target === null || target === home) return [];
      const inside = to.slice(`${FEATURES}/${target}/`.length);
      if (inside === 'index.ts') return [];
      if (isTestSupport(path) && (inside.startsWith('testing/') || inside.endsWith('.matrix.fixture.ts')))
        return [];
      return [{ from: path, to }];
    });
  });
}

const files = [...sourceFiles(FEATURES), ...sourceFiles(`${SERVER}/shared`)].map((path) => ({
  path,
  text: readFileSync(join(ROOT, path), 'utf8'),
}));
const isPending = (crossing: TCrossing) =>
  PENDING.some((pending) => pending.from === crossing.from && pending.to === crossing.to);

describe('server features import each other only through index.ts', () => {
  it('finds an import planted into another feature’s internals, and lets entries and test kits through', () => {
    const text = [
      "import { plans } from '../subscription/plans.ts';",
      "import { plans as again } from '../subscription/index.ts';",
      "import { kit } from '../repositories/testing/repository-test-kit.ts';",
      "import { own } from './assets.repository.ts';",
      "export { later } from '../tasks/task-executor.ts';",
    ].join('\n');
    expect(
      boundaryCrossings([
        { path: `${FEATURES}/assets/assets.service.ts`, text },
        { path: `${FEATURES}/assets/assets.db.test.ts`, text },
        { path: `${SERVER}/shared/x.ts`, text: "import { y } from '../features/assets/assets.service.ts';" },
      ]),
    ).toEqual([
      { from: `${FEATURES}/assets/assets.service.ts`, to: `${FEATURES}/subscription/plans.ts` },
      {
        from: `${FEATURES}/assets/assets.service.ts`,
        to: `${FEATURES}/repositories/testing/repository-test-kit.ts`,
      },
      { from: `${FEATURES}/assets/assets.service.ts`, to: `${FEATURES}/tasks/task-executor.ts` },
      { from: `${FEATURES}/assets/assets.db.test.ts`, to: `${FEATURES}/subscription/plans.ts` },
      { from: `${FEATURES}/assets/assets.db.test.ts`, to: `${FEATURES}/tasks/task-executor.ts` },
      { from: `${SERVER}/shared/x.ts`, to: `${FEATURES}/assets/assets.service.ts` },
    ]);
  });

  it('no feature reaches into another feature’s files', () => {
    const crossings = boundaryCrossings(files)
      .filter((crossing) => !isPending(crossing))
      .map((crossing) => `${crossing.from} → ${crossing.to}`);
    expect(crossings, 'export it from the feature’s index.ts, or move it to src/shared/').toEqual([]);
  });

  it('every public entry a feature is imported through exists', () => {
    const entries = new Set(
      files.flatMap(({ path, text }) =>
        importsOf(text)
          .map((specifier) => normalize(join(dirname(path), specifier)).replaceAll('\\', '/'))
          .filter((to) => featureOf(to) !== null && to.endsWith('/index.ts')),
      ),
    );
    expect([...entries].filter((entry) => !existsSync(join(ROOT, entry)))).toEqual([]);
    expect(entries.size).toBeGreaterThan(3);
  });

  it('every pending exception is still needed (a stale one is removed)', () => {
    const crossings = boundaryCrossings(files);
    expect(
      PENDING.filter((pending) => !crossings.some((c) => c.from === pending.from && c.to === pending.to)),
    ).toEqual([]);
  });
});
