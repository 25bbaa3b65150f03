import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { controlCharacterIssues, fileText } from './control-characters.ts';

const CONTROL = 'Must not contain control characters (such as NUL)';
const SURROGATE = 'Must be valid Unicode (it holds an unpaired surrogate)';

describe('controlCharacterIssues', () => {
  const schema = z.object({
    name: z.string(),
    csv: fileText(z.string().min(1)).optional(),
    rows: z.array(z.object({ note: z.string(), file: fileText(z.string()) })),
    settings: z.record(z.string(), z.unknown()),
  });

  it('finds strings and keys at any depth, by path', () => {
    const issues = controlCharacterIssues(
      {
        name: 'a\u0000',
        rows: [{ note: 'ok' }, { note: '\u0007' }],
        settings: { deep: { list: ['x', 'y\u001F', 'lone \uD800'] }, 'k\u0000': 1, 'pair 🙂': '\uDC00' },
      },
      schema,
    );
    expect(issues).toEqual([
      { path: ['name'], message: CONTROL },
      { path: ['rows', 1, 'note'], message: CONTROL },
      { path: ['settings', 'deep', 'list', 1], message: CONTROL },
      { path: ['settings', 'deep', 'list', 2], message: SURROGATE },
      { path: ['settings', 'k\\u0000'], message: CONTROL },
      { path: ['settings', 'pair 🙂'], message: SURROGATE },
    ]);
  });

  it('leaves fields marked as file text to their parser, through optional and arrays', () => {
    expect(
      controlCharacterIssues(
        { name: 'n', csv: 'a\u0000b', rows: [{ note: 'n', file: '\u0000' }], settings: {} },
        schema,
      ),
    ).toEqual([]);
  });

  it("walks keys named like Object.prototype's members as plain data (the fuzzer's constructor key was a 500)", () => {
    for (const key of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
      const body = JSON.parse(`{"name":"n","${key}":{"x":"a\\u0000","y":["b"]}}`);
      expect(controlCharacterIssues(body, schema)).toEqual([{ path: [key, 'x'], message: CONTROL }]);
    }
  });

  it('refuses nesting deeper than 64 levels instead of overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`);
    expect(controlCharacterIssues(deep)).toEqual([
      { path: Array.from({ length: 64 }, () => 0), message: 'Nested more than 64 levels deep' },
    ]);
    const deepObject = JSON.parse(`${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`);
    expect(controlCharacterIssues({ name: 'n', settings: deepObject }, schema)).toHaveLength(1);
    const fine = JSON.parse(`${'['.repeat(64)}"x"${']'.repeat(64)}`);
    expect(controlCharacterIssues(fine)).toEqual([]);
  });

  it('walks data without a schema, and stops at 50 issues', () => {
    expect(controlCharacterIssues(Array.from({ length: 80 }, () => '\u0000'))).toHaveLength(50);
    expect(controlCharacterIssues({ a: 'tab\tline\nreturn\r' })).toEqual([]);
  });
});
