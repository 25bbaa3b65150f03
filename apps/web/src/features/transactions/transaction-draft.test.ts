import type { TAmountRule } from '@strata/core/transactions/catalogue';
import { describe, expect, it } from 'vitest';
import type { TEntrySettingView, TTypeSetting } from './api/transactions.ts';
import {
  amountForDisplay,
  amountForSave,
  amountFromPaste,
  canSaveState,
  defaultEntries,
  draftState,
  draftToBody,
  forcedSignNote,
  guardState,
  otherErrors,
} from './transaction-draft.ts';

const slot = (
  title: string,
  rule: TAmountRule,
  extra: Partial<TEntrySettingView> = {},
): TEntrySettingView => ({
  title,
  role: 'position',
  isAttributable: false,
  account: { includes: ['investment account'] },
  asset: { includes: ['currency'] },
  amount: { rule },
  accountDescription: '',
  assetDescription: '',
  amountDescription: '',
  ...extra,
});
const PERCENT = slot('Rate', 'percent');
const CASH = slot('Cash', 'negative');
const type = (entries: TEntrySettingView[]): TTypeSetting => ({
  name: 't',
  group: 'cash',
  description: '',
  readonly: false,
  entries,
});

describe('amounts', () => {
  it('shows percent slots ×100 and saves them as fractions', () => {
    expect(amountForDisplay(PERCENT, '0.125')).toBe('12.5');
    expect(amountForSave(PERCENT, '12.5')).toBe('0.125');
    expect(amountForDisplay(CASH, '-1500')).toBe('-1500');
    expect(amountForSave(CASH, ' 1500 ')).toBe('1500');
    // Not a number: the server judges it and answers 'Must be numeric'.
    expect(amountForSave(PERCENT, 'abc')).toBe('abc');
  });

  it("turns a pasted '12%' into 0.12 on an amount, and into 12 (%) on a percent slot", () => {
    expect(amountFromPaste(CASH, '12%')).toBe('0.12');
    expect(amountFromPaste(PERCENT, '12%')).toBe('12');
    expect(amountForSave(PERCENT, amountFromPaste(PERCENT, '12%'))).toBe('0.12');
  });
});

describe('the sign a rule forces (issue 18 item 8)', () => {
  it('says before saving what a forced-sign slot will store when it differs from what was typed', () => {
    // A buy's cash is stored negative: typing the price paid, 1500, stores -1500.
    expect(forcedSignNote(CASH, '1500')).toBe('Saved as -1500');
    expect(forcedSignNote(CASH, ' 1500.50 ')).toBe('Saved as -1500.5');
    expect(forcedSignNote(CASH, '-1500')).toBeNull();
    // Units bought are positive: a pasted -10 is stored as 10.
    expect(forcedSignNote(slot('Position', 'positive'), '-10')).toBe('Saved as 10');
    expect(forcedSignNote(slot('Position', 'positive'), '10')).toBeNull();
    expect(forcedSignNote(slot('Fee', 'nonNegative'), '-0.3')).toBe('Saved as 0.3');
    expect(forcedSignNote(slot('Out', 'nonPositive'), '0')).toBeNull();
    expect(forcedSignNote(slot('Out', 'nonPositive'), '25')).toBe('Saved as -25');
  });

  it('says nothing where the sign is kept or the text is not a number yet', () => {
    expect(forcedSignNote(slot('Any', 'any'), '-10')).toBeNull();
    expect(forcedSignNote(PERCENT, '-12')).toBeNull();
    expect(forcedSignNote(slot('Ratio', 'ratio'), '2')).toBeNull();
    expect(forcedSignNote(CASH, '')).toBeNull();
    expect(forcedSignNote(CASH, '12a')).toBeNull();
    // Zero fails a negative rule: the server's message says so on save, no note.
    expect(forcedSignNote(CASH, '0')).toBeNull();
    expect(forcedSignNote(undefined, '5')).toBeNull();
  });
});

describe('defaultEntries', () => {
  it('fills single choices and the repository currency, and leaves the rest blank', () => {
    const optional = slot('Fee', 'positive', {
      account: { includes: ['expense account'], optional: true },
      asset: { includes: ['currency'], optional: true },
      amount: { rule: 'positive', optional: true },
    });
    const entries = defaultEntries(type([CASH, slot('Income', 'negative'), optional]), {
      optionsFor: (setting, field) =>
        field === 'asset'
          ? [
              { value: 'usd', label: 'US Dollar' },
              { value: 'eur', label: 'Euro' },
            ]
          : setting.title === 'Income'
            ? [{ value: 'dividends', label: 'Dividends' }]
            : [
                { value: 'a', label: 'A' },
                { value: 'b', label: 'B' },
              ],
      currencyAssetId: 'usd',
    });
    expect(entries).toEqual([
      { account_id: null, asset_id: 'usd', amount: '' },
      { account_id: 'dividends', asset_id: 'usd', amount: '' },
      { account_id: null, asset_id: null, amount: '' },
    ]);
  });
});

describe('draftToBody', () => {
  it('sends blanks as null and percent slots as fractions', () => {
    expect(
      draftToBody(
        {
          type: 't',
          date: '2026-01-02',
          description: ' ',
          entries: [
            { account_id: 'a', asset_id: 'usd', amount: '' },
            { account_id: 'a', asset_id: 'usd', amount: '5' },
          ],
        },
        type([CASH, PERCENT]),
      ),
    ).toEqual({
      type: 't',
      date: '2026-01-02',
      description: null,
      entries: [
        { account_id: 'a', asset_id: 'usd', amount: null },
        { account_id: 'a', asset_id: 'usd', amount: '0.05' },
      ],
    });
  });
});

describe('entity state', () => {
  const draft = { type: 't', date: '2026-01-02', description: '', entries: [] };
  it('is new, saved, changed, invalid or deleted', () => {
    const base = { id: 'x', isDeleted: false, hasErrors: false, original: draft, current: draft };
    expect(draftState({ ...base, id: null })).toBe('new');
    expect(draftState(base)).toBe('saved');
    expect(draftState({ ...base, current: { ...draft, date: '2026-01-03' } })).toBe('changed');
    expect(draftState({ ...base, hasErrors: true })).toBe('invalid');
    expect(draftState({ ...base, isDeleted: true })).toBe('deleted');
  });

  it('saves only new, changed or invalid forms and guards only unsaved work', () => {
    expect(['new', 'changed', 'saved', 'deleted', 'invalid'].filter((s) => canSaveState(s as never))).toEqual(
      ['new', 'changed', 'invalid'],
    );
    expect(guardState('new', true)).toBe('new');
    expect(guardState('invalid', true)).toBe('changed');
    expect(guardState('invalid', false)).toBe('saved');
    expect(guardState('deleted', false)).toBe('saved');
  });

  it('lists errors that have no field of their own', () => {
    expect(
      otherErrors({ 'Cash: amount': ['Must be numeric'], Entries: ['At most 4'] }, type([CASH])),
    ).toEqual(['Entries: At most 4']);
  });
});
