import type { TLinkedTransaction } from '@strata/contracts/linked-transactions';
import { describe, expect, it } from 'vitest';
import { formatAmount, LINKED_COLUMNS, linkedColumnsFor, mappingStatusView } from './linked-columns.ts';
import { linkedRowsCsv } from './linked-export.ts';

const row: TLinkedTransaction = {
  id: 't1',
  linked_account_id: 'a1',
  connector_name: 'OFX',
  access_method: 'manual',
  account_name: null,
  account_number: '12300 000012345678',
  account_type: 'CHECKING',
  asset_id: null,
  fitid: '0000123456782009040100001',
  date: '2009-04-01',
  year: 2009,
  quarter: 2,
  month: 4,
  type: 'POS',
  amount: '-1778.3952',
  currency: 'CAD',
  counterparty: "MCDONALD'S #112",
  description: 'POS MERCHANDISE;MCDONALD\'S #112, "big"',
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
};

describe('linked transactions columns (linked seed §2, §4)', () => {
  it('labels the mapping statuses as the seed does', () => {
    expect(mappingStatusView('ok')).toEqual({ label: 'Successfully Mapped', color: 'green' });
    expect(mappingStatusView('failed')).toEqual({ label: 'Mapping Failed', color: 'red' });
    expect(mappingStatusView('pending')).toEqual({ label: 'Mapping Pending', color: 'yellow' });
    expect(mappingStatusView('none')).toEqual({ label: 'Not Mapped', color: 'gray' });
    expect(mappingStatusView('weird')).toEqual({ label: 'Unknown Status', color: null });
  });

  it('groups amounts and keeps at least two decimals and every further one', () => {
    expect(formatAmount('-1778.3952')).toBe('-1,778.3952');
    expect(formatAmount('-6.6')).toBe('-6.60');
    expect(formatAmount('1234567')).toBe('1,234,567.00');
    expect(formatAmount('0')).toBe('0.00');
  });

  it('has every column of the seed the API answers, and marks the seed’s read-only ones', () => {
    expect(LINKED_COLUMNS.map((column) => column.title)).toEqual([
      'Date',
      'Counterparty',
      'Amount',
      'Description',
      'Transaction type',
      'Category',
      'Subcategory',
      'Tags',
      'Connector',
      'Account name',
      'Account number',
      'Account type',
      'Access method',
      'Year',
      'Quarter',
      'Month',
      'Currency',
      'Check number',
      'Mapping status',
      'Status',
    ]);
    const readOnly = LINKED_COLUMNS.filter((column) => !column.isEditable).map((column) => column.id);
    for (const id of [
      'connector_name',
      'access_method',
      'account_name',
      'account_number',
      'account_type',
      'tags',
    ]) {
      expect(readOnly).toContain(id);
    }
    expect(LINKED_COLUMNS.map((column) => column.value(row)).slice(0, 5)).toEqual([
      '2009-04-01',
      "MCDONALD'S #112",
      '-1,778.3952',
      'POS MERCHANDISE;MCDONALD\'S #112, "big"',
      'POS',
    ]);
    expect(LINKED_COLUMNS.map((column) => column.value(row)).slice(13, 16)).toEqual(['2009', 'Q2', '4']);
  });

  it('edits inline only what the bulk update accepts, starting from the exact stored value', () => {
    // Year, quarter and month follow the date; currency, check number and mapping status come from the file
    // or the mapping rules.
    expect(LINKED_COLUMNS.filter((column) => column.isEditable).map((column) => column.id)).toEqual([
      'date',
      'counterparty',
      'amount',
      'description',
      'type',
      'category',
      'subcategory',
      'status',
    ]);
    const amount = LINKED_COLUMNS.find((column) => column.id === 'amount');
    expect(amount?.value(row)).toBe('-1,778.3952');
    expect(amount?.editValue?.(row)).toBe('-1778.3952');
    expect(LINKED_COLUMNS.find((column) => column.id === 'tags')?.editValue).toBeUndefined();
  });

  it('shows the tags by name', () => {
    const tagged = {
      ...row,
      tags: [
        { id: 'x1', name: 'exclude' },
        { id: 'x2', name: 'travel' },
      ],
    };
    expect(LINKED_COLUMNS.find((column) => column.id === 'tags')?.value(tagged)).toBe('exclude, travel');
  });

  it('hides the connector, account and access-method columns in the account view', () => {
    const ids = linkedColumnsFor('account').map((column) => column.id);
    for (const id of ['connector_name', 'account_name', 'account_number', 'account_type', 'access_method']) {
      expect(ids).not.toContain(id);
    }
    expect(ids).toContain('counterparty');
  });

  it('exports the selected rows as CSV with the exact amount and quoted text', () => {
    const columns = LINKED_COLUMNS.filter((column) => ['date', 'description', 'amount'].includes(column.id));
    expect(linkedRowsCsv([row], columns)).toBe(
      'Date,Amount,Description\r\n2009-04-01,-1778.3952,"POS MERCHANDISE;MCDONALD\'S #112, ""big"""\r\n',
    );
  });
});
