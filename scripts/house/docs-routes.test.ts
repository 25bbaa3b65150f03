import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAst } from 'vitest/node';

// docs/web.md's route table once called a dozen built pages placeholders. This keeps it honest: the table
// names exactly the routes apps/web declares, and says "placeholder" exactly where the route's page renders
// ComingSoonPage. Pages are found through routes.tsx's own imports, so moving a feature's files moves the
// check with them.

const ROOT = path.resolve(import.meta.dirname, '../..');
const ROUTES_FILE = path.join(ROOT, 'apps/web/src/app/routes.tsx');
const DOC_FILE = path.join(ROOT, 'docs/web.md');

type TNode = { type: string; [key: string]: unknown };

function isNode(value: unknown): value is TNode {
  return typeof value === 'object' && value !== null && typeof (value as TNode).type === 'string';
}

function children(node: TNode): TNode[] {
  return Object.values(node).flatMap((value) =>
    Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : [],
  );
}

function* descendants(node: TNode): Generator<TNode> {
  yield node;
  for (const child of children(node)) yield* descendants(child);
}

function stringValue(node: unknown): string | undefined {
  return isNode(node) && node.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;
}

function property(object: TNode, name: string): TNode | undefined {
  const found = (object.properties as TNode[]).find(
    (candidate) =>
      candidate.type === 'Property' && isNode(candidate.key) && (candidate.key as TNode).name === name,
  );
  return found && isNode(found.value) ? found.value : undefined;
}

function resolveModule(fromFile: string, specifier: string): string {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const file = [base, `${base}.tsx`, `${base}.ts`].find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`${path.relative(ROOT, fromFile)} imports ${specifier}, which does not exist`);
  return file;
}

interface TCodeRoute {
  path: string;
  /** The modules the route's page (`lazy` or `Component`) comes from; none for a loader-only redirect. */
  modules: string[];
  /** The exports it reads from them (`Component` for a route module), to follow re-exports by name. */
  names: string[];
}

/** Every route with a path (or index) in routes.tsx, with its full path and page modules. */
function readCodeRoutes(file = ROUTES_FILE): TCodeRoute[] {
  const program = parseAst(readFileSync(file, 'utf8'), { lang: 'tsx' }) as unknown as TNode;
  const imports = new Map<string, { source: string; name: string }>();
  const consts = new Map<string, TNode>();
  for (const node of descendants(program)) {
    if (node.type === 'ImportDeclaration') {
      const source = stringValue(node.source);
      for (const specifier of node.specifiers as TNode[]) {
        const name = isNode(specifier.imported) ? (specifier.imported.name as string) : 'default';
        if (source?.startsWith('.')) imports.set((specifier.local as TNode).name as string, { source, name });
      }
    }
    if (node.type === 'VariableDeclarator' && isNode(node.id) && isNode(node.init)) {
      consts.set(node.id.name as string, node.init);
    }
  }

  // A page is `lazy: () => import('…')`, `lazy: async () => ({ Component: (await tabs()).X })` with
  // `const tabs = () => import('…')`, or `Component: X` imported from a module.
  const pageOf = (node: TNode, seen = new Set<string>()): { modules: string[]; names: string[] } => {
    const modules: string[] = [];
    const names = ['Component'];
    for (const inner of descendants(node)) {
      const source = inner.type === 'ImportExpression' ? stringValue(inner.source) : undefined;
      if (source) modules.push(resolveModule(file, source));
      if (inner.type === 'MemberExpression' && isNode(inner.property))
        names.push(inner.property.name as string);
      if (inner.type !== 'Identifier' || seen.has(inner.name as string)) continue;
      seen.add(inner.name as string);
      const imported = imports.get(inner.name as string);
      if (imported) {
        modules.push(resolveModule(file, imported.source));
        names.push(imported.name);
      }
      const declared = consts.get(inner.name as string);
      if (declared) modules.push(...pageOf(declared, seen).modules);
    }
    return { modules, names };
  };

  const createRoutes = [...descendants(program)].find(
    (node) => node.type === 'FunctionDeclaration' && (node.id as TNode | null)?.name === 'createRoutes',
  );
  const table =
    createRoutes && [...descendants(createRoutes)].find((node) => node.type === 'ReturnStatement');
  if (!table || !isNode(table.argument) || table.argument.type !== 'ArrayExpression') {
    throw new Error('routes.tsx: expected `function createRoutes(…) { return [ …routes ] }`');
  }

  const routes: TCodeRoute[] = [];
  const walk = (list: TNode, parentPath: string) => {
    for (const route of list.elements as TNode[]) {
      if (route.type !== 'ObjectExpression') throw new Error(`routes.tsx: a route is a ${route.type}`);
      const segment = stringValue(property(route, 'path'));
      const fullPath = segment === undefined ? parentPath : `${parentPath}/${segment}`;
      if (segment !== undefined || property(route, 'index')) {
        const page = [property(route, 'lazy'), property(route, 'Component')]
          .filter(isNode)
          .map((node) => pageOf(node));
        const modules = [...new Set(page.flatMap((part) => part.modules))];
        if (page.length > 0 && modules.length === 0) {
          throw new Error(`routes.tsx: cannot tell which module draws ${fullPath || '/'}`);
        }
        routes.push({ path: fullPath || '/', modules, names: page.flatMap((part) => part.names) });
      }
      const nested = property(route, 'children');
      if (nested?.type === 'ArrayExpression') walk(nested, fullPath);
    }
  };
  walk(table.argument, '');
  return routes;
}

