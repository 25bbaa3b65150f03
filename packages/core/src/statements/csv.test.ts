import { describe, expect, it } from 'vitest';
import { parseCsv, type TCsvProfile } from './csv.ts';
import type { TStatementFile, TStatementResult } from './model.ts';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
function parsed(result: TStatementResult): TStatementFile {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.file;
}

const GERMAN: TCsvProfile = {
  encoding: 'utf-8',
  delimiter: ';',
  headerRows: 3,
  dateFormat: 'DD.MM.YYYY',
  decimalSeparator: ',',
  thousandsSeparator: '.',
  columns: { date: 'Buchungstag', inflow: 'Haben', outflow: 'Soll', payee: 'Empfänger', fitId: 'Referenz' },
  account: { number: 'DE02 1203', name: 'Girokonto' },
  currency: 'EUR',
};

describe('parseCsv', () => {
  it('reads a profile with preamble rows, day-first dates, comma decimals and inflow/outflow columns', () => {
    const text =
      'Kontoauszug;Girokonto\nZeitraum;01.01.2024 - 31.01.2024\nBuchungstag;Empfänger;Soll;Haben;Referenz\n' +
      '02.01.2024;Bäckerei;1.234,50;;R1\n03.01.2024;"Gehalt; Januar";;2.500,00;R2\n';
    const statement = parsed(parseCsv(bytes(text), GERMAN)).statements[0]!;
    expect(statement.account).toMatchObject({ number: 'DE02 1203', name: 'Girokonto' });
    expect(statement.currency).toBe('EUR');
    expect(
      statement.transactions.map((transaction) => [
        transaction.date,
        transaction.amount,
        transaction.payee,
        transaction.fitId,
      ]),
    ).toEqual([
      ['2024-01-02', '-1234.5', 'Bäckerei', 'R1'],
      ['2024-01-03', '2500', 'Gehalt; Januar', 'R2'],
    ]);
  });

  it('flips signs when the profile says the bank writes charges positive, and reads columns by position', () => {
    const profile: TCsvProfile = {
      encoding: 'utf-8',
      headerRows: 0,
      dateFormat: 'M/D/YY',
      decimalSeparator: '.',
      thousandsSeparator: ',',
      columns: { date: 0, amount: 2, payee: 1 },
      amountSign: 'invert',
      account: { type: 'CREDITCARD' },
    };
    const statement = parsed(parseCsv(bytes('1/5/24,Coffee,4.50\n1/6/24,Refund,"-1,000.00"\n'), profile))
      .statements[0]!;
    expect(statement.kind).toBe('credit_card');
    expect(statement.transactions.map((transaction) => [transaction.date, transaction.amount])).toEqual([
      ['2024-01-05', '-4.5'],
      ['2024-01-06', '1000'],
    ]);
  });

  it('reports bad rows with their line (a quoted line break counts) and imports the rest', () => {
    const profile: TCsvProfile = {
      encoding: 'utf-8',
      headerRows: 1,
      dateFormat: 'YYYY-MM-DD',
      decimalSeparator: '.',
      thousandsSeparator: '',
      columns: { date: 'Date', amount: 'Amount', memo: 'Memo' },
    };
    const text =
      'Date,Amount,Memo\n2024-01-01,1,"two\nlines"\n2024-02-30,2,x\n,3,x\n2024-01-04,,x\n2024-01-05,abc,x\n';
    const statement = parsed(parseCsv(bytes(text), profile)).statements[0]!;
    expect(statement.transactions.map((transaction) => transaction.memo)).toEqual(['two\nlines']);
    expect(statement.failures).toEqual([
      {
        code: 'INVALID_DATE',
        message: "Row 4: '2024-02-30' is not a date in the format YYYY-MM-DD",
        line: 4,
        fitId: null,
      },
      { code: 'MISSING_DATE', message: 'Row 5 has no date', line: 5, fitId: null },
      { code: 'MISSING_AMOUNT', message: 'Row 6: the amount is empty', line: 6, fitId: null },
      { code: 'INVALID_AMOUNT', message: "Row 7: 'abc' is not an amount", line: 7, fitId: null },
    ]);
  });

  it('names the column the file lacks, an unusable profile, and bytes in the wrong charset', () => {
    const profile: TCsvProfile = {
      encoding: 'utf-8',
      headerRows: 1,
      dateFormat: 'YYYY-MM-DD',
      decimalSeparator: '.',
      thousandsSeparator: '',
      columns: { date: 'Date', amount: 'Amount' },
    };
    expect(parseCsv(bytes('Date,Sum\n2024-01-01,1\n'), profile)).toEqual({
      ok: false,
      error: {
        code: 'MALFORMED_CSV',
        message: "The amount column 'Amount' is not in this file's header ('Date', 'Sum')",
      },
    });
    expect(parseCsv(bytes('Date\n'), { ...profile, columns: { date: 'Date' } })).toEqual({
      ok: false,
      error: {
        code: 'INVALID_PROFILE',
        message: 'The profile maps no amount column (nor inflow/outflow columns)',
      },
    });
    expect(parseCsv(bytes('x'), { ...profile, dateFormat: 'DD/MM' }).ok).toBe(false);
    expect(parseCsv(bytes('x'), { ...profile, encoding: 'klingon' })).toEqual({
      ok: false,
      error: { code: 'INVALID_PROFILE', message: "Unknown character set 'klingon'" },
    });
    expect(parseCsv(Uint8Array.from([0x44, 0x61, 0x74, 0x65, 0x0a, 0xe9]), profile)).toEqual({
      ok: false,
      error: {
        code: 'BAD_ENCODING',
        message:
          'This file is not valid utf-8; choose the character set the bank uses in the mapping profile',
      },
    });
    expect(parseCsv(bytes('Date,Amount\n'), profile)).toEqual({
      ok: false,
      error: { code: 'NO_STATEMENT', message: 'This CSV file holds no rows after its header' },
    });
  });
});
