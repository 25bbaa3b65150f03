import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The web's rooms (docs/architecture.md): a feature under `features/<name>/` is reached from another feature only
// through its public entry `features/<name>/index.ts`; its tests may also use `features/<name>/testing.ts` (fixtures
// that must not ship). `shared/` sits below the features and imports none of them. `app/` composes the features
// (router, shell) and may import anything.

const WEB_SRC = normalize(join(import.meta.dirname, '../../apps/web/src'));

interface TBoundaryViolation {
  file: string;
  specifier: string;
  rule: string;
}

// Static imports and re-exports (single or multi-line), side-effect imports, dynamic imports and `vi.mock`.
const SPECIFIER_PATTERNS = [
  /\b(?:import|export)\s[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /^\s*import\s*['"]([^'"]+)['"]/gm,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\bvi\.(?:mock|doMock|importActual)\s*(?:<[^>]*>)?\s*\(\s*['"]([^'"]+)['"]/g,
];

function importSpecifiers(source: string): string[] {
  const found = new Set<string>();
  for (const pattern of SPECIFIER_PATTERNS) {
    for (const match of source.matchAll(pattern)) found.add(match[1] as string);
  }
  return [...found];
}

const isTestFile = (file: string) => /\.test\.tsx?$/.test(file);

/** `files` maps a path relative to `apps/web/src` (with `/`) to its source. */
function findBoundaryViolations(files: ReadonlyMap<string, string>): TBoundaryViolation[] {
  const violations: TBoundaryViolation[] = [];
  for (const [file, source] of files) {
    const [area, feature] = file.split('/');
    if (area !== 'features' && area !== 'shared') continue;
    for (const specifier of importSpecifiers(source)) {
      if (!specifier.startsWith('.')) continue;
      const target = normalize(join(dirname(file), specifier))
        .split('\\')
        .join('/');
      const [targetArea, targetFeature, ...rest] = target.split('/');
      if (targetArea !== 'features') continue;
      if (area === 'shared') {
        violations.push({ file, specifier, rule: 'shared/ must not import a feature' });
        continue;
      }
      if (targetFeature === feature) continue;
      const entry = rest.join('/');
      if (entry === 'index.ts' || (entry === 'testing.ts' && isTestFile(file))) continue;
      violations.push({
        file,
        specifier,
        rule: `import ${targetFeature} through features/${targetFeature}/index.ts${
          entry === 'testing.ts' ? ' (testing.ts is for tests only)' : ''
        }`,
      });
    }
  }
  return violations;
}

function readWebSources(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) {
        files.set(relative(WEB_SRC, path).split('\\').join('/'), readFileSync(path, 'utf8'));
      }
    }
  };
  walk(WEB_SRC);
  return files;
}

describe('web feature boundaries', () => {
  it('finds every form of import', () => {
    const source = [
      "import { a } from '../../x/a.ts';",
      "import type {\n  B,\n  C,\n} from '../../x/b.ts';",
      "export { d } from '../../x/d.ts';",
      "import '../../x/e.css';",
      "const F = lazy(() => import('../../x/f.tsx'));",
      "vi.mock('../../x/g.ts', () => ({}));",
    ].join('\n');
    expect(importSpecifiers(source).sort()).toEqual(
      [
        '../../x/a.ts',
        '../../x/b.ts',
        '../../x/d.ts',
        '../../x/e.css',
        '../../x/f.tsx',
        '../../x/g.ts',
      ].sort(),
    );
  });

  it('catches a planted violation and lets public entries through', () => {
    const planted = new Map([
      ['features/analytics/page.tsx', "import { pivot } from '../dashboards/widgets/pivot.ts';"],
      ['features/analytics/ok.tsx', "import { pivot } from '../dashboards/index.ts';"],
      ['features/analytics/own.tsx', "import { x } from './deep/x.ts';"],
      ['features/analytics/page.test.tsx', "import { sample } from '../dashboards/testing.ts';"],
      ['features/analytics/leak.tsx', "import { sample } from '../dashboards/testing.ts';"],
      ['shared/ui/thing.tsx', "import { useSession } from '../../features/auth/index.ts';"],
      ['app/router.tsx', "import { Page } from '../features/assets/routes/page.tsx';"],
    ]);
    expect(findBoundaryViolations(planted).map((v) => v.file)).toEqual([
      'features/analytics/page.tsx',
      'features/analytics/leak.tsx',
      'shared/ui/thing.tsx',
    ]);
  });

  it('holds in apps/web/src', () => {
    const files = readWebSources();
    expect(files.size).toBeGreaterThan(100);
    expect(findBoundaryViolations(files)).toEqual([]);
  });
});
