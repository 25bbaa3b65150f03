import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * SQL lives in repositories (issue 20 item 2, STYLE.md habit 5): a service orchestrates access and rules and
 * asks a `*.repository.ts` for its rows; no other server or domain file builds a Kysely query. packages/db
 * (schema, migrations, the filter translator) is the database package and is not scanned.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const SCANNED = ['apps/server/src', 'packages/core/src', 'packages/contracts/src'];

/** Where a query may be written outside a repository file, and why. */
const ALLOWED: ReadonlyArray<{ path: RegExp; why: string }> = [
  { path: /\.test\.ts$/, why: 'tests set up rows and read back what the code wrote' },
  { path: /\/testing\//, why: 'test kits, imported by tests only' },
  {
    path: /^apps\/server\/src\/reliability\//,
    why: "the reliability suite's database invariants: test support, imported by *.reliability.test.ts only",
  },
  {
    path: /^apps\/server\/src\/jobs\/jobs-database\.ts$/,
    why: "pg-boss's database adapter: it runs pg-boss's own SQL text, there is no query of ours to move",
  },
];

/** A Kysely query builder, raw `sql`, or a compiled query run by hand. */
const QUERY =
  /\b(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\s*\(|\bsql\s*(`|<|\.(raw|ref|lit|id|table|join|val)\b)|\bCompiledQuery\b|\.executeQuery\s*\(/;

/** Drops comments, so prose that names `selectFrom(` is not a query (strings stay: SQL lives in them). */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|\s)\/\/.*$/gm, '$1');
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

interface TSqlHit {
  path: string;
  line: number;
  text: string;
}

/** Every line of `files` outside a repository file that builds a query, unless the allow-list excuses it. */
function sqlOutsideRepositories(files: ReadonlyArray<{ path: string; text: string }>): TSqlHit[] {
  return files.flatMap(({ path, text }) => {
    if (path.endsWith('.repository.ts') || ALLOWED.some((allowed) => allowed.path.test(path))) return [];
    return withoutComments(text)
      .split('\n')
      .flatMap((line, index) => (QUERY.test(line) ? [{ path, line: index + 1, text: line.trim() }] : []));
  });
}

const files = SCANNED.flatMap(sourceFiles).map((path) => ({
  path,
  text: readFileSync(join(ROOT, path), 'utf8'),
}));

describe('SQL lives in *.repository.ts', () => {
  it('finds a query planted in a service, and none in a repository or a comment', () => {
    const service =
      "const row = await db\n  .selectFrom('assets')\n  .selectAll();\nawait sql`analyze x`.execute(db);";
    expect(
      sqlOutsideRepositories([
        { path: 'apps/server/src/features/x/x.service.ts', text: service },
        { path: 'apps/server/src/features/x/x.repository.ts', text: service },
        { path: 'apps/server/src/features/x/y.ts', text: '// not db.selectFrom(\n/* sql`x` */ const a = 1;' },
      ]).map((hit) => `${hit.path}:${hit.line}`),
    ).toEqual(['apps/server/src/features/x/x.service.ts:2', 'apps/server/src/features/x/x.service.ts:4']);
  });

  it('no server or domain file outside a repository builds a query', () => {
    const hits = sqlOutsideRepositories(files).map((hit) => `${hit.path}:${hit.line}  ${hit.text}`);
    expect(hits, 'move these queries into the feature’s *.repository.ts').toEqual([]);
  });

  it('every allow-list entry still excuses a file that holds a query (a stale one is removed)', () => {
    const excused = (allowed: { path: RegExp }) =>
      files.some(({ path, text }) => allowed.path.test(path) && QUERY.test(withoutComments(text)));
    expect(ALLOWED.filter((allowed) => !excused(allowed)).map((allowed) => String(allowed.path))).toEqual([]);
  });

  it('scans the server (a wrong root would pass by finding nothing)', () => {
    expect(files.filter(({ path }) => path.endsWith('.repository.ts')).length).toBeGreaterThan(15);
    expect(relative(ROOT, join(ROOT, SCANNED[0] as string))).toBe('apps/server/src');
  });
});
