// Bank CSV exports read through a saved mapping profile: a user maps a bank's columns once (which column
// is the date, in which format, which decimal separator, one signed amount or inflow/outflow columns, the
// encoding, how many rows precede the data) and every later file from that bank reuses the profile.
// papaparse does the CSV syntax (quotes, delimiters); this file does the mapping.
import Papa from 'papaparse';
import { toAmountString, toDecimal } from '../money/decimal.ts';
import { bomEncoding, normalizeCharset } from './decode.ts';
import {
  StatementError,
  type TRowFailure,
  type TStatement,
  type TStatementFile,
  type TStatementResult,
  toResult,
} from './model.ts';
import { calendarDate, parseAmountWith } from './values.ts';

/** A column by its 0-based position or by its header text (matched trimmed, case-insensitively). */
export type TCsvColumn = number | string;

export interface TCsvProfile {
  /** WHATWG label ('utf-8', 'windows-1252', 'iso-8859-1', 'euc-jp', 'gb18030', …). A BOM overrides it. */
  encoding: string;
  /** One character; omitted: papaparse guesses among , ; tab |. */
  delimiter?: string;
  /** Rows before the data; column names are read from the last of them. 0 = no header (columns by position). */
  headerRows: number;
  /** Tokens YYYY, YY, MM, M, DD, D; anything else is a literal separator: 'YYYY-MM-DD', 'DD.MM.YYYY', 'M/D/YY'. */
  dateFormat: string;
  decimalSeparator: '.' | ',';
  /** '' (none), ',', '.', ' ' or "'" (Swiss). */
  thousandsSeparator: string;
  columns: {
    date: TCsvColumn;
    /** One signed amount column … */
    amount?: TCsvColumn;
    /** … or money in and money out in two columns (both written positive). */
    inflow?: TCsvColumn;
    outflow?: TCsvColumn;
    payee?: TCsvColumn;
    memo?: TCsvColumn;
    fitId?: TCsvColumn;
    checkNumber?: TCsvColumn;
    category?: TCsvColumn;
    currency?: TCsvColumn;
  };
  /** Card exports often write purchases positive: 'invert' flips every amount. Default 'as-is'. */
  amountSign?: 'as-is' | 'invert';
  account?: { number?: string; name?: string; type?: string };
  /** The statement currency when no currency column says it per row. */
  currency?: string;
}

export function parseCsv(bytes: Uint8Array, profile: TCsvProfile): TStatementResult {
  return toResult(() => readCsv(bytes, profile));
}

function readCsv(bytes: Uint8Array, profile: TCsvProfile): TStatementFile {
  const encoding = bomEncoding(bytes) ?? normalizeCharset(profile.encoding);
  if (encoding === null)
    throw new StatementError('INVALID_PROFILE', `Unknown character set '${profile.encoding}'`);
  if (
    profile.columns.amount === undefined &&
    profile.columns.inflow === undefined &&
    profile.columns.outflow === undefined
  ) {
    throw new StatementError(
      'INVALID_PROFILE',
      'The profile maps no amount column (nor inflow/outflow columns)',
    );
  }
  const readDate = compileDateFormat(profile.dateFormat);
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw new StatementError(
      'BAD_ENCODING',
      `This file is not valid ${encoding}; choose the character set the bank uses in the mapping profile`,
    );
  }
  const parsed = Papa.parse<string[]>(text, { delimiter: profile.delimiter ?? '', skipEmptyLines: 'greedy' });
  const rows = parsed.data;
  const header = profile.headerRows > 0 ? rows[profile.headerRows - 1] : undefined;
  const resolve = (column: TCsvColumn | undefined, role: string): number | null => {
    if (column === undefined) return null;
    if (typeof column === 'number') return column;
    if (header === undefined) {
      throw new StatementError(
        'INVALID_PROFILE',
        `The ${role} column is named '${column}' but the profile has no header row`,
      );
    }
    const wanted = column.trim().toLowerCase();
    const index = header.findIndex((name) => name.trim().toLowerCase() === wanted);
    if (index === -1) {
      throw new StatementError(
        'MALFORMED_CSV',
        `The ${role} column '${column}' is not in this file's header (${header.map((name) => `'${name.trim()}'`).join(', ')})`,
      );
    }
    return index;
  };
  const columns = {
    date: resolve(profile.columns.date, 'date')!,
    amount: resolve(profile.columns.amount, 'amount'),
    inflow: resolve(profile.columns.inflow, 'inflow'),
    outflow: resolve(profile.columns.outflow, 'outflow'),
    payee: resolve(profile.columns.payee, 'payee'),
    memo: resolve(profile.columns.memo, 'memo'),
    fitId: resolve(profile.columns.fitId, 'id'),
    checkNumber: resolve(profile.columns.checkNumber, 'check number'),
    category: resolve(profile.columns.category, 'category'),
    currency: resolve(profile.columns.currency, 'currency'),
  };
  const statement: TStatement = {
    kind: profile.account?.type?.toUpperCase() === 'CREDITCARD' ? 'credit_card' : 'bank',
    account: {
      number: profile.account?.number ?? null,
      name: profile.account?.name ?? null,
      type: profile.account?.type ?? null,
      bankId: null,
      branchId: null,
      brokerId: null,
    },
    currency: profile.currency ?? null,
    startDate: null,
    endDate: null,
    asOfDate: null,
    transactions: [],
    investmentTransactions: [],
    positions: [],
    ledgerBalance: null,
    availableBalance: null,
    cashBalance: null,
    failures: [],
  };
  const currencies = new Set<string>();
  const lineOf = lineNumbers(parsed.meta.linebreak, text);
  for (let index = profile.headerRows; index < rows.length; index++) {
    const row = rows[index]!;
    const line = lineOf(index);
    const cell = (column: number | null): string | null => {
      if (column === null) return null;
      const value = row[column]?.trim();
      return value === undefined || value === '' ? null : value;
    };
    const fitId = cell(columns.fitId);
    const fail = (code: TRowFailure['code'], message: string): void => {
      statement.failures.push({ code, message, line, fitId });
    };
    const rawDate = cell(columns.date);
    if (rawDate === null) {
      fail('MISSING_DATE', `Row ${line} has no date`);
      continue;
    }
    const date = readDate(rawDate);
    if (date === null) {
      fail('INVALID_DATE', `Row ${line}: '${rawDate}' is not a date in the format ${profile.dateFormat}`);
      continue;
    }
    const amount = readAmount(cell, columns, profile);
    if (typeof amount !== 'string') {
      fail(amount.code, `Row ${line}: ${amount.message}`);
      continue;
    }
    const currency = cell(columns.currency)?.toUpperCase() ?? null;
    if (currency !== null) currencies.add(currency);
    statement.transactions.push({
      fitId,
      date,
      time: null,
      utcOffsetMinutes: null,
      userDate: null,
      type: amount.startsWith('-') ? 'DEBIT' : 'CREDIT',
      rawType: null,
      amount,
      payee: cell(columns.payee),
      memo: cell(columns.memo),
      checkNumber: cell(columns.checkNumber),
      referenceNumber: null,
      category: cell(columns.category),
      currency,
      currencyRate: null,
    });
  }
  if (statement.currency === null && currencies.size === 1) statement.currency = [...currencies][0]!;
  if (statement.transactions.length + statement.failures.length === 0) {
    throw new StatementError('NO_STATEMENT', 'This CSV file holds no rows after its header');
  }
  return { format: 'csv', encoding, statements: [statement], securities: [], warnings: [] };
}

