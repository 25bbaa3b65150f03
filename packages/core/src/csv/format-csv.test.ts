import { describe, expect, it } from 'vitest';
import { formatCsv, neutraliseCsvCell, restoreCsvCell } from './format-csv.ts';

describe('neutraliseCsvCell', () => {
  it('prefixes a quote to what a spreadsheet would run', () => {
    expect(neutraliseCsvCell('=HYPERLINK("http://x","y")')).toBe('\'=HYPERLINK("http://x","y")');
    expect(neutraliseCsvCell('+1+cmd|calc')).toBe("'+1+cmd|calc");
    expect(neutraliseCsvCell('-2+3')).toBe("'-2+3");
    expect(neutraliseCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutraliseCsvCell('\t=1')).toBe("'\t=1");
    expect(neutraliseCsvCell('\r=1')).toBe("'\r=1");
  });

  it('leaves plain numbers and ordinary text alone', () => {
    expect(neutraliseCsvCell('-100')).toBe('-100');
    expect(neutraliseCsvCell('+2.5')).toBe('+2.5');
    expect(neutraliseCsvCell('a=b')).toBe('a=b');
    expect(neutraliseCsvCell('')).toBe('');
  });

  it('is undone by restoreCsvCell, which leaves everything else as it is', () => {
    for (const text of ['=1+1', '-x', '@a', '\tb', '-100', 'plain', "'quoted", "'-5"]) {
      expect(restoreCsvCell(neutraliseCsvCell(text))).toBe(text);
    }
  });
});

describe('formatCsv', () => {
  it('neutralises every cell and quotes what needs it, CRLF between lines', () => {
    expect(
      formatCsv(
        ['Name', 'Amount'],
        [
          ['=cmd', '-100'],
          ['a,b', null],
          ['"q"', '-1-1'],
        ],
      ),
    ).toBe('Name,Amount\r\n\'=cmd,-100\r\n"a,b",\r\n"""q""",\'-1-1');
  });
});
