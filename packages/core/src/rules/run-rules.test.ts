import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TAssetRef } from '../transactions/validate-transaction.ts';
import { MAPPING_MESSAGES } from './map-to-transaction.ts';
import { parseRuleData } from './parse-rule-data.ts';
import type { TRuleType } from './rule-model.ts';
import {
  runRule,
  runRulesOnNewTransaction,
  summarizeOutcomes,
  type TRuleContext,
  type TRuleOutcome,
  type TRunnableRule,
} from './run-rules.ts';
import { ruleTransaction } from './testing/rule-transaction.ts';

function rule(
  type: TRuleType,
  data: unknown,
  extra: { id?: string; order?: number; enabled?: boolean } = {},
) {
  const parsed = parseRuleData(data, type);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return { type, data: parsed.value, id: extra.id, order: extra.order ?? 1, enabled: extra.enabled ?? true };
}

const assets = new Map<string, TAssetRef>([
  ['checking', { type: 'bank account', name: 'Everyday checking' }],
  ['usd', { type: 'currency', name: 'USD' }],
  ['salary', { type: 'income account', name: 'Salary' }],
]);
const context: TRuleContext = { today: '2024-03-10', assets, excludeTagId: 'exclude' };

const cardPayments = rule(
  'tagging',
  {
    criteria: [
      { type: 'description', logic: 'AND', params: [{ comparison: 'CONTAINS', value: 'card payment' }] },
    ],
    actions: [
      { type: 'set_category', value: 'Credit card' },
      { type: 'add_tag', tag_ids: ['t-card'] },
    ],
  },
  { id: 'r-card' },
);

const salarySource = {
  fitid: 'F1',
  date: '2024-01-31',
  amount: '2500.00',
  name: 'ACME PAYROLL',
  memo: 'Salary January',
};
const salaryMapping = (accountFromContext = true) =>
  rule(
    'mapping_to_smart_transaction',
    {
      criteria: [{ type: 'counterparty', params: [{ comparison: 'CONTAINS', value: 'payroll' }] }],
      actions: [
        {
          type: 'map_to_transaction',
          transaction_type: { isMappedFromJson: false, value: 'income' },
          date: { isMappedFromJson: true, value: '$.date' },
          description: { isMappedFromJson: true, value: '$.memo' },
          entries: [
            {
              account: accountFromContext
                ? { useContextAccount: true, isMappedFromJson: false, value: null }
                : { isMappedFromJson: false, value: 'checking' },
              amount: { isMappedFromJson: true, value: '$.amount' },
              asset: { isMappedFromJson: false, value: 'usd' },
            },
            {
              account: { isMappedFromJson: false, value: 'salary' },
              amount: { isMappedFromJson: true, value: '$.amount' },
              asset: { isMappedFromJson: false, value: 'usd' },
            },
          ],
        },
      ],
    },
    { id: 'r-salary' },
  );
const salaryLine = ruleTransaction({
  id: 'lt-salary',
  amount: '2500.00',
  counterparty: 'ACME PAYROLL',
  description: 'Salary January',
  date: '2024-01-31',
  context_account_id: 'checking',
  source: salarySource,
});

describe('runRule: tagging', () => {
  it('decides on each transaction by its own values', () => {
    const batch = [
      ruleTransaction({ id: 'a', description: 'CARD PAYMENT thank you', amount: '500' }),
      ruleTransaction({ id: 'b', description: 'POS purchase' }),
      ruleTransaction({ id: 'c', description: 'Direct debit card payment insurance' }),
    ];
    const outcomes = batch.map((transaction) => runRule(cardPayments, transaction, context));
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['changed', 'not_matched', 'changed']);
    expect(outcomes[0]).toEqual({
      kind: 'changed',
      after: { ...batch[0], category: 'Credit card', tag_ids: ['t-card'], applied_rule_ids: ['r-card'] },
      changes: [
        { field: 'tag_ids', before: [], after: ['t-card'] },
        { field: 'category', before: null, after: 'Credit card' },
      ],
    });
  });

  it('acts once on a transaction: a sign flip applied again changes nothing', () => {
    const flip = rule(
      'tagging',
      {
        criteria: [{ type: 'account_type', params: [{ comparison: 'EQ', value: 'CREDITCARD' }] }],
        actions: [{ type: 'set_sign', value: 'flip_sign' }],
      },
      { id: 'r-flip' },
    );
    const first = runRule(flip, ruleTransaction({ account_type: 'CREDITCARD', amount: '19.99' }), context);
    expect(first.kind === 'changed' && first.after.amount).toBe('-19.99');
    if (first.kind !== 'changed') throw new Error('expected a change');
    expect(runRule(flip, first.after, context)).toEqual({ kind: 'unchanged' });
  });

  it('counts LAST n days back from the given today, both ends included', () => {
    const recent = rule('tagging', {
      criteria: [{ type: 'transaction_date', params: [{ comparison: 'LAST', value: 5 }] }],
      actions: [{ type: 'add_tag', tag_ids: ['t-new'] }],
    });
    const kinds = ['2024-03-05', '2024-03-06', '2024-03-10', '2024-03-11'].map(
      (date) => runRule(recent, ruleTransaction({ date }), context).kind,
    );
    expect(kinds).toEqual(['not_matched', 'changed', 'changed', 'not_matched']);
  });
});

