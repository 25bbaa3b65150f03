// The typed result of reading a statement file (OFX 1.x/2.x, QFX, QIF, CSV). Every parser returns this one
// shape, so the importer, the de-duplication matcher and the screens never care which format a file was.
// Amounts are canonical decimal strings (toAmountString: '-1500', '115.8331'), dates calendar 'YYYY-MM-DD'.
// docs/statements.md describes each field and where it comes from in each format.

export type TStatementFormat = 'ofx-sgml' | 'ofx-xml' | 'qif' | 'csv';

/** OFX's transaction types (OFX 2.1.1 §11.4.4.3); anything else a bank sends becomes OTHER (its text kept in rawType). */
export const OFX_TRANSACTION_TYPES = [
  'CREDIT',
  'DEBIT',
  'INT',
  'DIV',
  'FEE',
  'SRVCHG',
  'DEP',
  'ATM',
  'POS',
  'XFER',
  'CHECK',
  'PAYMENT',
  'CASH',
  'DIRECTDEP',
  'DIRECTDEBIT',
  'REPEATPMT',
  'HOLD',
  'OTHER',
] as const;
export type TTransactionType = (typeof OFX_TRANSACTION_TYPES)[number];

export interface TStatementFile {
  format: TStatementFormat;
  /** The character set the bytes were decoded with (a WHATWG label: 'utf-8', 'windows-1252', …). */
  encoding: string;
  statements: TStatement[];
  /** Securities the file describes (OFX SECLIST), referred to by investment transactions and positions. */
  securities: TSecurity[];
  /** Things worth telling the user that did not stop the import (e.g. a blank balance amount). */
  warnings: string[];
}

export type TStatementKind = 'bank' | 'credit_card' | 'investment';

export interface TStatementAccount {
  /** The account number as the institution writes it (OFX ACCTID); null when the file has none (QIF, most CSV). */
  number: string | null;
  /** A display name where the format carries one (QIF !Account N, a CSV profile's account name). */
  name: string | null;
  /** OFX ACCTTYPE (CHECKING, SAVINGS, MONEYMRKT, CREDITLINE, CD), CREDITCARD, INVESTMENT, or the QIF type. */
  type: string | null;
  /** Routing ids: OFX BANKID and BRANCHID for banks, BROKERID for brokers. */
  bankId: string | null;
  branchId: string | null;
  brokerId: string | null;
}

export interface TBalance {
  amount: string;
  /** The date the balance is as of; null when the file gives none or an invalid one. */
  date: string | null;
}

export interface TStatement {
  kind: TStatementKind;
  account: TStatementAccount;
  /** ISO 4217 code of the statement (OFX CURDEF); null when the file does not say (QIF, CSV without one). */
  currency: string | null;
  /** The period the institution says the list covers (OFX DTSTART/DTEND); null when absent. */
  startDate: string | null;
  endDate: string | null;
  /** Investment statements: the date positions and balances are as of (INVSTMTRS DTASOF). */
  asOfDate: string | null;
  /** Cash movements: bank and card transactions, and an investment account's INVBANKTRAN. */
  transactions: TStatementTransaction[];
  /** Trades, income, reinvestments and transfers of securities (investment statements only). */
  investmentTransactions: TInvestmentTransaction[];
  /** Holdings as of asOfDate (investment statements only). */
  positions: TPosition[];
  /** OFX LEDGERBAL (the booked balance), AVAILBAL, and an investment account's AVAILCASH. */
  ledgerBalance: TBalance | null;
  availableBalance: TBalance | null;
  cashBalance: TBalance | null;
  /** Entries that could not be read (no or impossible date, no amount); the rest of the statement imports. */
  failures: TRowFailure[];
}

export interface TStatementTransaction {
  /** The institution's unique id for the transaction (OFX FITID); null when the file has none. */
  fitId: string | null;
  /** The posting date as the institution wrote it (no time-zone shift: the bank's own calendar day). */
  date: string;
  /** 'HH:MM:SS' when the file gives a time, with its UTC offset in minutes when it gives one. */
  time: string | null;
  utcOffsetMinutes: number | null;
  /** OFX DTUSER (the date the user made the transaction) when present and valid. */
  userDate: string | null;
  type: TTransactionType;
  /** The type text as written ('Credit', '1', a QIF cleared flag is not a type); null when absent. */
  rawType: string | null;
  /** Signed: negative takes money out of the account. */
  amount: string;
  /** OFX NAME (or PAYEE/NAME), QIF P, a CSV payee column. */
  payee: string | null;
  memo: string | null;
  checkNumber: string | null;
  /** OFX REFNUM. */
  referenceNumber: string | null;
  /** QIF L or a CSV category column (as written, ':' hierarchy kept). */
  category: string | null;
  /** The transaction's own currency when it differs from the statement's (OFX CURRENCY/ORIGCURRENCY CURSYM). */
  currency: string | null;
  /** OFX CURRATE of that currency, as written. */
  currencyRate: string | null;
}

