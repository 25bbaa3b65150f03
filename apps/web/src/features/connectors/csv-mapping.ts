import { parseCsv, type TCsvProfile } from '@strata/core/statements/csv';
import { csvHead, wholeLinesPrefix } from '@strata/core/statements/csv-head';

// The manual loader's CSV mapping (linked seed §7): the form's draft, the profile the server is sent, and the
// preview of the first rows as core's own CSV parser maps them — the same code the server runs, so what the
// preview shows is what the load will store.

/** A column as the form holds it: a header name when the file has a header, else a position from '0'. */
export type TColumnChoice = string;

export const CSV_ROLES = [
  'date',
  'amount',
  'inflow',
  'outflow',
  'payee',
  'memo',
  'fitId',
  'checkNumber',
] as const;
export type TCsvRole = (typeof CSV_ROLES)[number];

export const CSV_ROLE_LABELS: Record<TCsvRole, string> = {
  date: 'Date column',
  amount: 'Amount column',
  inflow: 'Inflow column',
  outflow: 'Outflow column',
  payee: 'Payee column',
  memo: 'Memo column',
  fitId: 'Transaction id column',
  checkNumber: 'Check number column',
};

export interface TCsvDraft {
  encoding: string;
  /** '' lets the parser guess among , ; tab |. */
  delimiter: string;
  headerRows: number;
  dateFormat: string;
  decimalSeparator: '.' | ',';
  thousandsSeparator: string;
  /** One signed amount column, or money in and money out in two columns. */
  amountMode: 'signed' | 'inflow-outflow';
  amountSign: 'as-is' | 'invert';
  columns: Partial<Record<TCsvRole, TColumnChoice>>;
}

export const DEFAULT_CSV_DRAFT: TCsvDraft = {
  encoding: 'utf-8',
  delimiter: '',
  headerRows: 1,
  dateFormat: 'YYYY-MM-DD',
  decimalSeparator: '.',
  thousandsSeparator: '',
  amountMode: 'signed',
  amountSign: 'as-is',
  columns: {},
};

export const CSV_ENCODINGS = ['utf-8', 'windows-1252', 'iso-8859-1', 'utf-16le'] as const;
export const CSV_DATE_FORMATS = [
  'YYYY-MM-DD',
  'DD.MM.YYYY',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'M/D/YYYY',
  'YYYYMMDD',
] as const;

/** How much of the file the preview reads: enough for its first rows, never the whole of a big file. */
export const PREVIEW_BYTES = 64 * 1024;
export const PREVIEW_ROWS = 5;

/** The column choices the form offers: the header's names, or 'Column N' by position without a header. */
export function columnOptions(
  bytes: Uint8Array,
  draft: Pick<TCsvDraft, 'encoding' | 'delimiter' | 'headerRows'>,
): { value: string; label: string }[] {
  const head = csvHead(wholeLinesPrefix(bytes, PREVIEW_BYTES), {
    encoding: draft.encoding,
    delimiter: draft.delimiter || undefined,
    maxRows: Math.max(draft.headerRows, 1) + 1,
  });
  if (draft.headerRows > 0) {
    const header = head.rows[draft.headerRows - 1] ?? [];
    return header
      .map((name) => name.trim())
      .filter((name) => name !== '')
      .map((name) => ({ value: name, label: name }));
  }
  const first = head.rows[0] ?? [];
  return first.map((cell, index) => ({
    value: String(index),
    label: `Column ${index + 1}${cell.trim() ? ` (${cell.trim().slice(0, 20)})` : ''}`,
  }));
}

/** The profile the server is sent; a column is by name with a header row, else by its position. */
export function profileOf(draft: TCsvDraft): TCsvProfile {
  const column = (role: TCsvRole): string | number | undefined => {
    const choice = draft.columns[role];
    if (choice === undefined || choice === '') return undefined;
    return draft.headerRows > 0 ? choice : Number(choice);
  };
  const isSigned = draft.amountMode === 'signed';
  const columns: TCsvProfile['columns'] = { date: column('date') ?? '' };
  const roles: [TCsvRole, keyof TCsvProfile['columns']][] = [
    ['amount', 'amount'],
    ['inflow', 'inflow'],
    ['outflow', 'outflow'],
    ['payee', 'payee'],
    ['memo', 'memo'],
    ['fitId', 'fitId'],
    ['checkNumber', 'checkNumber'],
  ];
  for (const [role, key] of roles) {
    if (isSigned && (role === 'inflow' || role === 'outflow')) continue;
    if (!isSigned && role === 'amount') continue;
    const value = column(role);
    if (value !== undefined) columns[key] = value;
  }
  return {
    encoding: draft.encoding,
    ...(draft.delimiter ? { delimiter: draft.delimiter } : {}),
    headerRows: draft.headerRows,
    dateFormat: draft.dateFormat,
    decimalSeparator: draft.decimalSeparator,
    thousandsSeparator: draft.thousandsSeparator,
    columns,
    amountSign: draft.amountSign,
  };
}

/** What the form still lacks before a load can be asked for; null when the draft is complete. */
export function draftProblem(draft: TCsvDraft): string | null {
  if (!draft.columns.date) return 'Choose the date column';
  if (draft.amountMode === 'signed' && !draft.columns.amount) return 'Choose the amount column';
  if (draft.amountMode === 'inflow-outflow' && !draft.columns.inflow && !draft.columns.outflow) {
    return 'Choose the inflow or the outflow column';
  }
  return null;
}

export interface TCsvPreviewRow {
  date: string;
  amount: string;
  payee: string;
  memo: string;
}

export type TCsvPreview =
  | { ok: true; rows: TCsvPreviewRow[]; failures: string[] }
  | { ok: false; message: string };

/** The first rows of the file as the draft maps them, and the rows among them that cannot be read. */
export function previewCsv(bytes: Uint8Array, draft: TCsvDraft): TCsvPreview {
  const problem = draftProblem(draft);
  if (problem) return { ok: false, message: problem };
  const prefix = wholeLinesPrefix(bytes, PREVIEW_BYTES);
  const result = parseCsv(prefix, profileOf(draft));
  if (!result.ok) return { ok: false, message: result.error.message };
  const statement = result.file.statements[0];
  const rows = (statement?.transactions ?? []).slice(0, PREVIEW_ROWS).map((row) => ({
    date: row.date,
    amount: row.amount,
    payee: row.payee ?? '',
    memo: row.memo ?? '',
  }));
  const failures = (statement?.failures ?? []).slice(0, PREVIEW_ROWS).map((failure) => failure.message);
  return { ok: true, rows, failures };
}
