// Every file of the shared statement corpus (../shared/corpus, 44 real files from public projects) against
// expectations worked out by reading each file by hand: counts, sums of amounts, balances, positions, or the
// error code where the file is meant to be refused. The same table is docs/statement-corpus.md.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { toAmountString, toDecimal } from '../money/decimal.ts';
import type { TCsvProfile } from './csv.ts';
import type { TStatementErrorCode, TStatementKind } from './model.ts';
import { parseStatement } from './parse-statement.ts';

const CORPUS = fileURLToPath(new URL('../../../../../shared/corpus/ofx/', import.meta.url));

interface TExpectedStatement {
  kind: TStatementKind;
  account: string | null;
  currency: string | null;
  transactions: number;
  /** Sum of the cash transactions' amounts. */
  sum: string;
  failed?: number;
  ledger?: string | null;
  available?: string | null;
  cash?: string | null;
  investmentTransactions?: number;
  /** Sum of the investment transactions' TOTALs. */
  investmentTotal?: string;
  positions?: number;
  positionsValue?: string;
}

type TExpectation =
  | { statements: TExpectedStatement[]; securities?: number; encoding: string; profile?: TCsvProfile }
  | { error: TStatementErrorCode };

const csv = (encoding: string, dateFormat: string, columns: TCsvProfile['columns']): TCsvProfile => ({
  encoding,
  headerRows: 1,
  dateFormat,
  decimalSeparator: '.',
  thousandsSeparator: '',
  columns,
});
const datePayeeAmount = { date: 'Date', amount: 'Amount', payee: 'Payee' };

const bank = (
  account: string | null,
  currency: string | null,
  transactions: number,
  sum: string,
  rest: Partial<TExpectedStatement> = {},
): TExpectedStatement => ({ kind: 'bank', account, currency, transactions, sum, ...rest });

