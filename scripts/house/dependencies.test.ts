import { readdirSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/dependencies.md: each workspace declares what its sources import and imports what it declares; the
// packages DESIGN.md wants pinned are exact versions.

const ROOT = normalize(join(import.meta.dirname, '../..'));
const WORKSPACES = ['packages/core', 'packages/contracts', 'packages/db', 'apps/server', 'apps/web'];

interface TPackageJson {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** Declared but never imported by name, each for a reason. */
const NOT_IMPORTED: Record<string, string> = {
  '@better-auth/core': 'peer of better-auth and @better-auth/passkey, pinned with them (DESIGN.md)',
  recharts: 'peer of @mantine/charts',
  vite: 'the web build (apps/web/vite.config.ts)',
  '@vitejs/plugin-react': 'the web build and the web test project (vitest.config.ts)',
  'happy-dom': "the web test project's environment (vitest.config.ts)",
};

/** Exact versions (DESIGN.md): a `^` here brings back a conflict or an unread prerelease. */
const EXACT = [
  /^better-auth$/,
  /^@better-auth\/(core|passkey)$/,
  /^pg-boss$/,
  /^@mantine\//,
  /^@glideapps\/glide-data-grid$/,
];

const readJson = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as TPackageJson;

const SPECIFIER =
  /\b(?:import|export)\s(type\s)?[^;'"]*?\bfrom\s*['"]([^'"\s.][^'"\s]*)['"]|\bimport\s*\(\s*['"]([^'"\s.][^'"\s]*)['"]\s*\)/g;

function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
}

const isTestFile = (path: string) => /\.test\.tsx?$|\.fixture\.ts$|\/testing(\.ts|\/)|\/test\//.test(path);

/** The packages a workspace's sources import: by name, whether only from tests, whether only as types. */
function importsOf(workspace: string): Map<string, { inShipped: boolean; asValue: boolean }> {
  const found = new Map<string, { inShipped: boolean; asValue: boolean }>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) {
        const source = readFileSync(join(ROOT, path), 'utf8');
        for (const match of source.matchAll(SPECIFIER)) {
          const specifier = (match[2] ?? match[3]) as string;
          if (specifier.startsWith('node:')) continue;
          // A Vite plugin's virtual module (vite-plugin-pwa's `virtual:pwa-register`) is served by the plugin, not a package.
          if (specifier.startsWith('virtual:')) continue;
          const name = packageOf(specifier);
          const seen = found.get(name) ?? { inShipped: false, asValue: false };
          seen.inShipped ||= !isTestFile(path);
          seen.asValue ||= !match[1];
          found.set(name, seen);
        }
      }
    }
  };
  walk(`${workspace}/src`);
  return found;
}

const root = readJson('package.json');
const rootDev = new Set(Object.keys(root.devDependencies ?? {}));

describe.each(WORKSPACES)('%s', (workspace) => {
  const pkg = readJson(`${workspace}/package.json`);
  const declared = new Set([
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.devDependencies ?? {}),
  ]);
  const imports = importsOf(workspace);

  it('declares every package its shipped sources import', () => {
    const undeclared = [...imports]
      .filter(([name, seen]) => seen.inShipped && name !== pkg.name)
      // A type-only import is declared by its @types package.
      .filter(([name, seen]) => !declared.has(name) && (seen.asValue || !declared.has(`@types/${name}`)))
      .map(([name]) => name);
    expect(undeclared).toEqual([]);
  });

  it("declares its tests' imports here or at the root", () => {
    const undeclared = [...imports]
      .filter(([name]) => name !== pkg.name && !declared.has(name) && !declared.has(`@types/${name}`))
      .filter(([name]) => !rootDev.has(name))
      .map(([name]) => name);
    expect(undeclared).toEqual([]);
  });

  it('imports every runtime dependency it declares', () => {
    const unused = Object.keys(pkg.dependencies ?? {}).filter(
      (name) => !imports.has(name) && !(name in NOT_IMPORTED),
    );
    expect(unused).toEqual([]);
  });

  it('pins exactly what DESIGN.md asks', () => {
    const ranged = Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })
      .filter(([name]) => EXACT.some((pattern) => pattern.test(name)))
      .filter(([, version]) => !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version))
      .map(([name, version]) => `${name}@${version}`);
    expect(ranged).toEqual([]);
  });
});
