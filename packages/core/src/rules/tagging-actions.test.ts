import { describe, expect, it } from 'vitest';
import { applyTaggingActions, changedFields, signedAmount } from './tagging-actions.ts';
import { ruleTransaction } from './testing/rule-transaction.ts';

describe('signedAmount', () => {
  it.each([
    ['-12.50', 'positive', '12.5'],
    ['12.50', 'positive', '12.50'],
    ['12.50', 'negative', '-12.5'],
    ['-12.50', 'negative', '-12.50'],
    ['12.5', 'flip_sign', '-12.5'],
    ['-0.01', 'flip_sign', '0.01'],
    ['0', 'negative', '0'],
    ['0.00', 'flip_sign', '0.00'],
  ] as const)('%s with %s is %s', (amount, sign, expected) => {
    expect(signedAmount(amount, sign)).toBe(expected);
  });
});

describe('applyTaggingActions', () => {
  it('applies the actions in order and adds tags without duplicates', () => {
    const before = ruleTransaction({ tag_ids: ['t1'] });
    const after = applyTaggingActions(before, [
      { type: 'add_tag', tag_ids: ['t2', 't1'] },
      { type: 'set_category', value: 'Shopping' },
      { type: 'set_category', value: 'Groceries' },
      { type: 'set_subcategory', value: 'Corner shops' },
      { type: 'set_counterparty', value: 'Corner Shop Ltd' },
      { type: 'set_sign', value: 'positive' },
    ]);
    expect(changedFields(before, after)).toEqual([
      { field: 'tag_ids', before: ['t1'], after: ['t1', 't2'] },
      { field: 'category', before: null, after: 'Groceries' },
      { field: 'subcategory', before: null, after: 'Corner shops' },
      { field: 'counterparty', before: 'CORNER SHOP', after: 'Corner Shop Ltd' },
      { field: 'amount', before: '-42.10', after: '42.1' },
    ]);
    expect(before.category).toBeNull();
  });

  it('leaves fields the user edited by hand as the user set them', () => {
    const before = ruleTransaction({
      category: 'Travel',
      amount: '-5',
      edited_fields: ['category', 'amount'],
    });
    const after = applyTaggingActions(before, [
      { type: 'set_category', value: 'Groceries' },
      { type: 'set_sign', value: 'flip_sign' },
      { type: 'set_counterparty', value: 'Shop' },
    ]);
    expect(after.category).toBe('Travel');
    expect(after.amount).toBe('-5');
    expect(after.counterparty).toBe('Shop');
  });
});