const EXPECTATIONS: Record<string, TExpectation> = {
  // jseutter/ofxparse
  'jseutter-ofxparse/bank_medium.ofx': {
    encoding: 'windows-1252',
    statements: [bank('12300 000012345678', 'CAD', 3, '-345.27', { ledger: '382.34', available: '682.34' })],
  },
  'jseutter-ofxparse/bank_small.ofx': { error: 'NO_STATEMENT' },
  'jseutter-ofxparse/checking.ofx': {
    encoding: 'windows-1252',
    statements: [bank('1452687~7', 'USD', 3, '-59.5', { ledger: '100.99', available: '75.99' })],
  },
  'jseutter-ofxparse/error_message.ofx': { error: 'STATEMENT_ERROR' },
  'jseutter-ofxparse/fail_nice__date_missing.ofx': {
    encoding: 'utf-8',
    statements: [bank('192639749', 'USD', 0, '0', { failed: 3, ledger: '0' })],
  },
  'jseutter-ofxparse/fail_nice__empty_balance.ofx': {
    encoding: 'utf-8',
    statements: [bank('192639749', 'CAD', 1, '120', { ledger: null, available: null })],
  },
  'jseutter-ofxparse/fidelity-savings.ofx': {
    encoding: 'windows-1252',
    statements: [
      {
        kind: 'investment',
        account: 'X0000001',
        currency: 'USD',
        transactions: 4,
        sum: '-1778.3952',
        investmentTransactions: 0,
        positions: 0,
      },
    ],
  },
  'jseutter-ofxparse/fidelity.ofx': {
    encoding: 'windows-1252',
    securities: 7,
    statements: [
      {
        kind: 'investment',
        account: '01234567890',
        currency: 'USD',
        transactions: 3,
        sum: '-0.57',
        investmentTransactions: 14,
        investmentTotal: '-10526.1',
        positions: 6,
        positionsValue: '14919.8',
        cash: '18073.98',
      },
    ],
  },
  'jseutter-ofxparse/investment_401k.ofx': {
    encoding: 'windows-1252',
    securities: 3,
    statements: [
      {
        kind: 'investment',
        account: '12345678.123456-01',
        currency: 'USD',
        transactions: 0,
        sum: '0',
        investmentTransactions: 3,
        investmentTotal: '-197.2',
        positions: 3,
        positionsValue: '792.29',
      },
    ],
  },
  'jseutter-ofxparse/investment_medium.ofx': {
    encoding: 'windows-1252',
    statements: [
      {
        kind: 'investment',
        account: 'ABC123',
        currency: 'CAD',
        transactions: 3,
        sum: '-3.95',
        investmentTransactions: 0,
        positions: 0,
        cash: '1',
      },
    ],
  },
  'jseutter-ofxparse/multiple_accounts.ofx': {
    encoding: 'utf-8',
    statements: [
      bank('9100', 'USD', 0, '0', { ledger: '111' }),
      bank('9200', 'USD', 0, '0', { ledger: '222' }),
    ],
  },
  'jseutter-ofxparse/ofx-v102-empty-tags.ofx': {
    encoding: 'windows-1252',
    statements: [bank('12345678', 'AUD', 1, '12.34', { ledger: null })],
  },
  'jseutter-ofxparse/signon_fail.ofx': { error: 'SIGNON_FAILED' },
  'jseutter-ofxparse/signon_success.ofx': { error: 'NO_STATEMENT' },
  'jseutter-ofxparse/signon_success_no_message.ofx': { error: 'NO_STATEMENT' },
  'jseutter-ofxparse/td_ameritrade.ofx': {
    encoding: 'windows-1252',
    securities: 2,
    statements: [
      {
        kind: 'investment',
        account: '121212121',
        currency: 'USD',
        transactions: 0,
        sum: '0',
        investmentTransactions: 0,
        positions: 2,
        positionsValue: '2000',
        cash: '0',
      },
    ],
  },
  'jseutter-ofxparse/vanguard.ofx': {
    encoding: 'windows-1252',
    securities: 2,
    statements: [
      {
        kind: 'investment',
        account: '01234567890',
        currency: 'USD',
        transactions: 0,
        sum: '0',
        investmentTransactions: 1,
        investmentTotal: '4212.3',
        positions: 2,
        positionsValue: '24479.72',
      },
    ],
  },
  // bradenmacdonald/ofx-js
  'bradenmacdonald-ofx-js/example-xml.qfx': {
    encoding: 'windows-1252',
    statements: [bank('XXXXXXXXXX', 'USD', 1, '0.84', { ledger: '1025.23', available: '1025.23' })],
  },
  'bradenmacdonald-ofx-js/example1.ofx': {
    encoding: 'windows-1252',
    statements: [bank('1234567-00', 'NZD', 5, '-173.11', { ledger: '4225.79', available: '12.79' })],
  },
  // Every date is redacted to asterisks upstream: all 29 transactions fail, the balance still reads.
  'bradenmacdonald-ofx-js/example2.ofx': {
    encoding: 'windows-1252',
    statements: [bank('*****', 'EUR', 0, '0', { failed: 29, ledger: '23757.44' })],
  },
  // Fabiopf02/ofx-data-extractor
  'Fabiopf02-ofx-data-extractor/example.ofx': {
    encoding: 'utf-8',
    statements: [
      bank('1459950-11', 'BRL', 18, '635.5', { ledger: '635.5' }),
      {
        kind: 'credit_card',
        account: '123412341234',
        currency: 'USD',
        transactions: 2,
        sum: '327',
        ledger: '-562',
      },
    ],
  },
  'Fabiopf02-ofx-data-extractor/example4.ofx': {
    encoding: 'utf-8',
    statements: [
      bank('1459950-11', 'BRL', 18, '635.5', { ledger: '635.5' }),
      {
        kind: 'credit_card',
        account: '123412341234',
        currency: 'USD',
        transactions: 2,
        sum: '327',
        ledger: '-562',
      },
    ],
  },
  'Fabiopf02-ofx-data-extractor/example5.ofx': {
    encoding: 'utf-8',
    statements: [
      bank('1459950-11', 'BRL', 0, '0', { ledger: '635.5' }),
      {
        kind: 'credit_card',
        account: '123412341234',
        currency: 'USD',
        transactions: 0,
        sum: '0',
        ledger: '-562',
      },
    ],
  },
  'Fabiopf02-ofx-data-extractor/inline.ofx': {
    encoding: 'windows-1252',
    statements: [
      {
        kind: 'credit_card',
        account: '111111-1111',
        currency: 'USD',
        transactions: 1,
        sum: '-11.79',
        ledger: '-1.44',
        available: '1.31',
      },
    ],
  },
  // actualbudget/actual
  'actualbudget-actual/8859-1.qfx': {
    encoding: 'windows-1252',
    statements: [bank('999-12345-0055666-EOP', 'CAD', 1, '-20', { ledger: '9999.99', available: '9999.99' })],
  },
  'actualbudget-actual/utf-8.qfx': {
    encoding: 'utf-8',
    statements: [bank('999-12345-0055666-EOP', 'CAD', 1, '-20', { ledger: '9999.99', available: '9999.99' })],
  },
  'actualbudget-actual/html-vals.qfx': {
    encoding: 'windows-1252',
    statements: [bank('00000 00-00000', 'CAD', 2, '-2', { ledger: '1111.11', available: '1111.11' })],
  },
  'actualbudget-actual/data-payee-memo.ofx': {
    encoding: 'windows-1252',
    statements: [bank('123456789123', 'USD', 4, '-100', { ledger: '1000' })],
  },
  'actualbudget-actual/data-payee-memo.csv': {
    encoding: 'utf-8',
    profile: csv('utf-8', 'YYYY-MM-DD', { date: 'date', amount: 'amount', payee: 'payee', memo: 'notes' }),
    statements: [bank(null, null, 4, '-100')],
  },
  'actualbudget-actual/data-payee-memo.qif': { encoding: 'utf-8', statements: [bank(null, null, 4, '-100')] },
  'actualbudget-actual/qif-account.qif': { encoding: 'utf-8', statements: [bank(null, null, 1, '-25')] },
  'actualbudget-actual/qif-category.qif': { encoding: 'utf-8', statements: [bank(null, null, 2, '-120.73')] },
  'actualbudget-actual/tracking-number.qif': {
    encoding: 'utf-8',
    statements: [bank(null, null, 2, '-120.73')],
  },
  'actualbudget-actual/data_utf8.csv': {
    encoding: 'utf-8',
    profile: csv('utf-8', 'YYYY-MM-DD', datePayeeAmount),
    statements: [bank(null, null, 3, '126.75')],
  },
  'actualbudget-actual/data_windows1252.csv': {
    encoding: 'windows-1252',
    profile: csv('windows-1252', 'YYYY-MM-DD', datePayeeAmount),
    statements: [bank(null, null, 3, '105.75')],
  },
  'actualbudget-actual/data_euc-jp.csv': {
    encoding: 'euc-jp',
    profile: csv('euc-jp', 'YYYY-MM-DD', datePayeeAmount),
    statements: [bank(null, null, 3, '135.75')],
  },
  'actualbudget-actual/data_gb18030.csv': {
    encoding: 'gb18030',
    profile: csv('gb18030', 'YYYY-MM-DD', datePayeeAmount),
    statements: [bank(null, null, 3, '116.25')],
  },
  'actualbudget-actual/windows-1252.csv': {
    encoding: 'windows-1252',
    profile: csv('windows-1252', 'YYYY.MM.DD', datePayeeAmount),
    statements: [bank(null, null, 2, '58.15')],
  },
  'actualbudget-actual/windows-1252-euro.csv': {
    encoding: 'windows-1252',
    profile: csv('windows-1252', 'YYYY.MM.DD', datePayeeAmount),
    statements: [bank(null, null, 1, '100.25')],
  },
  // The profile names the encoding windows-1252 on purpose: the BOM must win.
  'actualbudget-actual/utf-8-bom.csv': {
    encoding: 'utf-8',
    profile: csv('windows-1252', 'YYYY.MM.DD', {
      date: 'Könyvelés dátuma',
      amount: 'Összeg',
      currency: 'Devizanem',
    }),
    statements: [bank(null, 'HUF', 2, '200')],
  },
  'actualbudget-actual/data.sta': { error: 'UNSUPPORTED_FORMAT' },
  'actualbudget-actual/camt__camt.053.xml': { error: 'UNSUPPORTED_FORMAT' },
  'actualbudget-actual/camt__camt.053.tracking-number.xml': { error: 'UNSUPPORTED_FORMAT' },
  'actualbudget-actual/camt__camt.latin1.xml': { error: 'UNSUPPORTED_FORMAT' },
};

