import { describe, expect, it } from 'vitest';
import { csvHead, wholeLinesPrefix } from './csv-head.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('csvHead: the first rows of a CSV before any mapping', () => {
  it('reads up to maxRows rows, guessing the delimiter', () => {
    expect(
      csvHead(bytes('Datum;Betrag\n23.01.2019;-12,50\n24.01.2019;3\n'), { encoding: 'utf-8', maxRows: 2 }),
    ).toEqual({
      rows: [
        ['Datum', 'Betrag'],
        ['23.01.2019', '-12,50'],
      ],
      delimiter: ';',
      problem: null,
    });
  });

  it('decodes the named character set, and a BOM overrides it', () => {
    // 'Café' in windows-1252: é is 0xE9.
    const latin = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x2c, 0x31, 0x0a]);
    expect(csvHead(latin, { encoding: 'windows-1252', maxRows: 1 }).rows).toEqual([['Café', '1']]);
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('a,b\n')]);
    expect(csvHead(bom, { encoding: 'windows-1252', maxRows: 1 }).rows).toEqual([['a', 'b']]);
  });

  it('says why the bytes cannot be read instead of throwing', () => {
    expect(csvHead(new Uint8Array([0xe9, 0x0a]), { encoding: 'utf-8', maxRows: 1 })).toEqual({
      rows: [],
      delimiter: ',',
      problem: 'This file is not valid utf-8; choose the character set the bank uses',
    });
    expect(csvHead(bytes('a'), { encoding: 'klingon', maxRows: 1 }).problem).toBe(
      "Unknown character set 'klingon'",
    );
  });
});

describe('wholeLinesPrefix', () => {
  it('keeps a small file whole and cuts a big one after its last line break within the limit', () => {
    const file = bytes('ab\ncd\nef');
    expect(wholeLinesPrefix(file, 100)).toBe(file);
    expect(new TextDecoder().decode(wholeLinesPrefix(file, 7))).toBe('ab\ncd\n');
    expect(new TextDecoder().decode(wholeLinesPrefix(file, 3))).toBe('ab\n');
    expect(new TextDecoder().decode(wholeLinesPrefix(bytes('abcdef'), 4))).toBe('abcd');
  });
});
