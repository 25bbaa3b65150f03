// Paths the JSON picker hands to a mapping: RFC 9535 normalized-path style, readable where it can be.

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The path of `key` under `parent`: `$.memo`, `$.items[0]`, `$['a key']`. */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  if (IDENTIFIER.test(key)) return `${parent}.${key}`;
  return `${parent}['${key.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}']`;
}
