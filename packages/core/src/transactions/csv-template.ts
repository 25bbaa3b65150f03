// The transaction import/export template (core seed §5, DOMAIN.md): one transaction per line, accounts and
// assets by name. The seed's header names amounts and assets only for the first two entries; a third and
// fourth entry (a buy's fee, a capital call's cash) need theirs too. The rule (docs/transactions.md,
// *Template*): an export is the seed's header, column for column; only when one of its transactions has a
// third or fourth entry are `amount3, asset3, amount4, asset4` appended after `description`. Import reads
// columns by name, so the seed's columns alone, ours, or any order of them all work.
import Papa from 'papaparse';
import { formatCsv, restoreCsvCell } from '../csv/format-csv.ts';
import { textProblem } from '../text/control-characters.ts';

export const TEMPLATE_COLUMNS = [
  'type',
  'date',
  'account1',
  'amount1',
  'asset1',
  'account2',
  'amount2',
  'asset2',
  'account3',
  'account4',
  'description',
] as const;
export const EXTRA_COLUMNS = ['amount3', 'asset3', 'amount4', 'asset4'] as const;
export const EXPORT_COLUMNS = [...TEMPLATE_COLUMNS, ...EXTRA_COLUMNS] as const;

export interface TTemplateEntry {
  account: string;
  amount: string;
  asset: string;
}

export interface TTemplateRow {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  type: string;
  date: string;
  description: string;
  /** Up to four entries in slot order; a slot whose cells are all blank is an empty entry. */
  entries: TTemplateEntry[];
}

export interface TTemplateError {
  line: number;
  field: string;
  message: string;
}

export type TTemplateParse = { ok: true; rows: TTemplateRow[] } | { ok: false; errors: TTemplateError[] };

/** A cell as written, a formula guard of our own export (`'=…`) taken off. */
const cell = (record: Record<string, string | undefined>, name: string) =>
  restoreCsvCell((record[name] ?? '').trim()).trim();

/** Parses template text (a file or a paste; comma, semicolon or tab separated, detected). */
export function parseTemplate(text: string): TTemplateParse {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const header = parsed.meta.fields ?? [];
  const missing = TEMPLATE_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) {
    return {
      ok: false,
      errors: [{ line: 1, field: 'header', message: `Missing columns: ${missing.join(', ')}` }],
    };
  }
  const errors: TTemplateError[] = parsed.errors
    .filter((error) => error.type !== 'Delimiter')
    .map((error) => ({ line: (error.row ?? 0) + 2, field: 'row', message: error.message }));
  if (errors.length > 0) return { ok: false, errors };
  // The cells that reach the database; the request-wide check leaves a file's text to us (fileText).
  parsed.data.forEach((record, index) => {
    for (const column of EXPORT_COLUMNS) {
      const problem = textProblem(record[column] ?? '');
      if (problem) errors.push({ line: index + 2, field: column, message: problem });
    }
  });
  if (errors.length > 0) return { ok: false, errors };
  const rows = parsed.data.map((record, index): TTemplateRow => {
    const entries: TTemplateEntry[] = [1, 2, 3, 4].map((slot) => ({
      account: cell(record, `account${slot}`),
      amount: cell(record, `amount${slot}`),
      asset: cell(record, `asset${slot}`),
    }));
    while (entries.length > 0) {
      const last = entries[entries.length - 1] as TTemplateEntry;
      if (last.account || last.amount || last.asset) break;
      entries.pop();
    }
    return {
      line: index + 2,
      type: cell(record, 'type'),
      date: cell(record, 'date'),
      description: cell(record, 'description'),
      entries,
    };
  });
  return { ok: true, rows };
}

export interface TExportTransaction {
  type: string;
  date: string;
  description: string | null;
  entries: readonly { account: string; amount: string; asset: string }[];
}

/**
 * The template text of transactions (names already resolved), header first, CRLF line ends (RFC 4180);
 * the seed's eleven columns, and the four of the third and fourth entries only when some row needs them;
 * a name or description a spreadsheet would run as a formula is neutralised (parseTemplate undoes it).
 */
export function formatTemplate(transactions: readonly TExportTransaction[]): string {
  const columns = transactions.some((transaction) => transaction.entries.length > 2)
    ? EXPORT_COLUMNS
    : TEMPLATE_COLUMNS;
  const rows = transactions.map((transaction) => {
    const entry = (slot: number) => transaction.entries[slot];
    const record: Record<(typeof EXPORT_COLUMNS)[number], string> = {
      type: transaction.type,
      date: transaction.date,
      account1: entry(0)?.account ?? '',
      amount1: entry(0)?.amount ?? '',
      asset1: entry(0)?.asset ?? '',
      account2: entry(1)?.account ?? '',
      amount2: entry(1)?.amount ?? '',
      asset2: entry(1)?.asset ?? '',
      account3: entry(2)?.account ?? '',
      account4: entry(3)?.account ?? '',
      description: transaction.description ?? '',
      amount3: entry(2)?.amount ?? '',
      asset3: entry(2)?.asset ?? '',
      amount4: entry(3)?.amount ?? '',
      asset4: entry(3)?.asset ?? '',
    };
    return columns.map((column) => record[column]);
  });
  return formatCsv(columns, rows);
}
