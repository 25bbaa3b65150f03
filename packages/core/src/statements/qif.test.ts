import { describe, expect, it } from 'vitest';
import type { TStatementFile, TStatementResult } from './model.ts';
import { parseQif, parseQifDate } from './qif.ts';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
function parsed(result: TStatementResult): TStatementFile {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.file;
}

describe('parseQifDate', () => {
  it.each([
    ['12/19/18', 'MDY', '2018-12-19'],
    ['6/24/2024', 'MDY', '2024-06-24'],
    ["12/19'05", 'MDY', '2005-12-19'],
    ['19/12/2018', 'DMY', '2018-12-19'],
    ['19.12.2018', 'DMY', '2018-12-19'],
    ['2018/12/19', 'YMD', '2018-12-19'],
    ['2018-12-19', 'DMY', '2018-12-19'],
    ['1/2/99', 'MDY', '1999-01-02'],
  ] as const)('%s read %s is %s', (raw, order, expected) => {
    expect(parseQifDate(raw, order)).toBe(expected);
  });

  it('refuses impossible dates', () => {
    expect(parseQifDate('2/30/2024', 'MDY')).toBeNull();
    expect(parseQifDate('19/12/2018', 'MDY')).toBeNull();
  });
});

describe('parseQif', () => {
  it('reads payee, memo, category, check number and thousands separators, one statement per account', () => {
    const text =
      '!Account\nNChecking Main\nTBank\n^\n!Type:Bank\nD6/24/2024\nT-1,100.58\nN1001\nPOutlet\nLUsual Expenses:Shopping\nMPay\n^\n' +
      '!Account\nNVisa\nTCCard\n^\n!Type:CCard\nD6/23/2024\nT-20.15\nPGroceriesYou\n^\n';
    const file = parsed(parseQif(bytes(text), { currency: 'USD' }));
    expect(
      file.statements.map((statement) => [statement.kind, statement.account.name, statement.currency]),
    ).toEqual([
      ['bank', 'Checking Main', 'USD'],
      ['credit_card', 'Visa', 'USD'],
    ]);
    expect(file.statements[0]!.transactions[0]).toMatchObject({
      date: '2024-06-24',
      amount: '-1100.58',
      checkNumber: '1001',
      payee: 'Outlet',
      category: 'Usual Expenses:Shopping',
      memo: 'Pay',
      type: 'DEBIT',
    });
  });

  it('reports records without a date or amount as failed with their line, and imports the rest', () => {
    const text =
      '!Type:Bank\nPNo date\nT-1\n^\nD13/45/2024\nT-2\n^\nD1/2/2024\nPNo amount\n^\nD1/3/2024\nT5\n^\n';
    const statement = parsed(parseQif(bytes(text))).statements[0]!;
    expect(statement.transactions.map((transaction) => transaction.amount)).toEqual(['5']);
    expect(statement.failures).toEqual([
      { code: 'MISSING_DATE', message: 'The D (date) line is missing', line: 2, fitId: null },
      { code: 'INVALID_DATE', message: "D '13/45/2024' is not a valid date", line: 5, fitId: null },
      { code: 'MISSING_AMOUNT', message: 'The T (amount) line is missing', line: 8, fitId: null },
    ]);
  });

  it('reads day-first files when told, and CRLF line ends', () => {
    const statement = parsed(
      parseQif(bytes('!Type:Bank\r\nD02/01/2024\r\nT-1\r\n^\r\n'), { dateOrder: 'DMY' }),
    ).statements[0]!;
    expect(statement.transactions[0]!.date).toBe('2024-01-02');
  });

  it('refuses what it cannot read instead of returning nothing', () => {
    expect(parseQif(bytes('D1/2/2024\nT-1\n^\n'))).toEqual({
      ok: false,
      error: { code: 'MALFORMED_QIF', message: 'This QIF file does not start with a !Type header (line 1)' },
    });
    expect(parseQif(bytes('!Type:Bank\n'))).toEqual({
      ok: false,
      error: { code: 'NO_STATEMENT', message: 'This QIF file holds no transactions' },
    });
  });

  it('reads an investment list: trades, income, reinvestments, transfers, cash moves and the security list', () => {
    const text = [
      '!Type:Security',
      'NACME Corp',
      'SACME',
      'TStock',
      '^',
      '!Type:Invst',
      'D1/5/2024',
      'NBuy',
      'YACME Corp',
      'I10.5',
      'Q100',
      'T1,057.95',
      'O7.95',
      '^',
      'D2/1/2024',
      'NDiv',
      'YACME Corp',
      'T12.34',
      '^',
      'D2/1/2024',
      'NReinvDiv',
      'YACME Corp',
      'I11',
      'Q1.1218',
      'T12.34',
      '^',
      'D3/1/2024',
      'NSellX',
      'YACME Corp',
      'I12',
      'Q50',
      'T592.05',
      'O7.95',
      'LChecking',
      '^',
      'D3/2/2024',
      'NXOut',
      'T500',
      'LChecking',
      '^',
      'D3/3/2024',
      'NShrsOut',
      'YACME Corp',
      'Q10',
      '^',
      'D13/40/2024',
      'NBuy',
      'T1',
      '^',
    ].join('\n');
    const file = parsed(parseQif(bytes(text), { currency: 'USD' }));
    expect(file.securities).toEqual([
      {
        id: { uniqueId: 'ACME Corp', idType: 'NAME' },
        kind: 'stock',
        name: 'ACME Corp',
        ticker: 'ACME',
        unitPrice: null,
        currency: null,
      },
    ]);
    const statement = file.statements[0]!;
    expect(statement.kind).toBe('investment');
    expect(
      statement.investmentTransactions.map((item) => [
        item.kind,
        item.action,
        item.date,
        item.units,
        item.unitPrice,
        item.commission,
        item.total,
      ]),
    ).toEqual([
      ['buy', 'BUY', '2024-01-05', '100', '10.5', '7.95', '-1057.95'],
      ['income', 'DIV', '2024-02-01', null, null, null, '12.34'],
      ['reinvest', 'REINVDIV', '2024-02-01', '1.1218', '11', null, '-12.34'],
      ['sell', 'SELLX', '2024-03-01', '-50', '12', '7.95', '592.05'],
      ['transfer', 'SHRSOUT', '2024-03-03', '-10', null, null, null],
    ]);
    expect(statement.investmentTransactions[0]!.security).toEqual({ uniqueId: 'ACME Corp', idType: 'NAME' });
    expect(
      statement.transactions.map((item) => [item.date, item.amount, item.category, item.rawType]),
    ).toEqual([['2024-03-02', '-500', 'Checking', 'XOut']]);
    expect(statement.failures).toEqual([
      { code: 'INVALID_DATE', message: "D '13/40/2024' is not a valid date", line: 46, fitId: null },
    ]);
  });

  it('returns an investment list that holds only trades', () => {
    const statement = parsed(parseQif(bytes('!Type:Invst\nD1/5/2024\nNShrsIn\nYACME\nQ3\n^\n')))
      .statements[0]!;
    expect(statement.investmentTransactions.map((item) => [item.kind, item.units])).toEqual([
      ['transfer', '3'],
    ]);
  });
});
