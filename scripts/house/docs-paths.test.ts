import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The docs point readers at files (`apps/server/src/…`, links to screenshots). When a refactor moves or
// splits a file, the doc that names it is out of date; this names those docs so they change with the code.

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCS = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).map((name) => `docs/${name}`)].filter(
  (file) => file.endsWith('.md'),
);
/** Written by builds and test runs, not kept in the repository. */
const GENERATED = ['apps/web/dist', 'test-output'];
/** A backticked path from the repository's root: a top folder, then path characters only (no globs). */
const ROOTED_PATH = /`((?:apps|packages|scripts|docs|e2e|bench|config|\.ci)\/[\w./-]+)`/g;
const LINK = /\]\(([^)\s]+)\)/g;

function brokenReferences(doc: string, text: string): string[] {
  const broken: string[] = [];
  for (const [, named] of text.matchAll(ROOTED_PATH)) {
    const target = (named as string).replace(/\/$/, '');
    if (GENERATED.some((root) => target === root || target.startsWith(`${root}/`))) continue;
    if (!existsSync(path.join(ROOT, target))) broken.push(`${doc}: \`${target}\` does not exist`);
  }
  for (const [, href] of text.matchAll(LINK)) {
    const target = (href as string).split('#')[0] as string;
    if (target === '' || /^[a-z]+:/i.test(target)) continue;
    const resolved = path.resolve(ROOT, path.dirname(doc), decodeURI(target));
    if (!resolved.startsWith(`${ROOT}${path.sep}`))
      broken.push(`${doc}: (${href}) leads outside the repository`);
    else if (!existsSync(resolved)) broken.push(`${doc}: (${href}) does not exist`);
  }
  return broken;
}

describe('paths named in the docs', () => {
  it('exist in the repository', () => {
    expect(DOCS.length).toBeGreaterThan(10);
    expect(DOCS.flatMap((doc) => brokenReferences(doc, readFileSync(path.join(ROOT, doc), 'utf8')))).toEqual(
      [],
    );
  });

  it('reads paths and links', () => {
    const text =
      'See `apps/server/src/gone.ts`, `packages/core/src/**/*.ts` (a glob), `apps/web/dist`, ' +
      '[the tests](testing.md), [away](../../elsewhere.md), [web](https://example.com).';
    expect(brokenReferences('docs/x.md', text)).toEqual([
      'docs/x.md: `apps/server/src/gone.ts` does not exist',
      'docs/x.md: (../../elsewhere.md) leads outside the repository',
    ]);
  });
});
