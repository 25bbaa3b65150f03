import type { TLinkedTransaction } from '@strata/contracts/linked-transactions';
import { describe, expect, it } from 'vitest';
import { pastedAmount, planPaste } from './linked-paste.ts';

const row = (id: string): TLinkedTransaction => ({
  id,
  linked_account_id: 'a1',
  connector_name: 'OFX',
  access_method: 'manual',
  account_name: null,
  account_number: '12300 000012345678',
  account_type: 'CHECKING',
  asset_id: null,
  fitid: null,
  date: '2009-04-01',
  year: 2009,
  quarter: 2,
  month: 4,
  type: 'POS',
  amount: '-6.6',
  currency: 'CAD',
  counterparty: null,
  description: null,
  check_number: null,
  category: null,
  subcategory: null,
  status: 'posted',
  tags: [],
  investment_kind: null,
  security_id: null,
  quantity: null,
  unit_price: null,
  mapping_status: 'none',
  mapping_message: null,
  transaction_id: null,
});

describe('pasting into linked transactions (linked seed §2)', () => {
  it('converts a pasted amount to a number, grouping commas and spaces dropped', () => {
    expect(pastedAmount('1,778.39')).toBe(1778.39);
    expect(pastedAmount(' -22 ')).toBe(-22);
    expect(pastedAmount('+.5')).toBe(0.5);
    expect(pastedAmount('twelve')).toBeUndefined();
    expect(pastedAmount('1.2.3')).toBeUndefined();
    expect(pastedAmount('')).toBeUndefined();
  });

  it('puts one pasted line on every target row', () => {
    const plan = planPaste({
      rows: [row('r1'), row('r2'), row('r3')],
      columnIds: ['category', 'subcategory'],
      values: [['Food', 'Lunch']],
    });
    expect(plan).toEqual({
      changes: [
        { id: 'r1', category: 'Food', subcategory: 'Lunch' },
        { id: 'r2', category: 'Food', subcategory: 'Lunch' },
        { id: 'r3', category: 'Food', subcategory: 'Lunch' },
      ],
      ignored: 0,
    });
  });

  it('puts line i on row i, and drops lines with no row', () => {
    const plan = planPaste({
      rows: [row('r1'), row('r2')],
      columnIds: ['counterparty'],
      values: [['Cafe'], ['Bakery'], ['No row for me']],
    });
    expect(plan.changes).toEqual([
      { id: 'r1', counterparty: 'Cafe' },
      { id: 'r2', counterparty: 'Bakery' },
    ]);
  });

  it('ignores a date that does not parse, and cells on columns that cannot be edited', () => {
    const plan = planPaste({
      rows: [row('r1'), row('r2')],
      columnIds: ['date', 'amount', 'account_name'],
      values: [
        ['2009-04-30', '-1,000.50', 'Savings'],
        ['30 Feb 2009', '12', 'Savings'],
      ],
    });
    expect(plan.changes).toEqual([
      { id: 'r1', date: '2009-04-30', amount: -1000.5 },
      { id: 'r2', amount: 12 },
    ]);
    // Two account names (not editable) and the unparsable date.
    expect(plan.ignored).toBe(3);
  });

  it('makes no change for a row whose every pasted cell is ignored', () => {
    const plan = planPaste({ rows: [row('r1')], columnIds: ['date'], values: [['2009-02-30']] });
    expect(plan).toEqual({ changes: [], ignored: 1 });
  });
});
