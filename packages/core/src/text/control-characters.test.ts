import { describe, expect, it } from 'vitest';
import { hasControlCharacter, printableName, textProblem } from './control-characters.ts';

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

describe('textProblem', () => {
  it('names a control character first, then an unpaired surrogate; a pair is fine', () => {
    expect(textProblem('a\u0000\uD800')).toBe('Must not contain control characters (such as NUL)');
    expect(textProblem('a\uD800b')).toBe('Must be valid Unicode (it holds an unpaired surrogate)');
    expect(textProblem('\uDC00')).toBe('Must be valid Unicode (it holds an unpaired surrogate)');
    expect(textProblem('🙂 \uD83D\uDE42')).toBeUndefined();
  });
});

describe('printableName', () => {
  it('escapes control characters and lone surrogates and keeps the rest', () => {
    expect(printableName('a\u0000b\u001Fc\td')).toBe('a\\u0000b\\u001fc\td');
    expect(printableName('x\uD800y🙂\uDC00')).toBe('x\\ud800y🙂\\udc00');
  });
});