function corpusFiles(): string[] {
  if (!existsSync(CORPUS))
    throw new Error(`The statement corpus is not at ${CORPUS} (clone shared/ beside the repository)`);
  return readdirSync(CORPUS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) => readdirSync(`${CORPUS}${folder.name}`).map((file) => `${folder.name}/${file}`))
    .sort();
}

const sum = (amounts: (string | null)[]): string =>
  toAmountString(amounts.reduce((total, amount) => total.plus(toDecimal(amount ?? '0')), toDecimal('0')));

describe('the statement corpus', () => {
  it('has an expectation for every file and a file for every expectation', () => {
    expect(corpusFiles()).toEqual(Object.keys(EXPECTATIONS).sort());
    expect(corpusFiles()).toHaveLength(44);
  });

  for (const [file, expected] of Object.entries(EXPECTATIONS)) {
    it(file, () => {
      const bytes = new Uint8Array(readFileSync(`${CORPUS}${file}`));
      const result = parseStatement(bytes, {
        csvProfile: 'profile' in expected ? expected.profile : undefined,
      });
      if ('error' in expected) {
        expect(result.ok ? 'parsed' : result.error.code).toBe(expected.error);
        if (!result.ok) expect(result.error.message.length).toBeGreaterThan(20);
        return;
      }
      if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
      expect(result.file.encoding).toBe(expected.encoding);
      expect(result.file.securities).toHaveLength(expected.securities ?? 0);
      const actual = result.file.statements.map((statement) => ({
        kind: statement.kind,
        account: statement.account.number,
        currency: statement.currency,
        transactions: statement.transactions.length,
        sum: sum(statement.transactions.map((transaction) => transaction.amount)),
        failed: statement.failures.length,
        ledger: statement.ledgerBalance?.amount ?? null,
        available: statement.availableBalance?.amount ?? null,
        cash: statement.cashBalance?.amount ?? null,
        investmentTransactions: statement.investmentTransactions.length,
        investmentTotal: sum(statement.investmentTransactions.map((transaction) => transaction.total)),
        positions: statement.positions.length,
        positionsValue: sum(statement.positions.map((position) => position.marketValue)),
      }));
      expect(actual).toEqual(
        expected.statements.map((statement) => ({
          failed: 0,
          ledger: null,
          available: null,
          cash: null,
          investmentTransactions: 0,
          investmentTotal: '0',
          positions: 0,
          positionsValue: '0',
          ...statement,
        })),
      );
    });
  }
});
