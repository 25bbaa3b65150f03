// Which text no field of ours may hold. PostgreSQL refuses U+0000 in `text` and `jsonb`, and a lone UTF-16
// surrogate in `jsonb` (in `text` it silently becomes U+FFFD); either was a 500. The other C0 controls it
// stores, but no field of ours means them and they hide in logs, exports and spreadsheets. Tab, line feed
// and carriage return are ordinary text (notes, CSV). The control set is the one XML 1.0 refuses.

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export const CONTROL_CHARACTER_MESSAGE = 'Must not contain control characters (such as NUL)';
export const UNPAIRED_SURROGATE_MESSAGE = 'Must be valid Unicode (it holds an unpaired surrogate)';

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** What is wrong with a text for our database, or undefined when nothing is. */
export function textProblem(text: string): string | undefined {
  if (CONTROL_CHARACTER.test(text)) return CONTROL_CHARACTER_MESSAGE;
  if (!text.isWellFormed()) return UNPAIRED_SURROGATE_MESSAGE;
  return undefined;
}

/** A field name fit to print: its control characters and lone surrogates as `\u0000` escapes. */
export function printableName(text: string): string {
  return text.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the same set as above, and lone surrogates.
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
