import { printableName, textProblem } from '@strata/core/text/control-characters';
import { z } from 'zod';

/** The metadata key of a string that carries a file's text, whose control characters are checked per cell. */
const FILE_TEXT_KEY = 'x-file-text';

/**
 * Marks a string field as a file's content (a CSV): the request-wide control-character check skips it
 * and the feature that parses it reports a bad cell by line and column instead. Apply it last
 * (`.min()` and the like make a new schema without the mark).
 */
export function fileText<T extends z.ZodType>(schema: T): T {
  return schema.meta({ [FILE_TEXT_KEY]: true }) as T;
}

function isFileText(schema: z.ZodType): boolean {
  return z.globalRegistry.get(schema)?.[FILE_TEXT_KEY] === true;
}

export interface TControlCharacterIssue {
  path: (string | number)[];
  /** CONTROL_CHARACTER_MESSAGE or UNPAIRED_SURROGATE_MESSAGE (core's text rules). */
  message: string;
}

/** Past this many, one more issue tells a client nothing new; the answer stays small. */
const MAX_ISSUES = 50;

/**
 * No request of ours nests deeper than a few levels (settings blobs included); a body nested thousands of
 * levels deep is refused here, where it is first walked, instead of overflowing the stack (a 500).
 */
export const MAX_NESTING = 64;
export const TOO_DEEP_MESSAGE = `Nested more than ${MAX_NESTING} levels deep`;

type TDef = {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  in?: z.ZodType;
};

/** The schema a value inside `schema` is checked against, through wrappers; undefined once it is not known. */
function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let current = schema;
  for (let depth = 0; current && depth < 16; depth++) {
    if (isFileText(current)) return current;
    const def = current._zod.def as TDef;
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return current;
  }
  return current;
}

function childSchema(schema: z.ZodType | undefined, key: string | number): z.ZodType | undefined {
  if (!schema) return undefined;
  const def = schema._zod.def as TDef;
  // Own keys only: a body key such as `constructor` or `__proto__` must not find Object.prototype's members.
  if (def.type === 'object' && typeof key === 'string') {
    return def.shape && Object.hasOwn(def.shape, key) ? unwrap(def.shape[key]) : undefined;
  }
  if (def.type === 'array') return unwrap(def.element);
  return undefined;
}

/**
 * Every string (and object key) in a request part that our database cannot take or that holds a control
 * character (core's `textProblem`), by path. Applies to
 * every route at once (the validator compiler calls it), so no field can forget it. `schema` only tells
 * which fields are files' text; everything else is walked as plain data, nested JSON blobs included.
 */
export function controlCharacterIssues(data: unknown, schema?: z.ZodType): TControlCharacterIssue[] {
  const issues: TControlCharacterIssue[] = [];
  // One path, pushed and popped: copied only for an issue (a 10k-row bulk body is walked in ~20 ms).
  const path: (string | number)[] = [];
  const visit = (value: unknown, at: z.ZodType | undefined) => {
    if (issues.length >= MAX_ISSUES) return;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem && !(at && isFileText(at))) issues.push({ path: [...path], message: problem });
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    if (at && isFileText(at)) return;
    if (path.length >= MAX_NESTING) {
      issues.push({ path: [...path], message: TOO_DEEP_MESSAGE });
      return;
    }
    if (Array.isArray(value)) {
      const element = childSchema(at, 0);
      for (let index = 0; index < value.length; index++) {
        path.push(index);
        visit(value[index], element);
        path.pop();
      }
      return;
    }
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const keyProblem = textProblem(key);
      if (keyProblem) {
        if (issues.length < MAX_ISSUES)
          issues.push({ path: [...path, printableName(key)], message: keyProblem });
        continue;
      }
      const item = (value as Record<string, unknown>)[key];
      path.push(key);
      visit(item, typeof item === 'object' || typeof item === 'string' ? childSchema(at, key) : undefined);
      path.pop();
    }
  };
  visit(data, unwrap(schema));
  return issues;
}
