// QIF (Quicken Interchange Format): one field per line, a one-letter code then the value, '^' ends a
// record. QIF has no ids, no currency and no standard date order, so the caller says the order (US files,
// the common case, are month first) and de-duplication falls back to the fuzzy match.
import { decodeDeclared, normalizeCharset } from './decode.ts';
import {
  StatementError,
  type TInvestmentKind,
  type TRowFailure,
  type TSecurity,
  type TSecurityKind,
  type TStatement,
  type TStatementFile,
  type TStatementResult,
  type TStatementTransaction,
  toResult,
} from './model.ts';
import { calendarDate, parseLooseAmount } from './values.ts';

export type TDateOrder = 'MDY' | 'DMY' | 'YMD';

export interface TQifOptions {
  /** How to read a date such as 01/02/2024; ISO 'YYYY-MM-DD' is read as such whatever this says. Default MDY. */
  dateOrder?: TDateOrder;
  /** QIF names no charset; default: UTF-8 when the bytes are valid UTF-8, else Windows-1252. */
  encoding?: string;
  /** The statement currency, which QIF cannot carry. */
  currency?: string;
}

const BANK_TYPES = new Set(['bank', 'cash', 'ccard', 'oth a', 'oth l']);

export function looksLikeQif(head: string): boolean {
  return /^\s*!(type|account|option|clear)/i.test(head);
}

export function parseQif(bytes: Uint8Array, options: TQifOptions = {}): TStatementResult {
  return toResult(() => readQif(bytes, options));
}

interface TAccountBlock {
  name: string | null;
  type: string | null;
}

function readQif(bytes: Uint8Array, options: TQifOptions): TStatementFile {
  const declared = options.encoding === undefined ? null : normalizeCharset(options.encoding);
  if (options.encoding !== undefined && declared === null) {
    throw new StatementError('INVALID_PROFILE', `Unknown character set '${options.encoding}'`);
  }
  const decoded = decodeDeclared(bytes, declared);
  const lines = decoded.text.split(/\r\n|\r|\n/);
  const dateOrder = options.dateOrder ?? 'MDY';
  const statements: TStatement[] = [];
  let current: TStatement | null = null;
  let section: 'account' | 'transactions' | 'investments' | 'securities' | 'ignored' | null = null;
  const securities: TSecurity[] = [];
  let account: TAccountBlock = { name: null, type: null };
  let pendingAccount: TAccountBlock | null = null;
  let record: { line: number; fields: [string, string][] } | null = null;

  const finishRecord = (): void => {
    if (record === null) return;
    if (section === 'account') {
      const name = record.fields.find(([code]) => code === 'N')?.[1] ?? null;
      const type = record.fields.find(([code]) => code === 'T')?.[1] ?? null;
      pendingAccount = { name, type };
    } else if (section === 'transactions' && current !== null && record.fields.length > 0) {
      readRecord(record.line, record.fields, dateOrder, current);
    } else if (section === 'investments' && current !== null && record.fields.length > 0) {
      readInvestmentRecord(record.line, record.fields, dateOrder, current);
    } else if (section === 'securities') {
      const name = record.fields.find(([code]) => code === 'N')?.[1];
      if (name) {
        securities.push({
          id: { uniqueId: name, idType: 'NAME' },
          kind: securityKind(record.fields.find(([code]) => code === 'T')?.[1] ?? null),
          name,
          ticker: record.fields.find(([code]) => code === 'S')?.[1] || null,
          unitPrice: null,
          currency: null,
        });
      }
    }
    record = null;
  };

  for (let index = 0; index < lines.length; index++) {
    const text = lines[index]!.trimEnd();
    if (text.trim() === '') continue;
    if (text.startsWith('!')) {
      finishRecord();
      const header = text.slice(1).trim();
      const lower = header.toLowerCase();
      if (lower === 'account') {
        section = 'account';
      } else if (lower.startsWith('type:')) {
        const type = header.slice(5).trim();
        const lowerType = type.toLowerCase();
        if (lowerType === 'security') {
          section = 'securities';
          continue;
        }
        const isInvestment = lowerType === 'invst';
        if (!isInvestment && !BANK_TYPES.has(lowerType)) {
          section = 'ignored';
          continue;
        }
        account = pendingAccount ?? { name: null, type };
        pendingAccount = null;
        current = emptyStatement(account, type, options.currency ?? null);
        statements.push(current);
        section = isInvestment ? 'investments' : 'transactions';
      } else {
        // !Option:AutoSwitch, !Clear:AutoSwitch, category and class lists: nothing to import.
        section = lower.startsWith('option') || lower.startsWith('clear') ? section : 'ignored';
      }
      continue;
    }
    if (section === null) {
      throw new StatementError(
        'MALFORMED_QIF',
        `This QIF file does not start with a !Type header (line ${index + 1})`,
      );
    }
    if (text.startsWith('^')) {
      finishRecord();
      continue;
    }
    record ??= { line: index + 1, fields: [] };
    record.fields.push([text[0]!, text.slice(1).trim()]);
  }
  finishRecord();

  const withRows = statements.filter(
    (statement) =>
      statement.transactions.length + statement.investmentTransactions.length + statement.failures.length > 0,
  );
  if (withRows.length === 0) throw new StatementError('NO_STATEMENT', 'This QIF file holds no transactions');
  return { format: 'qif', encoding: decoded.encoding, statements: withRows, securities, warnings: [] };
}

