// Which characters no text of ours may hold. PostgreSQL refuses U+0000 in `text` and `jsonb` (the request
// would fail as a 500); the other C0 controls it stores, but no field of ours means them and they hide
// in logs, exports and spreadsheets. Tab, line feed and carriage return are ordinary text (notes, CSV).
// The set is the one XML 1.0 refuses, a rule people already know.

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export const CONTROL_CHARACTER_MESSAGE = 'Must not contain control characters (such as NUL)';

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** A field name fit to print: its control characters as `\u0000` escapes. */
export function printableName(text: string): string {
  return text.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the same set as above.
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
