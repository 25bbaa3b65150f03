import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 20, item 1: the endpoint objects in packages/contracts are the one source of the web's paths and
// answer types. The web calls `callEndpoint(endpoint, …)`; `apiFetch` is its engine, not a second way in.

const ROOT = process.env.HOUSE_ROOT ?? join(import.meta.dirname, '..', '..');
const WEB = join(ROOT, 'apps', 'web', 'src');
const CONTRACTS = join(ROOT, 'packages', 'contracts', 'src');
/** The API layer itself: the client and the endpoint caller built on it. */
const API_LAYER = new Set(['shared/api/api-client.ts', 'shared/api/call-endpoint.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Names the contracts export: each `TName` type and `ZName` schema (a `ZName` stands for its `TName`). */
function contractNames(sources: readonly string[]): { types: Set<string>; schemas: Set<string> } {
  const types = new Set<string>();
  const schemas = new Set<string>();
  for (const text of sources) {
    for (const [, name] of text.matchAll(/export\s+(?:type|interface)\s+(T\w+)/g)) types.add(name as string);
    for (const [, name] of text.matchAll(/export\s+const\s+Z(\w+)\s*=/g)) {
      schemas.add(`Z${name}`);
      types.add(`T${name}`);
    }
  }
  return { types, schemas };
}

/** Calls that bypass the contracts: a path written by hand (`apiFetch('/x')`, `apiFetch(`/x/${id}`)`). */
function pathCallsIn(text: string): string[] {
  return [...text.matchAll(/\bapiFetch\s*(?:<[^>(]*>)?\s*\(\s*['"`]/g)].map((match) => match[0]);
}

/** An answer typed by hand at the call (`apiFetch<TPage>(…)`) instead of by the endpoint's response schema. */
function typedCallsIn(text: string): string[] {
  return [...text.matchAll(/\bapiFetch\s*<[^>(]*>\s*\(/g)].map((match) => match[0]);
}

/**
 * Web types that share a contract type's name but are another thing; each says what it is instead.
 * A new name here needs the same reason: a copy of a contract type is imported, not written again.
 */
const SAME_NAME_OTHER_THING: Record<string, string> = {
  TImportResult:
    "features/repositories/import-repository.ts: the repository import flow's outcome, not POST /transactions/import's answer",
  TEntryDraft:
    "features/transactions/transaction-draft.ts: an entry as the form shows it (percent ×100), not the request's entry",
};

function isOtherThing(declaration: string, path: string): boolean {
  const name = declaration.match(/\b[TZ][A-Z]\w*/)?.[0] ?? '';
  return SAME_NAME_OTHER_THING[name]?.startsWith(`${path}:`) ?? false;
}

/** Declarations that write out again a type or schema the contracts export (aliases of them are fine). */
function redeclaredIn(text: string, names: { types: Set<string>; schemas: Set<string> }): string[] {
  const found: string[] = [];
  for (const [line, name] of text.matchAll(/\binterface\s+(T\w+)/g)) {
    if (names.types.has(name as string)) found.push(line);
  }
  for (const [line, name] of text.matchAll(/\btype\s+(T\w+)\s*(?:<[^=]*>)?\s*=\s*\{/g)) {
    if (names.types.has(name as string)) found.push(line);
  }
  for (const [line, name] of text.matchAll(/\bconst\s+(Z\w+)\s*(?::[^=]*)?=\s*z\b/g)) {
    if (names.schemas.has(name as string)) found.push(line);
  }
  return found;
}

describe('the web calls endpoints from their contracts', () => {
  const names = contractNames(sourceFiles(CONTRACTS).map((file) => readFileSync(file, 'utf8')));
  const web = sourceFiles(WEB).map((file) => ({
    path: relative(WEB, file).split('\\').join('/'),
    text: readFileSync(file, 'utf8'),
  }));

  it('finds the contracts and the web app', () => {
    expect(names.types.has('TTransactionPage')).toBe(true);
    expect(web.length).toBeGreaterThan(100);
  });

  it('passes no path string to apiFetch and types no answer by hand', () => {
    const offenders = web.flatMap(({ path, text }) => [
      ...pathCallsIn(text).map((call) => `${path}: ${call}`),
      ...(API_LAYER.has(path) ? [] : typedCallsIn(text).map((call) => `${path}: ${call}`)),
    ]);
    expect(offenders).toEqual([]);
  });

  it('calls apiFetch only inside the API layer (everything else goes through callEndpoint)', () => {
    const offenders = web
      .filter(({ path, text }) => !API_LAYER.has(path) && /\bapiFetch\b/.test(text))
      .map(({ path }) => path);
    expect(offenders).toEqual([]);
  });

  it('re-declares no type or schema the contracts export', () => {
    const offenders = web.flatMap(({ path, text }) =>
      redeclaredIn(text, names)
        .filter((declaration) => !isOtherThing(declaration, path))
        .map((declaration) => `${path}: ${declaration}`),
    );
    expect(offenders).toEqual([]);
  });

  it('would catch the habits it guards against', () => {
    expect(pathCallsIn("apiFetch('/transactions', { signal })")).toHaveLength(1);
    expect(pathCallsIn('apiFetch<TPage>(`/assets/a-1`)')).toHaveLength(1);
    expect(typedCallsIn('apiFetch<TPage>(`/assets/a-1`)')).toHaveLength(1);
    expect(pathCallsIn('apiFetch(fillPath(endpoint.url, params), options)')).toEqual([]);
    const known = { types: new Set(['TTransactionPage']), schemas: new Set(['ZSession']) };
    expect(redeclaredIn('export interface TTransactionPage {', known)).toHaveLength(1);
    expect(redeclaredIn('type TTransactionPage = { data: [] }', known)).toHaveLength(1);
    expect(redeclaredIn('export const ZSession = z.object({})', known)).toHaveLength(1);
    expect(redeclaredIn('type TTransactionPage = TEndpointResponse<typeof listTransactions>', known)).toEqual(
      [],
    );
  });
});
