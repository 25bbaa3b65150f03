import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 20 item 1: the endpoint objects of packages/contracts are the one source of every API route's
// method, URL and schemas. The server registers routes only through plugins/route-from-endpoint.ts, so a
// URL or schema typed into a route by hand (which drifts from what the web app calls) fails here.

const root = join(import.meta.dirname, '..', '..');
const serverSource = join(root, 'apps/server/src');
const contractsSource = join(root, 'packages/contracts/src');

/** The one place that calls Fastify's route registration with the endpoint's own method and URL. */
const HELPER = 'apps/server/src/plugins/route-from-endpoint.ts';

/**
 * Routes with no contract, each for a reason: better-auth serves its own /api/auth/* endpoints (the proxy
 * hands it every method under that prefix).
 */
/** Contracts of better-auth's own endpoints (behind the /api/auth/* proxy): the web reads their answers through them. */
const SERVED_BY_BETTER_AUTH = new Set(['getSession']);

const ALLOWED_HAND_WRITTEN = [{ file: 'apps/server/src/features/auth/auth.routes.ts', url: '/api/auth/*' }];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts'))
    .filter((path) => !/\.test\.ts$|\.matrix\.ts$/.test(path) && !path.split(/[\\/]/).includes('testing'))
    .map((path) => join(directory, path));
}

interface TRouteViolation {
  file: string;
  line: number;
  text: string;
}

/** Route registrations that do not go through the helper: `x.route({…})` or `x.get('/…', …)` and the like. */
function handWrittenRoutes(file: string, text: string): TRouteViolation[] {
  const violations: TRouteViolation[] = [];
  const registration = /\.(?:route\s*\(|(?:get|post|put|patch|delete|head|options|all)\s*\(\s*['"`]\/)/g;
  for (const match of text.matchAll(registration)) {
    const at = match.index;
    const line = text.slice(0, at).split('\n').length;
    const window = text.slice(at, at + 400);
    const isAllowed = ALLOWED_HAND_WRITTEN.some(
      (allowed) => allowed.file === file && window.includes(`url: '${allowed.url}'`),
    );
    if (!isAllowed) violations.push({ file, line, text: text.split('\n')[line - 1]?.trim() ?? '' });
  }
  return violations;
}

describe('server routes come from the contracts', () => {
  const files = sourceFiles(serverSource).map((path) => ({
    file: relative(root, path).split('\\').join('/'),
    text: readFileSync(path, 'utf8'),
  }));

  it('registers no route by hand (only route-from-endpoint.ts calls app.route)', () => {
    const violations = files
      .filter(({ file }) => file !== HELPER)
      .flatMap(({ file, text }) => handWrittenRoutes(file, text));
    expect(violations).toEqual([]);
  });

  it('serves every endpoint the contracts define', () => {
    const endpoints = sourceFiles(contractsSource).flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(/export const (\w+) = defineEndpoint\(/g)].map(
        (match) => match[1] as string,
      ),
    );
    expect(endpoints.length).toBeGreaterThan(80);
    const served = new Set(
      files.flatMap(({ text }) =>
        [...text.matchAll(/\b(?:routeFrom\(\s*\w+,|route\()\s*(\w+)\s*,/g)].map((match) => match[1]),
      ),
    );
    expect(endpoints.filter((name) => !served.has(name) && !SERVED_BY_BETTER_AUTH.has(name))).toEqual([]);
  });

  it('catches a planted hand-written route', () => {
    const planted = [
      "app.route({ method: 'GET', url: '/tags', handler });",
      "app.get('/tags', async () => []);",
      'instance.post(`/x`, handler);',
    ];
    for (const text of planted)
      expect(handWrittenRoutes('apps/server/src/x.routes.ts', text)).toHaveLength(1);
    expect(handWrittenRoutes('apps/server/src/x.ts', "headers.get('cookie'); map.get(key);")).toEqual([]);
  });
});
