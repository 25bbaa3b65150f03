import { describe, expect, it } from 'vitest';
import { hasControlCharacter, printableName } from './control-characters.ts';

describe('hasControlCharacter', () => {
  it('finds NUL and the other C0 controls', () => {
    expect(hasControlCharacter('a\u0000b')).toBe(true);
    expect(hasControlCharacter('\u0001')).toBe(true);
    expect(hasControlCharacter('bell\u0007')).toBe(true);
    expect(hasControlCharacter('\u000B')).toBe(true);
    expect(hasControlCharacter('\u000C')).toBe(true);
    expect(hasControlCharacter('esc\u001B[0m')).toBe(true);
    expect(hasControlCharacter('\u001F')).toBe(true);
  });

  it('lets tab, line feed, carriage return and ordinary text through', () => {
    expect(hasControlCharacter('a\tb\nc\r\nd')).toBe(false);
    expect(hasControlCharacter('Zürich – 東京 🙂 \u007F')).toBe(false);
    expect(hasControlCharacter('')).toBe(false);
  });
});

describe('printableName', () => {
  it('escapes control characters and keeps the rest', () => {
    expect(printableName('a\u0000b\u001Fc\td')).toBe('a\\u0000b\\u001fc\td');
  });
});
