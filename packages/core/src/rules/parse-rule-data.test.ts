import { describe, expect, it } from 'vitest';
import { parseRuleData, RULE_MESSAGES } from './parse-rule-data.ts';

const tagCategory = { type: 'set_category', value: 'Groceries' };

describe('parseRuleData', () => {
  it('keeps only params with a comparison and a value (or a valueless comparison), and drops empty criteria', () => {
    const result = parseRuleData(
      {
        criteria: [
          {
            type: 'description',
            logic: 'OR',
            params: [
              { comparison: 'CONTAINS', value: 'card payment' },
              { comparison: 'CONTAINS', value: '' },
              { comparison: null, value: 'ignored' },
            ],
          },
          { type: 'category', logic: 'AND', params: [{ comparison: 'EMPTY', value: null }] },
          { type: 'amount', logic: 'AND', params: [{ comparison: 'GREATER', value: null }] },
        ],
        actions: [tagCategory],
      },
      'tagging',
    );
    expect(result).toEqual({
      ok: true,
      value: {
        criteria: [
          { type: 'description', logic: 'OR', params: [{ comparison: 'CONTAINS', value: 'card payment' }] },
          { type: 'category', logic: 'AND', params: [{ comparison: 'EMPTY', value: null }] },
        ],
        actions: [{ type: 'set_category', value: 'Groceries' }],
        filter: {
          logic: 'AND',
          groups: [
            {
              logic: 'OR',
              params: [{ field: 'description', kind: 'text', comparison: 'CONTAINS', value: 'card payment' }],
            },
            {
              logic: 'AND',
              params: [{ field: 'category', kind: 'simple', comparison: 'EMPTY', value: null }],
            },
          ],
        },
      },
    });
  });

  it('needs a criterion and a filled action', () => {
    expect(
      parseRuleData(
        { criteria: [{ type: 'amount', params: [{ comparison: 'GREATER' }] }], actions: [] },
        'tagging',
      ),
    ).toEqual({
      ok: false,
      errors: [
        { path: 'criteria', message: RULE_MESSAGES.NO_CRITERIA },
        { path: 'actions', message: RULE_MESSAGES.NO_ACTIONS },
      ],
    });
    const noTags = parseRuleData(
      {
        criteria: [{ type: 'amount', params: [{ comparison: 'GREATER', value: '0' }] }],
        actions: [
          { type: 'add_tag', tag_ids: [] },
          { type: 'set_counterparty', value: '  ' },
        ],
      },
      'tagging',
    );
    expect(noTags).toEqual({ ok: false, errors: [{ path: 'actions', message: RULE_MESSAGES.NO_ACTIONS }] });
  });

  it('refuses unknown criteria, comparisons a field does not allow, and bad values, by path', () => {
    const result = parseRuleData(
      {
        criteria: [
          { type: 'colour', params: [{ comparison: 'EQ', value: 'red' }] },
          { type: 'amount', params: [{ comparison: 'CONTAINS', value: '5' }] },
          { type: 'transaction_date', params: [{ comparison: 'LAST', value: 'soon' }] },
        ],
        actions: [tagCategory],
      },
      'tagging',
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        { path: 'criteria.0.type', message: 'Unknown field: colour' },
        { path: 'criteria.1.params.0.comparison', message: 'Must be one of: GREATER, LESS, EQ, NOTEQ' },
        { path: 'criteria.2.params.0.value', message: 'Must be a whole number of days, from 1 to 100000' },
      ],
    });
  });

  it('refuses a sign other than positive, negative or flip sign, and actions of the other kind of rule', () => {
    const criteria = [{ type: 'amount', params: [{ comparison: 'LESS', value: '0' }] }];
    expect(
      parseRuleData({ criteria, actions: [{ type: 'set_sign', value: 'sideways' }] }, 'tagging'),
    ).toEqual({
      ok: false,
      errors: [{ path: 'actions.0.value', message: 'Must be one of: positive, negative, flip_sign' }],
    });
    expect(parseRuleData({ criteria, actions: [tagCategory] }, 'mapping_to_smart_transaction')).toEqual({
      ok: false,
      errors: [{ path: 'actions.0.type', message: RULE_MESSAGES.ACTION_NOT_FOR_RULE }],
    });
    expect(
      parseRuleData(
        { criteria, actions: [{ type: 'map_to_transaction', transaction_type: 'income' }] },
        'tagging',
      ),
    ).toEqual({
      ok: false,
      errors: [{ path: 'actions.0.type', message: RULE_MESSAGES.ACTION_NOT_FOR_RULE }],
    });
  });

  it('refuses the three types a mapping may not produce (linked seed §3)', () => {
    const criteria = [{ type: 'amount', params: [{ comparison: 'GREATER', value: '0' }] }];
    for (const excluded of ['cash dividend', 'cash interest', 'realized gain or loss']) {
      const result = parseRuleData(
        {
          criteria,
          actions: [
            {
              type: 'map_to_transaction',
              transaction_type: { isMappedFromJson: false, value: excluded },
              entries: [{ account: { isMappedFromJson: false, value: 'a' } }],
            },
          ],
        },
        'mapping_to_smart_transaction',
      );
      expect(result).toEqual({
        ok: false,
        errors: [{ path: 'actions.0.transaction_type', message: RULE_MESSAGES.TYPE_NOT_MAPPABLE }],
      });
    }
  });
});