describe('runRule: mapping', () => {
  it('maps a salary line to an income transaction from JSON paths and the context account', () => {
    expect(runRule(salaryMapping(), salaryLine, context)).toEqual({
      kind: 'mapped',
      after: { ...salaryLine, mapping_status: 'ok', applied_rule_ids: ['r-salary'] },
      changes: [{ field: 'mapping_status', before: 'none', after: 'ok' }],
      transaction: {
        type: 'income',
        date: '2024-01-31',
        description: 'Salary January',
        entries: [
          { account_id: 'checking', asset_id: 'usd', amount: '2500', pos_id: null },
          { account_id: 'salary', asset_id: 'usd', amount: '-2500', pos_id: null },
        ],
      },
    });
  });

  it('fails with the reason, and marks the transaction failed, when the mapping cannot make a valid transaction', () => {
    const noContext = runRule(salaryMapping(), { ...salaryLine, context_account_id: null }, context);
    expect(noContext).toMatchObject({ kind: 'failed', reason: MAPPING_MESSAGES.NO_CONTEXT_ACCOUNT });
    expect(noContext.kind === 'failed' && noContext.after.mapping_status).toBe('failed');

    const noDate = runRule(
      salaryMapping(false),
      { ...salaryLine, source: { ...salarySource, date: undefined } },
      context,
    );
    expect(noDate).toMatchObject({ kind: 'failed', reason: 'Date: Field is required' });

    const badPath = rule('mapping_to_smart_transaction', {
      criteria: [{ type: 'amount', params: [{ comparison: 'GREATER', value: 0 }] }],
      actions: [
        {
          type: 'map_to_transaction',
          transaction_type: { isMappedFromJson: true, value: '$[' },
          entries: [{ account: { isMappedFromJson: false, value: 'checking' } }],
        },
      ],
    });
    expect(runRule(badPath, salaryLine, context)).toMatchObject({
      kind: 'failed',
      reason: 'Invalid JSON path: $[',
    });
  });

  it('refuses an excluded type read from the source', () => {
    const fromSource = rule('mapping_to_smart_transaction', {
      criteria: [{ type: 'amount', params: [{ comparison: 'GREATER', value: 0 }] }],
      actions: [
        {
          type: 'map_to_transaction',
          transaction_type: { isMappedFromJson: true, value: '$.kind' },
          entries: [{ account: { isMappedFromJson: false, value: 'checking' } }],
        },
      ],
    });
    const outcome = runRule(fromSource, { ...salaryLine, source: { kind: 'cash dividend' } }, context);
    expect(outcome).toMatchObject({
      kind: 'failed',
      reason: 'Type: Linked transactions cannot be mapped to this transaction type',
    });
  });

  it('leaves mapped and excluded transactions alone', () => {
    expect(runRule(salaryMapping(), { ...salaryLine, mapping_status: 'ok' }, context)).toEqual({
      kind: 'unchanged',
    });
    expect(runRule(salaryMapping(), { ...salaryLine, tag_ids: ['exclude'] }, context)).toEqual({
      kind: 'unchanged',
    });
  });
});

