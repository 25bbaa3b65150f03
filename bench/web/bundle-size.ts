// Initial JavaScript of a route (by default /dashboards), gzip: the entry of index.html and the route's lazy page
// chunk with everything they import statically — what the browser must load before the dashboard can draw.
// Widget components (and @mantine/charts with recharts) are dynamic imports: listed apart, loaded with the
// first widget that needs them.
//
//   npm run build && node bench/web/bundle-size.ts [dist dir] [route chunk prefix]
//
// Budget (issue 8): initial JS < 300 KB gzip.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 300;
const dist = process.argv[2] ?? 'apps/web/dist';
const routePrefix = process.argv[3] ?? 'dashboards-page-';
const assets = join(dist, 'assets');
// The label names the route by its page chunk's prefix: 'linked-transactions-page-' → /linked-transactions.
const routeName = `/${routePrefix.replace(/-page-$/, '').replace(/-$/, '')}`;

const text = (file: string) => readFileSync(join(assets, file), 'utf8');
const gzipKb = (file: string) => gzipSync(readFileSync(join(assets, file))).length / 1024;
const rawKb = (file: string) => readFileSync(join(assets, file)).length / 1024;

/** `from"./x.js"` and `import"./x.js"` are static; import(`./x.js`) is dynamic (rolldown's output). */
function imports(file: string): { static: string[]; dynamic: string[] } {
  const source = text(file);
  const statics = [...source.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map(
    (match) => match[1] as string,
  );
  const dynamics = [...source.matchAll(/import\(\s*[`"']\.\/([^`"']+\.js)[`"']\s*\)/g)].map(
    (match) => match[1] as string,
  );
  return { static: statics, dynamic: dynamics };
}

function staticClosure(roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...imports(file).static);
  }
  return seen;
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = html.match(/<script[^>]+src="\/assets\/([^"]+\.js)"/)?.[1];
if (!entry) throw new Error(`No entry script in ${dist}/index.html`);
const files = readdirSync(assets);
const route = files.find((file) => file.startsWith(routePrefix) && file.endsWith('.js'));
if (!route) throw new Error(`No chunk starting with ${routePrefix} in ${assets}`);

const shell = staticClosure([entry]);
const initial = staticClosure([entry, route]);
const routeOnly = [...initial].filter((file) => !shell.has(file));
const lazy = new Set<string>();
for (const file of initial) {
  if (shell.has(file)) continue;
  for (const target of imports(file).dynamic) lazy.add(target);
}
const lazyClosure = [...staticClosure([...lazy])].filter((file) => !initial.has(file));

const total = (list: Iterable<string>) => [...list].reduce((sum, file) => sum + gzipKb(file), 0);
const fmt = (kb: number) => `${kb.toFixed(1)} KB`;

const rows: Array<[string, string, string, string]> = [
  ['Shell (index.html entry + static imports)', String(shell.size), fmt(total(shell)), ''],
  [`${routeName} route chunks (not in the shell)`, String(routeOnly.length), fmt(total(routeOnly)), ''],
  [
    `**Initial JS of ${routeName}**`,
    String(initial.size),
    `**${fmt(total(initial))}**`,
    total(initial) < BUDGET_KB ? `< ${BUDGET_KB} KB ✓` : `over ${BUDGET_KB} KB ✗`,
  ],
  ['Lazy widget chunks (all kinds, incl. charts)', String(lazyClosure.length), fmt(total(lazyClosure)), ''],
];
console.log('| part | chunks | gzip | budget |');
console.log('|---|---:|---:|---|');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
console.log('');
console.log('| largest chunks of the route | raw | gzip |');
console.log('|---|---:|---:|');
for (const file of [...routeOnly, ...lazyClosure].sort((a, b) => gzipKb(b) - gzipKb(a)).slice(0, 8)) {
  console.log(
    `| ${file.replace(/-[\w-]{8}\.js$/, '.js')}${initial.has(file) ? '' : ' (lazy)'} | ${fmt(rawKb(file))} | ${fmt(gzipKb(file))} |`,
  );
}
if (total(initial) >= BUDGET_KB) process.exitCode = 1;