function readAmount(
  cell: (column: number | null) => string | null,
  columns: { amount: number | null; inflow: number | null; outflow: number | null },
  profile: TCsvProfile,
): string | { code: TRowFailure['code']; message: string } {
  const read = (raw: string): string | null =>
    parseAmountWith(raw, profile.decimalSeparator, profile.thousandsSeparator);
  let amount: string | null;
  if (columns.amount !== null) {
    const raw = cell(columns.amount);
    if (raw === null) return { code: 'MISSING_AMOUNT', message: 'the amount is empty' };
    amount = read(raw);
    if (amount === null) return { code: 'INVALID_AMOUNT', message: `'${raw}' is not an amount` };
  } else {
    const rawIn = cell(columns.inflow);
    const rawOut = cell(columns.outflow);
    if (rawIn === null && rawOut === null)
      return { code: 'MISSING_AMOUNT', message: 'inflow and outflow are both empty' };
    const inflow = rawIn === null ? '0' : read(rawIn);
    const outflow = rawOut === null ? '0' : read(rawOut);
    if (inflow === null) return { code: 'INVALID_AMOUNT', message: `inflow '${rawIn}' is not an amount` };
    if (outflow === null) return { code: 'INVALID_AMOUNT', message: `outflow '${rawOut}' is not an amount` };
    amount = subtract(inflow, outflow.replace(/^-/, ''));
  }
  if (profile.amountSign === 'invert' && amount !== '0')
    amount = amount.startsWith('-') ? amount.slice(1) : `-${amount}`;
  return amount;
}

function subtract(left: string, right: string): string {
  return toAmountString(toDecimal(left).minus(toDecimal(right)));
}

const DATE_TOKENS = /YYYY|YY|MM|M|DD|D/g;

/** A reader for a date format such as 'DD.MM.YYYY'; throws INVALID_PROFILE when the format lacks a part. */
export function compileDateFormat(format: string): (raw: string) => string | null {
  const order: string[] = [];
  let pattern = '^';
  let last = 0;
  for (const match of format.matchAll(DATE_TOKENS)) {
    pattern += escapeRegExp(format.slice(last, match.index));
    const token = match[0];
    order.push(token);
    pattern += token === 'YYYY' ? '(\\d{4})' : token.length === 2 ? '(\\d{2})' : '(\\d{1,2})';
    last = match.index + token.length;
  }
  pattern += `${escapeRegExp(format.slice(last))}$`;
  const has = (letter: string): boolean => order.some((token) => token.startsWith(letter));
  if (!has('Y') || !has('M') || !has('D') || order.length !== 3) {
    throw new StatementError(
      'INVALID_PROFILE',
      `The date format '${format}' needs one year (YYYY or YY), one month (MM or M) and one day (DD or D)`,
    );
  }
  const regex = new RegExp(pattern);
  return (raw) => {
    const match = regex.exec(raw.trim());
    if (!match) return null;
    let year = 0;
    let month = 0;
    let day = 0;
    order.forEach((token, index) => {
      const value = Number(match[index + 1]);
      if (token === 'YYYY') year = value;
      else if (token === 'YY') year = value < 70 ? 2000 + value : 1900 + value;
      else if (token.startsWith('M')) month = value;
      else day = value;
    });
    return calendarDate(year, month, day);
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// papaparse does not report each row's line; counting line breaks outside quotes gives it, once, linearly.
function lineNumbers(linebreak: string, text: string): (rowIndex: number) => number {
  const starts: number[] = [];
  let line = 1;
  let isQuoted = false;
  let isRowStart = true;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (isRowStart && char !== '\r' && char !== '\n') {
      starts.push(line);
      isRowStart = false;
    }
    if (char === '"') isQuoted = !isQuoted;
    if (char === '\n' || (char === '\r' && linebreak === '\r')) {
      line++;
      if (!isQuoted) isRowStart = true;
    }
  }
  return (rowIndex) => starts[rowIndex] ?? rowIndex + 1;
}
