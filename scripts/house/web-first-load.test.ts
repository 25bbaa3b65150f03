import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

// A route's first load is the app shell (main.tsx) and the route's page module with every module they import
// statically (docs/benchmarks.md, "Web bundle"; budget: 300 KB gzip). The bundler places modules by the import
// graph, a whole module at a time: a shell module that imports one constant from a module that also imports
// decimal.js brings decimal.js into the first load of every page. This test walks the same graph from the
// sources (static value imports and re-exports; not `import type`, not `import()`) and keeps the heavy
// libraries out of the first loads that do not draw with them. A feature's index only re-exports: through it,
// only the re-exports a module asks for are followed (the features are declared free of import side effects
// in vite.config.ts, so the bundler drops the others).

const ROOT = normalize(join(import.meta.dirname, '../..'));
const WEB = 'apps/web/src';

type TReader = (file: string) => string | undefined;

interface TImport {
  from: string;
  /** Names asked for; null = the whole module (namespace, default, side-effect import, `export *`). */
  names: string[] | null;
}

const STATEMENT =
  /^(import|export)\s+(type\s+)?([\s\S]*?)\s*from\s*['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/gm;

/** The static value imports and re-exports of a module's source. */
function staticImports(source: string): { imports: TImport[]; reexports: Map<string, TImport> } {
  const imports: TImport[] = [];
  const reexports = new Map<string, TImport>();
  for (const match of source.matchAll(STATEMENT)) {
    const [, keyword, typeOnly, clause = '', from, bare] = match;
    if (bare) {
      imports.push({ from: bare, names: null });
      continue;
    }
    if (typeOnly || !from) continue;
    const braces = /\{([\s\S]*)\}/.exec(clause)?.[1];
    const specifiers = (braces ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '' && !part.startsWith('type '));
    const outside = clause.replace(/\{[\s\S]*\}/, '').trim();
    if (keyword === 'export') {
      if (outside.startsWith('*')) reexports.set(`*${from}`, { from, names: null });
      for (const specifier of specifiers) {
        const [name, alias = name] = specifier.split(/\s+as\s+/);
        reexports.set(alias as string, { from, names: [name as string] });
      }
      continue;
    }
    const whole = outside !== '' && outside !== ',';
    if (!whole && braces !== undefined && specifiers.length === 0) continue;
    imports.push({
      from,
      names: whole ? null : specifiers.map((specifier) => specifier.split(/\s+as\s+/)[0] as string),
    });
  }
  return { imports, reexports };
}

/** A module whose every statement is a re-export (a feature's index). */
function isFacade(source: string): boolean {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/^export\s+(type\s+)?(\{[\s\S]*?\}|\*(\s+as\s+\w+)?)\s*from\s*['"][^'"]+['"];?/gm, '');
  return code.trim() === '';
}

function resolve(from: string, specifier: string, read: TReader): string | null {
  if (/\.(css|svg|png)(\?.*)?$/.test(specifier)) return null;
  let base: string;
  if (specifier.startsWith('.')) base = normalize(join(dirname(from), specifier));
  else if (specifier.startsWith('@strata/')) {
    const [, pkg, ...rest] = specifier.split('/');
    base = join('packages', pkg as string, 'src', rest.length > 0 ? rest.join('/') : 'index');
  } else {
    const parts = specifier.split('/');
    return `npm:${specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]}`;
  }
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && read(candidate) !== undefined) return candidate;
  }
  throw new Error(`${from}: cannot resolve ${specifier}`);
}

/** Every module (and `npm:` package) the entries reach through static imports. */
function firstLoad(entries: readonly string[], read: TReader): Set<string> {
  const reached = new Set<string>();
  const queue: Array<{ file: string; names: string[] | null }> = entries.map((file) => ({
    file,
    names: null,
  }));
  const facadeNames = new Map<string, Set<string>>();
  while (queue.length > 0) {
    const { file, names } = queue.pop() as { file: string; names: string[] | null };
    if (file.startsWith('npm:')) {
      reached.add(file);
      continue;
    }
    const source = read(file) as string;
    const { imports, reexports } = staticImports(source);
    if (isFacade(source) && names !== null) {
      const asked = facadeNames.get(file) ?? new Set<string>();
      facadeNames.set(file, asked);
      for (const name of names) {
        if (asked.has(name)) continue;
        asked.add(name);
        const target = reexports.get(name);
        const targets = target ? [target] : [...reexports.values()].filter((entry) => entry.names === null);
        for (const entry of targets) {
          const resolved = resolve(file, entry.from, read);
          if (resolved) queue.push({ file: resolved, names: entry.names ?? [name] });
        }
      }
      continue;
    }
    if (reached.has(file)) continue;
    reached.add(file);
    for (const entry of [...imports, ...reexports.values()]) {
      const resolved = resolve(file, entry.from, read);
      if (resolved) queue.push({ file: resolved, names: entry.names });
    }
  }
  return reached;
}