describe('summarizeOutcomes (linked seed §4 apply_status)', () => {
  const changed: TRuleOutcome = { kind: 'changed', after: ruleTransaction(), changes: [] };
  const failed: TRuleOutcome = { kind: 'failed', after: ruleTransaction(), changes: [], reason: 'x' };
  it.each([
    ['nothing', [], 'not_applied'],
    ['nothing matched', [{ kind: 'not_matched' }], 'not_applied'],
    ['only already applied', [{ kind: 'unchanged' }, { kind: 'not_matched' }], 'not_applied'],
    ['changed and already applied', [changed, { kind: 'unchanged' }], 'success'],
    ['only failed', [failed, { kind: 'unchanged' }], 'failed'],
    ['changed and failed', [changed, failed], 'partial'],
  ] as [string, TRuleOutcome[], string][])('%s is %s', (_name, outcomes, status) => {
    expect(summarizeOutcomes(outcomes).apply_status).toBe(status);
  });
  it('counts', () => {
    expect(summarizeOutcomes([changed, failed, { kind: 'unchanged' }, { kind: 'not_matched' }])).toEqual({
      apply_status: 'partial',
      matched: 3,
      changed: 1,
      unchanged: 1,
      failed: 1,
    });
  });
});

describe('runRulesOnNewTransaction', () => {
  it('runs enabled tagging rules in order, then the first matching mapping rule, which sees their changes', () => {
    const categorise = rule(
      'tagging',
      {
        criteria: [{ type: 'counterparty', params: [{ comparison: 'CONTAINS', value: 'payroll' }] }],
        actions: [{ type: 'set_category', value: 'Salary' }],
      },
      { id: 'r-cat', order: 2 },
    );
    const overwrite = rule(
      'tagging',
      {
        criteria: [{ type: 'category', params: [{ comparison: 'EQ', value: 'Salary' }] }],
        actions: [{ type: 'set_subcategory', value: 'Monthly' }],
      },
      { id: 'r-sub', order: 3 },
    );
    const disabled = rule(
      'tagging',
      {
        criteria: [{ type: 'amount', params: [{ comparison: 'GREATER', value: 0 }] }],
        actions: [{ type: 'set_category', value: 'Other' }],
      },
      { id: 'r-off', order: 1, enabled: false },
    );
    const mapSalaryCategory = rule(
      'mapping_to_smart_transaction',
      {
        criteria: [{ type: 'category', params: [{ comparison: 'EQ', value: 'Salary' }] }],
        actions: salaryMapping().data.actions,
      },
      { id: 'r-map', order: 1 },
    );
    const result = runRulesOnNewTransaction(
      [mapSalaryCategory, overwrite, disabled, categorise],
      salaryLine,
      context,
    );
    expect(result.after).toMatchObject({
      category: 'Salary',
      subcategory: 'Monthly',
      mapping_status: 'ok',
      applied_rule_ids: ['r-cat', 'r-sub', 'r-map'],
    });
    expect(result.mapped?.type).toBe('income');
    expect(result.mappingFailure).toBeNull();
  });
});

describe('properties', () => {
  const amounts = fc.integer({ min: -100_000, max: 100_000 }).map((cents) => (cents / 100).toFixed(2));
  const transactions = fc.record({
    amount: amounts,
    description: fc.constantFrom('card payment', 'POS purchase', 'Salary', null),
    category: fc.constantFrom(null, 'Groceries', 'Travel'),
    edited: fc.subarray(['category', 'amount', 'counterparty']),
  });
  const rules: fc.Arbitrary<TRunnableRule> = fc
    .record({
      threshold: amounts,
      sign: fc.constantFrom('positive', 'negative', 'flip_sign'),
      category: fc.constantFrom('Groceries', 'Bills'),
    })
    .map(({ threshold, sign, category }) =>
      rule(
        'tagging',
        {
          criteria: [{ type: 'amount', params: [{ comparison: 'GREATER', value: threshold }] }],
          actions: [
            { type: 'set_sign', value: sign },
            { type: 'set_category', value: category },
          ],
        },
        { id: 'r-any' },
      ),
    );

  it('a rule never changes a transaction its criteria do not match, and acts at most once', () => {
    fc.assert(
      fc.property(rules, transactions, (anyRule, fields) => {
        const transaction = ruleTransaction({
          amount: fields.amount,
          description: fields.description,
          category: fields.category,
          edited_fields: fields.edited,
        });
        const threshold = Number((anyRule.data.criteria[0]!.params[0]!.value as string) ?? 0);
        const outcome = runRule(anyRule, transaction, context);
        if (!(Number(fields.amount) > threshold)) return outcome.kind === 'not_matched';
        if (outcome.kind === 'not_matched') return false;
        if (outcome.kind !== 'changed') return outcome.kind === 'unchanged';
        const again = runRule(anyRule, outcome.after, context);
        return (
          again.kind !== 'changed' &&
          again.kind !== 'failed' &&
          outcome.changes.every((change) => !fields.edited.includes(change.field))
        );
      }),
    );
  });
});
