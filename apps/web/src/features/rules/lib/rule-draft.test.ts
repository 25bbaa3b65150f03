import type { TLinkedTransaction } from '@strata/contracts/linked-transactions';
import type { TRule } from '@strata/contracts/rules';
import { RULE_MESSAGES } from '@strata/core/rules/parse-rule-data';
import { describe, expect, it } from 'vitest';
import { addGroup, updateParam } from '../../../shared/data-list/filter-draft.ts';
import {
  checkDraft,
  criteriaFieldsFor,
  criteriaSummary,
  draftFromLinkedTransaction,
  draftFromRule,
  emptyRuleDraft,
  isSameRule,
  ruleDataOf,
  setMappingType,
  submitLabel,
} from './rule-draft.ts';

const savedRule: TRule = {
  id: 'r1',
  repository_id: 'repo',
  order: 1,
  type: 'tagging',
  data: {
    criteria: [
      {
        type: 'description',
        logic: 'OR',
        params: [
          { comparison: 'CONTAINS', value: 'card payment' },
          { comparison: 'CONTAINS', value: 'visa' },
        ],
      },
      {
        type: 'transaction_date',
        logic: 'AND',
        params: [{ comparison: 'RANGE', value: ['2024-01-01', '2024-12-31'] }],
      },
    ],
    actions: [
      { type: 'set_category', value: 'Credit card' },
      { type: 'add_tag', tag_ids: ['t1'] },
    ],
  },
  apply_to_existing_transactions: true,
  apply_status: 'success',
  enabled: true,
  created_at: '2026-11-27T00:00:00.000Z',
  updated_at: '2026-11-27T00:00:00.000Z',
  version: 1,
};

describe('rule drafts', () => {
  it('round-trips a saved rule into the same data', () => {
    const draft = draftFromRule(savedRule);
    expect(ruleDataOf(draft)).toEqual(savedRule.data);
    expect(draft.applyFutureOnly).toBe(false);
    expect(isSameRule(draft, draftFromRule(savedRule))).toBe(true);
    expect(criteriaSummary(draft)).toBe(
      'If Description contains "card payment" or Description contains "visa" and Transaction date is between "2024-01-01 – 2024-12-31"',
    );
  });

  it('enables Create only with a criterion and a filled action (seed §5)', () => {
    const draft = emptyRuleDraft('tagging');
    expect(checkDraft(draft)).toEqual({
      canSubmit: false,
      errors: [
        { path: 'criteria', message: RULE_MESSAGES.NO_CRITERIA },
        { path: 'actions', message: RULE_MESSAGES.NO_ACTIONS },
      ],
    });
    const fields = criteriaFieldsFor('tagging');
    const withGroup = { ...draft, criteria: addGroup(draft.criteria, fields) };
    const group = withGroup.criteria.groups[0]!;
    const param = group.params[0]!;
    const filled = {
      ...withGroup,
      criteria: updateParam(
        withGroup.criteria,
        group.key,
        param.key,
        { field: 'amount', comparison: 'LESS', value: '0' },
        fields,
      ),
      taggingActions: [{ ...draft.taggingActions[0]!, value: 'Spending' }],
    };
    expect(checkDraft(filled)).toEqual({ canSubmit: true, errors: [] });
    expect(ruleDataOf(filled)).toEqual({
      criteria: [{ type: 'amount', logic: 'AND', params: [{ comparison: 'LESS', value: '0' }] }],
      actions: [{ type: 'set_category', value: 'Spending' }],
    });
  });

  it('resets a value when the comparison becomes empty or not empty', () => {
    const draft = draftFromRule(savedRule);
    const group = draft.criteria.groups[0]!;
    const param = group.params[0]!;
    const emptied = updateParam(
      draft.criteria,
      group.key,
      param.key,
      { comparison: 'EMPTY' },
      criteriaFieldsFor('tagging'),
    );
    expect(emptied.groups[0]?.params[0]).toMatchObject({ comparison: 'EMPTY', value: null });
    const back = updateParam(
      emptied,
      group.key,
      param.key,
      { comparison: 'CONTAINS' },
      criteriaFieldsFor('tagging'),
    );
    expect(back.groups[0]?.params[0]).toMatchObject({ comparison: 'CONTAINS', value: '' });
  });

  it('hides connector and access method from the tagging form only', () => {
    expect(Object.keys(criteriaFieldsFor('tagging'))).not.toContain('connector');
    expect(Object.keys(criteriaFieldsFor('tagging'))).not.toContain('access_method');
    expect(Object.keys(criteriaFieldsFor('mapping_to_smart_transaction'))).toContain('connector');
  });

  it('labels the main button as the seed says', () => {
    expect(submitLabel({ isExisting: false, isChanged: true, isPrefilled: false })).toBe('Create');
    expect(submitLabel({ isExisting: true, isChanged: false, isPrefilled: false })).toBe('Apply to historic');
    expect(submitLabel({ isExisting: true, isChanged: true, isPrefilled: false })).toBe('Save');
    expect(submitLabel({ isExisting: true, isChanged: false, isPrefilled: true })).toBe('Save');
  });

  it('prefills a mapping rule from a linked transaction, and gives the type its entry slots', () => {
    const row = {
      counterparty: 'ACME PAYROLL',
      description: 'Salary January',
      account_name: 'Everyday checking',
    } as TLinkedTransaction;
    const draft = draftFromLinkedTransaction('mapping_to_smart_transaction', row);
    const typed = { ...draft, mapping: setMappingType(draft.mapping, 'income') };
    expect(typed.mapping.entries).toHaveLength(2);
    expect(ruleDataOf(typed)).toEqual({
      criteria: [
        { type: 'counterparty', logic: 'AND', params: [{ comparison: 'CONTAINS', value: 'ACME PAYROLL' }] },
        { type: 'account_name', logic: 'AND', params: [{ comparison: 'EQ', value: 'Everyday checking' }] },
      ],
      actions: [
        {
          type: 'map_to_transaction',
          transaction_type: { isMappedFromJson: false, value: 'income' },
          date: { isMappedFromJson: true, value: '$.date' },
          description: { isMappedFromJson: true, value: '$.memo' },
          entries: [
            {
              account: { isMappedFromJson: false, value: null },
              amount: { isMappedFromJson: false, value: null },
              asset: { isMappedFromJson: false, value: null },
            },
            {
              account: { isMappedFromJson: false, value: null },
              amount: { isMappedFromJson: false, value: null },
              asset: { isMappedFromJson: false, value: null },
            },
          ],
        },
      ],
    });
  });
});
