import { describe, expect, it } from 'vitest';
import { detectStatementFormat, parseStatement } from './parse-statement.ts';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('parseStatement', () => {
  it('recognises formats from the bytes', () => {
    expect(detectStatementFormat(bytes('OFXHEADER:100\nDATA:OFXSGML\n\n<OFX></OFX>'))).toBe('ofx');
    expect(detectStatementFormat(bytes('\n\n<OFX>\n<SIGNONMSGSRSV1>'))).toBe('ofx');
    expect(detectStatementFormat(bytes('\ufeff!Type:Bank\nD1/1/24\n'))).toBe('qif');
    expect(detectStatementFormat(bytes('\ufeff"Date","Amount"\n'))).toBe('csv');
    expect(detectStatementFormat(bytes('{1:F01BANK}\n{4:\n:20:X\n'))).toBe('mt940');
    expect(
      detectStatementFormat(
        bytes('<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04">'),
      ),
    ).toBe('camt');
    expect(detectStatementFormat(bytes('<html><body>hello</body></html>'))).toBe('unknown');
  });

  it('refuses with a message that says what to do', () => {
    expect(parseStatement(new Uint8Array())).toEqual({
      ok: false,
      error: { code: 'NOT_A_STATEMENT', message: 'The file is empty' },
    });
    expect(parseStatement(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toEqual({
      ok: false,
      error: { code: 'NOT_A_STATEMENT', message: 'This file is not an OFX, QFX, QIF or CSV statement' },
    });
    expect(parseStatement(bytes('Date,Amount\n2024-01-01,1\n'))).toEqual({
      ok: false,
      error: {
        code: 'INVALID_PROFILE',
        message: 'This looks like a CSV file: map its columns in a CSV profile to import it',
      },
    });
  });
});
