import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 20, item 4: rules are data in packages/core (lists, limits, defaults) and the web imports them. A web
// constant named like one core exports is a copy that will drift (the widget settings' lists, MAX_PERIODS).

const ROOT = process.env.HOUSE_ROOT ?? join(import.meta.dirname, '..', '..');
const WEB = join(ROOT, 'apps', 'web', 'src');
const CORE = join(ROOT, 'packages', 'core', 'src');

/** Web constants that share a core name but are another thing; each says what it is instead. */
const SAME_NAME_OTHER_THING: Record<string, string> = {
  DATASETS:
    'features/analytics/components/analytics-view-page.tsx: the datasets each analytics page asks for',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Top-level constants in UPPER_SNAKE case: the shape core gives its rules. */
function upperConstants(text: string): string[] {
  return [...text.matchAll(/^(?:export\s+)?const\s+([A-Z][A-Z0-9_]+)\b/gm)].map(
    (match) => match[1] as string,
  );
}

describe('the web takes its rules from core', () => {
  const coreNames = new Set(
    sourceFiles(CORE).flatMap((file) =>
      upperConstants(readFileSync(file, 'utf8')).filter((name) =>
        new RegExp(`^export\\s+const\\s+${name}\\b`, 'm').test(readFileSync(file, 'utf8')),
      ),
    ),
  );

  it('finds core rules', () => {
    expect(coreNames.has('BASE_SETTINGS')).toBe(true);
  });

  it('declares no constant that core exports', () => {
    const offenders = sourceFiles(WEB).flatMap((file) => {
      const path = relative(WEB, file).split('\\').join('/');
      return upperConstants(readFileSync(file, 'utf8'))
        .filter((name) => coreNames.has(name))
        .filter((name) => !SAME_NAME_OTHER_THING[name]?.startsWith(`${path}:`))
        .map((name) => `${path}: ${name}`);
    });
    expect(offenders).toEqual([]);
  });

  it('would catch a copy', () => {
    expect(upperConstants('export const MAX_PERIODS = 5000;\nconst GROUPINGS = [];')).toEqual([
      'MAX_PERIODS',
      'GROUPINGS',
    ]);
  });
});
