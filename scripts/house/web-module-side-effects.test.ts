import { readdirSync, readFileSync } from 'node:fs';
import { join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// apps/web/vite.config.ts tells the bundler that the features' modules have no import side effects, so a feature
// index's unused re-exports are dropped from a route's first load (docs/benchmarks.md, "Web bundle"). That is only
// true while no feature module runs code when it is imported: a statement at the top level that is not a
// declaration, or a bare import of a script (for what it does rather than what it exports), would be dropped
// silently from any route that uses nothing else of that module. This test keeps it true.

const FEATURES = normalize(join(import.meta.dirname, '../../apps/web/src/features'));

// A top-level line may open a declaration or an import/export, close a bracket of one, or be a comment.
const DECLARATION =
  /^(?:import|export|const|let|var|function|async function|class|abstract class|interface|type|enum|declare|\/\/|\/\*|\*|[}\])>]|$)/;
const BARE_IMPORT = /^import\s*['"]([^'"]+)['"]/;

interface TSideEffect {
  file: string;
  line: number;
  text: string;
}

/** Lines of `source` (a module) that run code on import. Lines inside template literals are skipped. */
function findImportSideEffects(file: string, source: string): TSideEffect[] {
  const found: TSideEffect[] = [];
  let inTemplate = false;
  source.split('\n').forEach((text, index) => {
    const wasInTemplate = inTemplate;
    if ((text.match(/`/g)?.length ?? 0) % 2 === 1) inTemplate = !inTemplate;
    if (wasInTemplate || /^\s/.test(text)) return;
    const bare = BARE_IMPORT.exec(text);
    if (bare) {
      if (!/\.css(?:\?.*)?$/.test(bare[1] as string)) found.push({ file, line: index + 1, text });
      return;
    }
    if (!DECLARATION.test(text)) found.push({ file, line: index + 1, text });
  });
  return found;
}

function featureModules(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (
        /\.tsx?$/.test(entry.name) &&
        !/\.test\.tsx?$/.test(entry.name) &&
        entry.name !== 'testing.ts'
      ) {
        files.set(relative(FEATURES, path).split('\\').join('/'), readFileSync(path, 'utf8'));
      }
    }
  };
  walk(FEATURES);
  return files;
}

describe('web feature modules run no code on import', () => {
  it('catches planted side effects and lets declarations through', () => {
    const source = [
      "import { lazy } from 'react';",
      "import './panel.css';",
      "import './register-widgets.ts';",
      "export const Panel = lazy(() => import('./panel.tsx'));",
      'registerWidget(Panel);',
      "window.addEventListener('online', refresh);",
      'const help = `',
      'not code: a template line',
      '`;',
      'export function refresh() {',
      '  return 1;',
      '}',
      'type TA = { a: string };',
    ].join('\n');
    expect(findImportSideEffects('x.tsx', source).map((effect) => effect.line)).toEqual([3, 5, 6]);
  });

  it('holds for every feature module', () => {
    const effects = [...featureModules()].flatMap(([file, source]) => findImportSideEffects(file, source));
    expect(effects, 'move the code into a function, or out of apps/web/src/features').toEqual([]);
  });
});