export type TInvestmentKind = 'buy' | 'sell' | 'income' | 'reinvest' | 'transfer' | 'split' | 'other';

export interface TSecurityId {
  /** CUSIP, ISIN, a ticker or the broker's private id. */
  uniqueId: string;
  idType: string | null;
}

export interface TInvestmentTransaction {
  fitId: string | null;
  kind: TInvestmentKind;
  /** The OFX aggregate (BUYSTOCK, SELLMF, INCOME, REINVEST, TRANSFER, …) or the QIF action. */
  ofxType: string;
  /** BUYTYPE/SELLTYPE/INCOMETYPE/TFERACTION (BUY, SELL, DIV, CGLONG, IN, OUT, …); null when absent. */
  action: string | null;
  /** DTTRADE. */
  date: string;
  settleDate: string | null;
  security: TSecurityId | null;
  /** Signed as written: negative units leave the account (sells, transfers out). */
  units: string | null;
  unitPrice: string | null;
  commission: string | null;
  fees: string | null;
  /** The cash effect as written (negative for buys); null for transfers of shares. */
  total: string | null;
  currency: string | null;
  memo: string | null;
}

export interface TPosition {
  security: TSecurityId;
  /** POSSTOCK → stock, POSMF → mutual_fund, POSDEBT → debt, POSOPT → option, POSOTHER → other. */
  securityKind: TSecurityKind;
  /** LONG or SHORT. */
  positionType: string | null;
  /** HELDINACCT: CASH, MARGIN, SHORT, OTHER. */
  heldIn: string | null;
  units: string;
  unitPrice: string | null;
  marketValue: string | null;
  priceDate: string | null;
  currency: string | null;
  memo: string | null;
}

export type TSecurityKind = 'stock' | 'mutual_fund' | 'debt' | 'option' | 'other';

export interface TSecurity {
  id: TSecurityId;
  kind: TSecurityKind;
  name: string | null;
  ticker: string | null;
  unitPrice: string | null;
  currency: string | null;
}

export type TRowFailureCode = 'MISSING_DATE' | 'INVALID_DATE' | 'MISSING_AMOUNT' | 'INVALID_AMOUNT';

/** One transaction (or CSV/QIF row) that could not be read. The sync event counts these as failed. */
export interface TRowFailure {
  code: TRowFailureCode;
  /** Names the field and the value: "DTPOSTED '20120231' is not a valid date". */
  message: string;
  /** 1-based line in the decoded text where the entry starts. */
  line: number;
  fitId: string | null;
}

/** Why a whole file was refused. One code per cause so the server maps it to one message and status. */
export type TStatementErrorCode =
  /** Empty, or not any format we know. */
  | 'NOT_A_STATEMENT'
  /** A format we recognise but do not read (MT940, ISO 20022 camt). */
  | 'UNSUPPORTED_FORMAT'
  /** OFX that cannot be read as a tree (no <OFX> element, tags in an impossible order). */
  | 'MALFORMED_OFX'
  /** The institution refused the sign-on; the message carries its code and text. */
  | 'SIGNON_FAILED'
  /** The institution answered the statement request with an error status instead of a statement. */
  | 'STATEMENT_ERROR'
  /** A well-formed file that holds no statement (only a sign-on, or an empty <OFX>, or a QIF/CSV without rows). */
  | 'NO_STATEMENT'
  /** QIF whose structure cannot be read (no !Type header, an investment list). */
  | 'MALFORMED_QIF'
  /** CSV that does not fit its mapping profile (a mapped column is not there). */
  | 'MALFORMED_CSV'
  /** The CSV mapping profile itself is unusable (no amount column, an unknown encoding or date format). */
  | 'INVALID_PROFILE'
  /** The bytes are not valid in the character set the profile names. */
  | 'BAD_ENCODING';

export interface TStatementError {
  code: TStatementErrorCode;
  message: string;
}

export type TStatementResult = { ok: true; file: TStatementFile } | { ok: false; error: TStatementError };

/** Thrown inside the parsers and turned into `{ ok: false }` at their public entry points. */
export class StatementError extends Error {
  readonly code: TStatementErrorCode;
  constructor(code: TStatementErrorCode, message: string) {
    super(message);
    this.name = 'StatementError';
    this.code = code;
  }
}

/** Runs a parser and turns a StatementError into a result; any other exception is a bug and propagates. */
export function toResult(parse: () => TStatementFile): TStatementResult {
  try {
    return { ok: true, file: parse() };
  } catch (error) {
    if (error instanceof StatementError)
      return { ok: false, error: { code: error.code, message: error.message } };
    throw error;
  }
}
