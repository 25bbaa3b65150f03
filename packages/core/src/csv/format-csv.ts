// Every CSV we hand out goes through here, so every export is safe to open in a spreadsheet.
import Papa from 'papaparse';

/** A cell a spreadsheet would read as a formula starts like this (OWASP's list: = + - @ tab CR). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal (`-100`, `+2.5`) is a value to every spreadsheet, not a formula, and must stay a number. */
const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?$/;
/** A cell this file neutralised: the quote, then what it protected. */
const NEUTRALISED = /^'[=+\-@\t\r]/;

/**
 * A cell that cannot run as a formula: one that would is prefixed with `'`, which spreadsheets show as
 * text and do not display. Plain numbers are left alone.
 */
export function neutraliseCsvCell(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** The inverse, for importing our own exports: `'=SUM(A1)` reads back as `=SUM(A1)`. */
export function restoreCsvCell(text: string): string {
  return NEUTRALISED.test(text) && !PLAIN_NUMBER.test(text.slice(1)) ? text.slice(1) : text;
}

/** RFC 4180 CSV (CRLF, quoted where needed) with every cell, the header's too, neutralised. */
export function formatCsv(
  fields: readonly string[],
  rows: readonly (readonly (string | null | undefined)[])[],
): string {
  const safe = (cells: readonly (string | null | undefined)[]) =>
    cells.map((cell) => neutraliseCsvCell(cell ?? ''));
  return Papa.unparse({ fields: safe(fields), data: rows.map(safe) }, { newline: '\r\n' });
}
