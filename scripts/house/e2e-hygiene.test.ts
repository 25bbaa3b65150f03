import { readdirSync, readFileSync } from 'node:fs';
import { join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_SCREENSHOTS } from '../../e2e/support/docs-screenshots.ts';

// Two habits of the e2e tier (docs/testing.md): a test run writes only to test-output/ (the screenshots the docs
// show are copied by e2e/support/docs-screenshots.ts, on purpose), and no test waits for "network idle" — a page
// with a WebSocket or polling may never be idle, and idle says nothing about what the test needs; wait for the
// element or the response instead.

const ROOT = normalize(join(import.meta.dirname, '../..'));
const E2E = join(ROOT, 'e2e');
const DOCS_WRITER = 'e2e/support/docs-screenshots.ts';

function e2eHabitViolations(files: ReadonlyMap<string, string>): string[] {
  const violations: string[] = [];
  for (const [file, source] of files) {
    if (/networkidle/.test(source)) violations.push(`${file}: waits for networkidle`);
    if (file !== DOCS_WRITER && /['"`]docs['"`/]|docs\/screenshots/.test(source)) {
      violations.push(`${file}: writes into docs/ (use keepForDocs from ${DOCS_WRITER})`);
    }
  }
  return violations;
}

function readE2eSources(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts'))
        files.set(relative(ROOT, path).split('\\').join('/'), readFileSync(path, 'utf8'));
    }
  };
  walk(E2E);
  return files;
}

describe('e2e habits', () => {
  it('catches planted violations', () => {
    const planted = new Map([
      ['e2e/a.e2e.test.ts', "await page.waitForLoadState('networkidle');"],
      ['e2e/b.e2e.test.ts', "await page.screenshot({ path: join('docs', 'screenshots', 'b.png') });"],
      ['e2e/c.e2e.test.ts', "copyFileSync(path, 'docs/screenshots/c.png');"],
      ['e2e/d.e2e.test.ts', "keepForDocs(await browser.screenshot('asset-drawer'));"],
    ]);
    expect(e2eHabitViolations(planted)).toEqual([
      'e2e/a.e2e.test.ts: waits for networkidle',
      `e2e/b.e2e.test.ts: writes into docs/ (use keepForDocs from ${DOCS_WRITER})`,
      `e2e/c.e2e.test.ts: writes into docs/ (use keepForDocs from ${DOCS_WRITER})`,
    ]);
  });

  it('hold in e2e/', () => {
    expect(e2eHabitViolations(readE2eSources())).toEqual([]);
  });

  it('docs/screenshots holds exactly the screenshots the docs show', () => {
    const kept = readdirSync(join(ROOT, 'docs/screenshots'))
      .filter((name) => name.endsWith('.png'))
      .map((name) => name.replace(/\.png$/, ''));
    // The import progress was taken by hand during a 100,000-row import, too slow for the e2e tier.
    const made = [...DOCS_SCREENSHOTS, 'transactions-import-progress'];
    expect(kept.sort()).toEqual(made.sort());
  });
});
