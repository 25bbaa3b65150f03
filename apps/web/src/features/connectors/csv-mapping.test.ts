import { describe, expect, it } from 'vitest';
import {
  columnOptions,
  DEFAULT_CSV_DRAFT,
  draftProblem,
  previewCsv,
  profileOf,
  type TCsvDraft,
} from './csv-mapping.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

// actualbudget's data-payee-memo.csv (the corpus), written out here.
const PAYEE_MEMO = bytes(
  'date,amount,payee,notes\n2019-01-23,-10.00,Payee Name,Note Text\n2019-01-23,-20.00,Payee Name Only,\n2019-01-23,-30.00,,Note Only Text\n2019-01-23,-40.00,,\n',
);
const mapped: TCsvDraft = {
  ...DEFAULT_CSV_DRAFT,
  columns: { date: 'date', amount: 'amount', payee: 'payee', memo: 'notes' },
};

describe('CSV mapping (linked seed §7)', () => {
  it("offers the header's names as columns, or positions without a header", () => {
    expect(columnOptions(PAYEE_MEMO, DEFAULT_CSV_DRAFT).map((option) => option.value)).toEqual([
      'date',
      'amount',
      'payee',
      'notes',
    ]);
    expect(columnOptions(PAYEE_MEMO, { ...DEFAULT_CSV_DRAFT, headerRows: 0 })).toEqual([
      { value: '0', label: 'Column 1 (date)' },
      { value: '1', label: 'Column 2 (amount)' },
      { value: '2', label: 'Column 3 (payee)' },
      { value: '3', label: 'Column 4 (notes)' },
    ]);
  });

  it('says what is missing before a load can be asked for', () => {
    expect(draftProblem(DEFAULT_CSV_DRAFT)).toBe('Choose the date column');
    expect(draftProblem({ ...DEFAULT_CSV_DRAFT, columns: { date: 'date' } })).toBe(
      'Choose the amount column',
    );
    expect(
      draftProblem({ ...DEFAULT_CSV_DRAFT, amountMode: 'inflow-outflow', columns: { date: 'date' } }),
    ).toBe('Choose the inflow or the outflow column');
    expect(draftProblem(mapped)).toBeNull();
  });

  it('sends columns by name with a header row and by position without one, and drops the other amount mode', () => {
    expect(profileOf({ ...mapped, columns: { ...mapped.columns, inflow: 'x' } })).toEqual({
      encoding: 'utf-8',
      headerRows: 1,
      dateFormat: 'YYYY-MM-DD',
      decimalSeparator: '.',
      thousandsSeparator: '',
      columns: { date: 'date', amount: 'amount', payee: 'payee', memo: 'notes' },
      amountSign: 'as-is',
    });
    expect(
      profileOf({ ...DEFAULT_CSV_DRAFT, headerRows: 0, delimiter: ';', columns: { date: '0', amount: '2' } })
        .columns,
    ).toEqual({ date: 0, amount: 2 });
  });

  it('previews the first rows as mapped', () => {
    const preview = previewCsv(PAYEE_MEMO, mapped);
    expect(preview).toEqual({
      ok: true,
      rows: [
        { date: '2019-01-23', amount: '-10', payee: 'Payee Name', memo: 'Note Text' },
        { date: '2019-01-23', amount: '-20', payee: 'Payee Name Only', memo: '' },
        { date: '2019-01-23', amount: '-30', payee: '', memo: 'Note Only Text' },
        { date: '2019-01-23', amount: '-40', payee: '', memo: '' },
      ],
      failures: [],
    });
  });

  it('previews inflow/outflow columns with comma decimals and flipped signs, and names unreadable rows', () => {
    const file = bytes('Datum;Ein;Aus\n23.01.2019;;12,50\n24.01.2019;100,00;\n31.02.2019;1,00;\n');
    const draft: TCsvDraft = {
      ...DEFAULT_CSV_DRAFT,
      delimiter: ';',
      dateFormat: 'DD.MM.YYYY',
      decimalSeparator: ',',
      amountMode: 'inflow-outflow',
      columns: { date: 'Datum', inflow: 'Ein', outflow: 'Aus' },
    };
    expect(previewCsv(file, draft)).toEqual({
      ok: true,
      rows: [
        { date: '2019-01-23', amount: '-12.5', payee: '', memo: '' },
        { date: '2019-01-24', amount: '100', payee: '', memo: '' },
      ],
      failures: ["Row 4: '31.02.2019' is not a date in the format DD.MM.YYYY"],
    });
    expect(previewCsv(file, { ...draft, amountSign: 'invert' })).toMatchObject({
      rows: [{ amount: '12.5' }, { amount: '-100' }],
    });
  });

  it("says why a mapping does not fit the file (core's message)", () => {
    expect(previewCsv(PAYEE_MEMO, { ...mapped, columns: { date: 'Datum', amount: 'amount' } })).toEqual({
      ok: false,
      message: "The date column 'Datum' is not in this file's header ('date', 'amount', 'payee', 'notes')",
    });
  });
});