/**
 * Whether a page module renders ComingSoonPage, following the re-exports (`export { X as Y } from …`,
 * `export * from …`) of the names the route reads, so a feature's public entry leads to the page itself.
 */
function rendersComingSoon(file: string, names: readonly string[], seen = new Set<string>()): boolean {
  const key = `${file}:${[...names].sort().join(',')}`;
  if (seen.has(key)) return false;
  seen.add(key);
  const text = readFileSync(file, 'utf8');
  if (/<ComingSoonPage\b/.test(text)) return true;
  const program = parseAst(text, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' }) as unknown as TNode;
  return (program.body as TNode[]).some((node) => {
    const source = stringValue(node.source);
    if (!source?.startsWith('.')) return false;
    const target = resolveModule(file, source);
    if (node.type === 'ExportAllDeclaration') return rendersComingSoon(target, names, seen);
    if (node.type !== 'ExportNamedDeclaration') return false;
    const followed = (node.specifiers as TNode[])
      .filter((specifier) => names.includes((specifier.exported as TNode).name as string))
      .map((specifier) => (specifier.local as TNode).name as string);
    return followed.length > 0 && rendersComingSoon(target, followed, seen);
  });
}

interface TDocRow {
  paths: string[];
  page: string;
}

/**
 * The rows of the "## Routes" table. The route cell lists full paths in backticks; `(+ \`a\`, \`b\`)` after a
 * path names its children (`index` unquoted is the path itself), e.g. `/assets/:id` (+ index, `prices`).
 */
function readDocRows(markdown = readFileSync(DOC_FILE, 'utf8')): TDocRow[] {
  const section = markdown.split(/^## Routes$/m)[1]?.split(/^## /m)[0];
  if (!section) throw new Error('docs/web.md: no "## Routes" section');
  const lines = section.split('\n').filter((line) => line.startsWith('|'));
  const cells = (line: string) =>
    line
      .slice(1, line.endsWith('|') ? -1 : undefined)
      .split('|')
      .map((cell) => cell.trim());
  const header = cells(lines[0] ?? '');
  const routeColumn = header.indexOf('route');
  const pageColumn = header.indexOf('page');
  if (routeColumn < 0 || pageColumn < 0)
    throw new Error('docs/web.md: the table needs route and page columns');
  return lines
    .slice(1)
    .filter((line) => !/^\|[\s:|-]+\|?$/.test(line))
    .map((line) => {
      const row = cells(line);
      const paths: string[] = [];
      let base = '';
      for (const part of (row[routeColumn] ?? '').split(/(\(\+[^)]*\))/)) {
        for (const [, quoted] of part.matchAll(/`([^`]+)`/g)) {
          const route = quoted as string;
          if (part.startsWith('(+')) paths.push(`${base}/${route}`);
          else {
            base = route.startsWith('/') ? route : `/${route}`;
            paths.push(base);
          }
        }
      }
      return { paths, page: row[pageColumn] ?? '' };
    });
}

const isPlaceholderRow = (row: TDocRow) => /placeholder/i.test(row.page);

describe('docs/web.md route table', () => {
  const codeRoutes = readCodeRoutes();
  const docRows = readDocRows();
  const codePaths = new Set(codeRoutes.map((route) => route.path));
  const docPaths = docRows.flatMap((row) => row.paths);

  it('reads both sides', () => {
    expect(codeRoutes.length).toBeGreaterThan(20);
    expect(codePaths).toContain('/dashboards');
    expect(docRows.length).toBeGreaterThan(10);
  });

  it('lists every route the web app declares, once, and no other', () => {
    expect(
      [...codePaths].filter((route) => !docPaths.includes(route)),
      'routes missing from the table',
    ).toEqual([]);
    expect(
      docPaths.filter((route) => !codePaths.has(route)),
      'table rows the code lacks',
    ).toEqual([]);
    expect(
      docPaths.filter((route, index) => docPaths.indexOf(route) !== index),
      'listed twice',
    ).toEqual([]);
  });

  it('says "placeholder" exactly where the page renders ComingSoonPage', () => {
    const wrong: string[] = [];
    for (const row of docRows) {
      for (const rowPath of row.paths.filter((listed) => codePaths.has(listed))) {
        const isComingSoon = codeRoutes
          .filter((route) => route.path === rowPath)
          .some((route) => route.modules.some((module) => rendersComingSoon(module, route.names)));
        if (isComingSoon && !isPlaceholderRow(row)) wrong.push(`${rowPath} renders ComingSoonPage`);
        if (!isComingSoon && isPlaceholderRow(row))
          wrong.push(`${rowPath} is called a placeholder but is built`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('reads the table shorthand', () => {
    const rows = readDocRows(
      '## Routes\n\n| route | page |\n|---|---|\n| `/a`, `/a/:id` (+ index, `b`, `b/c`) | x |\n| `*` | placeholder |\n',
    );
    expect(rows).toEqual([
      { paths: ['/a', '/a/:id', '/a/:id/b', '/a/:id/b/c'], page: 'x' },
      { paths: ['/*'], page: 'placeholder' },
    ]);
  });
});