const readRepo: TReader = (file) => {
  const path = join(ROOT, file);
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
};

const SHELL = `${WEB}/main.tsx`;
/** Drawn with the grid, after the page's toolbar: LazyGrid imports the canvas module when it mounts. */
const GLIDE = 'npm:@glideapps/glide-data-grid';
/** Exact amounts (≈13 KB gzip): the shell and the dashboard draw without it. */
const DECIMAL = 'npm:decimal.js';
const CHARTS = 'npm:recharts';
/** The filter builder (Mantine's MultiSelect, Autocomplete, the drafts) loads when its popover opens. */
const FILTER_BUILDER = `${WEB}/shared/data-list/filter-builder.tsx`;

const heavyIn = (entries: string[], heavy: string[]) => {
  const reached = firstLoad(entries, readRepo);
  return heavy.filter((name) => reached.has(name));
};

describe("the web routes' first load", () => {
  it('follows static imports and the re-exports asked for, not types nor lazy imports', () => {
    const files: Record<string, string> = {
      'a.ts': [
        "import { b } from './feature/index.ts';",
        "import type { T } from './types.ts';",
        "import { type U, v } from './mixed.ts';",
        "const later = () => import('./lazy.ts');",
        "import './styles.css';",
      ].join('\n'),
      'feature/index.ts': [
        '// The public entry.',
        "export { b } from './b.ts';",
        "export { Heavy } from './heavy.ts';",
      ].join('\n'),
      'feature/b.ts': "import Decimal from 'decimal.js';\nexport const b = 1;",
      'feature/heavy.ts': "import { DataEditor } from '@glideapps/glide-data-grid';\nexport const Heavy = 1;",
      'types.ts': "import 'recharts';\nexport type T = 1;",
      'mixed.ts': "import { x } from '@strata/core/x';\nexport const v = 1;",
      'packages/core/src/x.ts': 'export const x = 1;',
      'lazy.ts': "import 'lightweight-charts';",
    };
    const reached = firstLoad(['a.ts'], (file) => files[file]);
    expect([...reached].sort()).toEqual(
      ['a.ts', 'feature/b.ts', 'mixed.ts', 'npm:decimal.js', 'packages/core/src/x.ts'].sort(),
    );
  });

  it('keeps decimal.js, the grid and the charts out of the app shell', () => {
    expect(heavyIn([SHELL], [DECIMAL, GLIDE, CHARTS])).toEqual([]);
  });

  it('keeps decimal.js and the grid out of /dashboards (its widgets load them)', () => {
    expect(
      heavyIn([SHELL, `${WEB}/features/dashboards/routes/dashboards-page.tsx`], [DECIMAL, GLIDE]),
    ).toEqual([]);
  });

  it.each([
    'features/linked-data/routes/linked-transactions-page.tsx',
    'features/linked-data/routes/linked-positions-page.tsx',
    'features/connectors/routes/linked-account-tab-pages.tsx',
    'features/transactions/routes/transactions-page.tsx',
  ])('draws the toolbar of %s before the grid library arrives', (page) => {
    expect(existsSync(join(ROOT, WEB, page)), page).toBe(true);
    expect(heavyIn([SHELL, `${WEB}/${page}`], [GLIDE, FILTER_BUILDER])).toEqual([]);
  });

  it.each([
    'features/linked-data/routes/linked-transactions-page.tsx',
    'features/linked-data/routes/linked-positions-page.tsx',
    'features/connectors/routes/linked-account-tab-pages.tsx',
    'features/connectors/routes/connectors-page.tsx',
  ])(
    'draws %s without decimal.js (pasting, the statement import and the schedule load it when used)',
    (page) => {
      expect(heavyIn([SHELL, `${WEB}/${page}`], [DECIMAL])).toEqual([]);
    },
  );

  it('draws /transactions without the transaction editor and the import dialog (they load when opened)', () => {
    const dialogs = [
      `${WEB}/features/transactions/components/transaction-editor.tsx`,
      `${WEB}/features/transactions/components/import-transactions.tsx`,
    ];
    expect(heavyIn([SHELL, `${WEB}/features/transactions/routes/transactions-page.tsx`], dialogs)).toEqual(
      [],
    );
  });
});