function emptyStatement(account: TAccountBlock, type: string, currency: string | null): TStatement {
  const lower = type.toLowerCase();
  return {
    kind: lower === 'ccard' ? 'credit_card' : lower === 'invst' ? 'investment' : 'bank',
    account: {
      number: null,
      name: account.name,
      type: account.type ?? type,
      bankId: null,
      branchId: null,
      brokerId: null,
    },
    currency,
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
}

function readRecord(line: number, fields: [string, string][], order: TDateOrder, into: TStatement): void {
  const first = (code: string): string | null => {
    const value = fields.find(([candidate]) => candidate === code)?.[1];
    return value === undefined || value === '' ? null : value;
  };
  const fail = (code: TRowFailure['code'], message: string): void => {
    into.failures.push({ code, message, line, fitId: null });
  };
  const rawDate = first('D');
  if (rawDate === null) {
    fail('MISSING_DATE', 'The D (date) line is missing');
    return;
  }
  const date = parseQifDate(rawDate, order);
  if (date === null) {
    fail('INVALID_DATE', `D '${rawDate}' is not a valid date`);
    return;
  }
  const rawAmount = first('T') ?? first('U');
  if (rawAmount === null) {
    fail('MISSING_AMOUNT', 'The T (amount) line is missing');
    return;
  }
  const amount = parseLooseAmount(rawAmount);
  if (amount === null) {
    fail('INVALID_AMOUNT', `T '${rawAmount}' is not an amount`);
    return;
  }
  const transaction: TStatementTransaction = {
    fitId: null,
    date,
    time: null,
    utcOffsetMinutes: null,
    userDate: null,
    type: amount.startsWith('-') ? 'DEBIT' : 'CREDIT',
    rawType: null,
    amount,
    payee: first('P'),
    memo: first('M'),
    checkNumber: first('N'),
    referenceNumber: null,
    category: first('L'),
    currency: null,
    currencyRate: null,
  };
  into.transactions.push(transaction);
}

// Quicken's investment actions. The amount T is written positive; the action gives the direction. A
// trailing X (BuyX, DivX …) means the cash moved through another account (L): same security effect.
const INVESTMENT_ACTIONS: Record<string, { kind: TInvestmentKind; units: 1 | -1 | 0; cash: 1 | -1 }> = {
  buy: { kind: 'buy', units: 1, cash: -1 },
  sell: { kind: 'sell', units: -1, cash: 1 },
  div: { kind: 'income', units: 0, cash: 1 },
  intinc: { kind: 'income', units: 0, cash: 1 },
  cglong: { kind: 'income', units: 0, cash: 1 },
  cgmid: { kind: 'income', units: 0, cash: 1 },
  cgshort: { kind: 'income', units: 0, cash: 1 },
  miscinc: { kind: 'income', units: 0, cash: 1 },
  rtrncap: { kind: 'income', units: 0, cash: 1 },
  reinvdiv: { kind: 'reinvest', units: 1, cash: -1 },
  reinvint: { kind: 'reinvest', units: 1, cash: -1 },
  reinvlg: { kind: 'reinvest', units: 1, cash: -1 },
  reinvmd: { kind: 'reinvest', units: 1, cash: -1 },
  reinvsh: { kind: 'reinvest', units: 1, cash: -1 },
  shrsin: { kind: 'transfer', units: 1, cash: 1 },
  shrsout: { kind: 'transfer', units: -1, cash: 1 },
  stksplit: { kind: 'split', units: 1, cash: 1 },
};
// Cash-only actions land in the statement's cash transactions, signed by their direction.
const CASH_ACTIONS: Record<string, 1 | -1> = {
  xin: 1,
  xout: -1,
  contribx: 1,
  withdrwx: -1,
  miscexp: -1,
  margint: -1,
  cash: 1,
};

function readInvestmentRecord(
  line: number,
  fields: [string, string][],
  order: TDateOrder,
  into: TStatement,
): void {
  const first = (code: string): string | null => {
    const value = fields.find(([candidate]) => candidate === code)?.[1];
    return value === undefined || value === '' ? null : value;
  };
  const fail = (code: TRowFailure['code'], message: string): void => {
    into.failures.push({ code, message, line, fitId: null });
  };
  const rawDate = first('D');
  if (rawDate === null) {
    fail('MISSING_DATE', 'The D (date) line is missing');
    return;
  }
  const date = parseQifDate(rawDate, order);
  if (date === null) {
    fail('INVALID_DATE', `D '${rawDate}' is not a valid date`);
    return;
  }
  const rawAction = first('N') ?? '';
  const action = rawAction.toLowerCase();
  const number = (code: string): string | null | false => {
    const raw = first(code);
    if (raw === null) return null;
    return parseLooseAmount(raw) ?? false;
  };
  const total = number('T') ?? number('U');
  const units = number('Q');
  const price = number('I');
  const commission = number('O');
  for (const [code, value] of [
    ['T', total],
    ['Q', units],
    ['I', price],
    ['O', commission],
  ] as const) {
    if (value === false) {
      fail('INVALID_AMOUNT', `${code} '${first(code)}' is not a number`);
      return;
    }
  }
  const signed = (value: string | null | false, sign: number): string | null => {
    if (value === null || value === false) return null;
    const magnitude = value.replace(/^-/, '');
    return sign < 0 && magnitude !== '0' ? `-${magnitude}` : magnitude;
  };
  const cashSign = CASH_ACTIONS[action];
  if (cashSign !== undefined) {
    if (total === null || total === false) {
      fail('MISSING_AMOUNT', `The T (amount) line of ${rawAction} is missing`);
      return;
    }
    into.transactions.push({
      fitId: null,
      date,
      time: null,
      utcOffsetMinutes: null,
      userDate: null,
      type: cashSign < 0 ? 'DEBIT' : 'CREDIT',
      rawType: rawAction,
      amount: signed(total, cashSign)!,
      payee: first('P'),
      memo: first('M'),
      checkNumber: null,
      referenceNumber: null,
      category: first('L'),
      currency: null,
      currencyRate: null,
    });
    return;
  }
  const known =
    INVESTMENT_ACTIONS[action.endsWith('x') ? action.slice(0, -1) : action] ?? INVESTMENT_ACTIONS[action];
  const security = first('Y');
  into.investmentTransactions.push({
    fitId: null,
    kind: known?.kind ?? 'other',
    ofxType: rawAction === '' ? 'QIF' : rawAction,
    action: rawAction === '' ? null : rawAction.toUpperCase(),
    date,
    settleDate: null,
    security: security === null ? null : { uniqueId: security, idType: 'NAME' },
    units: known === undefined || known.units === 0 ? signed(units, 1) : signed(units, known.units),
    unitPrice: signed(price, 1),
    commission: signed(commission, 1),
    fees: null,
    total:
      known === undefined || known.kind === 'transfer' || known.kind === 'split'
        ? signed(total, 1)
        : signed(total, known.cash),
    currency: null,
    memo: first('M'),
  });
}

function securityKind(type: string | null): TSecurityKind {
  const lower = type?.toLowerCase() ?? '';
  if (lower.includes('stock') || lower.includes('etf')) return 'stock';
  if (lower.includes('fund')) return 'mutual_fund';
  if (lower.includes('bond')) return 'debt';
  if (lower.includes('option')) return 'option';
  return 'other';
}

/**
 * QIF dates: '12/19/18', '6/24/2024', Quicken's "12/19'18" (the apostrophe marks 2000+), '19.12.2018',
 * and ISO '2018-12-19'. Two-digit years below 70 are 20xx.
 */
export function parseQifDate(raw: string, order: TDateOrder): string | null {
  const text = raw.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const parts = /^(\d{1,4})\s*[/.-]\s*(\d{1,2})\s*(['/.-])\s*(\d{2,4})$/.exec(text);
  if (!parts) return null;
  const numbers = [parts[1]!, parts[2]!, parts[4]!];
  const [a, b, c] = numbers.map(Number) as [number, number, number];
  const year2 = (value: number, digits: number, isApostrophe: boolean): number => {
    if (digits > 2) return value;
    if (isApostrophe) return 2000 + value;
    return value < 70 ? 2000 + value : 1900 + value;
  };
  const isApostrophe = parts[3] === "'";
  if (order === 'YMD') return calendarDate(year2(a, parts[1]!.length, false), b, c);
  const year = year2(c, parts[4]!.length, isApostrophe);
  return order === 'MDY' ? calendarDate(year, a, b) : calendarDate(year, b, a);
}
