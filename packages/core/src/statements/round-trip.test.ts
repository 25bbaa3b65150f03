// Property tests: generated statements written as OFX 1.x SGML (unclosed leaves, random whitespace, one line
// or many, UTF-8 or Windows-1252), OFX 2.x XML, QIF and CSV parse back to what was written.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromEpochDay } from '../dates/epoch-day.ts';
import { toAmountString } from '../money/decimal.ts';
import { parseCsv } from './csv.ts';
import { OFX_TRANSACTION_TYPES, type TStatementFile, type TStatementResult } from './model.ts';
import { parseOfx } from './ofx.ts';
import { parseQif } from './qif.ts';
import {
  type TWritableStatement,
  type TWritableTransaction,
  writeCsv,
  writeOfxSgml,
  writeOfxXml,
  writeQif,
} from './testing/writers.ts';

// Letters a bank writes in names, including the markup characters the writers must escape and three
// non-ASCII letters that Windows-1252 can hold.
const LETTERS = [...'abcXYZ019 &<>\'"#;:/.,-é€ü'];
const text = fc
  .string({ unit: fc.constantFrom(...LETTERS), minLength: 1, maxLength: 24 })
  .filter((value) => value.trim() === value && value !== '');
const day = fc.integer({ min: 10_957, max: 21_915 }).map(fromEpochDay); // 2000-01-01 … 2029-12-31
const amount = fc
  .tuple(fc.integer({ min: -99_999_999, max: 99_999_999 }), fc.constantFrom(0, 1, 2, 4))
  .map(([units, scale]) => toAmountString((units / 10 ** scale).toFixed(scale)));

const transactions = (count: { minLength: number; maxLength: number }) =>
  fc.uniqueArray(fc.stringMatching(/^[A-Z0-9]{1,12}$/), count).chain((fitIds) =>
    fc.tuple(
      ...fitIds.map((fitId) =>
        fc.record({
          fitId: fc.constant(fitId),
          date: day,
          type: fc.constantFrom(...OFX_TRANSACTION_TYPES),
          amount,
          payee: fc.option(text, { nil: null }),
          memo: fc.option(text, { nil: null }),
          checkNumber: fc.option(fc.stringMatching(/^[0-9]{1,6}$/), { nil: null }),
        }),
      ),
    ),
  );

const statement: fc.Arbitrary<TWritableStatement> = fc.record({
  kind: fc.constantFrom('bank' as const, 'credit_card' as const),
  accountNumber: fc.stringMatching(/^[A-Z0-9][A-Z0-9-]{0,15}$/),
  accountType: fc.constantFrom('CHECKING', 'SAVINGS', 'MONEYMRKT'),
  currency: fc.constantFrom('USD', 'EUR', 'CAD', 'BRL'),
  startDate: day,
  endDate: day,
  ledgerBalance: amount,
  transactions: transactions({ minLength: 0, maxLength: 8 }),
});

const statements = fc.array(statement, { minLength: 1, maxLength: 3 });
const sgmlStyle = fc.record({
  separators: fc.array(fc.constantFrom('', '\n', '\r\n', ' ', '\t', '\n\t\t', '   \n'), {
    minLength: 1,
    maxLength: 6,
  }),
  closeLeaves: fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
});

function parsed(result: TStatementResult): TStatementFile {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.file;
}

// The writers put bank statements before card statements, as OFX orders its message sets.
const inFileOrder = (list: TWritableStatement[]): TWritableStatement[] => [
  ...list.filter((item) => item.kind === 'bank'),
  ...list.filter((item) => item.kind === 'credit_card'),
];

function expectSameOfx(file: TStatementFile, written: TWritableStatement[]): void {
  expect(
    file.statements.map((item) => ({
      kind: item.kind,
      accountNumber: item.account.number,
      accountType: item.kind === 'bank' ? item.account.type : null,
      currency: item.currency,
      startDate: item.startDate,
      endDate: item.endDate,
      ledgerBalance: item.ledgerBalance?.amount,
      transactions: item.transactions.map((transaction) => ({
        fitId: transaction.fitId,
        date: transaction.date,
        type: transaction.type,
        amount: transaction.amount,
        payee: transaction.payee,
        memo: transaction.memo,
        checkNumber: transaction.checkNumber,
      })),
      failures: item.failures,
    })),
  ).toEqual(
    inFileOrder(written).map((item) => ({
      ...item,
      accountType: item.kind === 'bank' ? item.accountType : null,
      failures: [],
    })),
  );
}

const CP1252: Record<string, number> = { é: 0xe9, ü: 0xfc, '€': 0x80 };
function encodeCp1252(value: string): Uint8Array {
  return Uint8Array.from([...value].map((char) => CP1252[char] ?? char.charCodeAt(0)));
}

const cashOnly = (list: TWritableTransaction[]) =>
  list.map(({ date, amount: value, payee, memo, checkNumber }) => ({
    date,
    amount: value,
    payee,
    memo,
    checkNumber,
  }));

describe('statement round trips', { timeout: 60_000 }, () => {
  it('OFX 1.x SGML in Windows-1252, any mix of closed and unclosed leaves and whitespace', () => {
    fc.assert(
      fc.property(statements, sgmlStyle, (written, style) => {
        expectSameOfx(parsed(parseOfx(encodeCp1252(writeOfxSgml(written, style)))), written);
      }),
      { numRuns: 30 },
    );
  });

  it('OFX 1.x SGML declared UTF-8', () => {
    fc.assert(
      fc.property(statements, sgmlStyle, (written, style) => {
        const body = writeOfxSgml(written, style).replace('ENCODING:USASCII', 'ENCODING:UTF-8');
        expectSameOfx(parsed(parseOfx(new TextEncoder().encode(body))), written);
      }),
      { numRuns: 30 },
    );
  });

  it('OFX 2.x XML, indented or on one line', () => {
    fc.assert(
      fc.property(statements, fc.boolean(), (written, isOneLine) => {
        expectSameOfx(parsed(parseOfx(new TextEncoder().encode(writeOfxXml(written, isOneLine)))), written);
      }),
      { numRuns: 40 },
    );
  });

  it('QIF', () => {
    fc.assert(
      fc.property(
        statement.filter((item) => item.transactions.length > 0),
        (written) => {
          const file = parsed(parseQif(new TextEncoder().encode(writeQif(written))));
          expect(file.statements).toHaveLength(1);
          expect(file.statements[0]!.failures).toEqual([]);
          expect(cashOnly(file.statements[0]!.transactions as never)).toEqual(cashOnly(written.transactions));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('CSV through a profile, with a comma or a semicolon', () => {
    fc.assert(
      fc.property(
        statement.filter((item) => item.transactions.length > 0),
        fc.constantFrom(',', ';'),
        (written, delimiter) => {
          const file = parsed(
            parseCsv(new TextEncoder().encode(writeCsv(written, delimiter)), {
              encoding: 'utf-8',
              delimiter,
              headerRows: 1,
              dateFormat: 'YYYY-MM-DD',
              decimalSeparator: '.',
              thousandsSeparator: '',
              columns: {
                date: 'Date',
                amount: 'Amount',
                payee: 'Payee',
                memo: 'Memo',
                fitId: 'Id',
                checkNumber: 'Check',
              },
            }),
          );
          const read = file.statements[0]!;
          expect(read.failures).toEqual([]);
          expect(read.transactions.map((transaction) => transaction.fitId)).toEqual(
            written.transactions.map((transaction) => transaction.fitId),
          );
          expect(cashOnly(read.transactions as never)).toEqual(cashOnly(written.transactions));
        },
      ),
      { numRuns: 40 },
    );
  });
});
