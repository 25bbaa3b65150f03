import { describe, expect, it } from 'vitest';
import { appliedRuleMessage, createdRuleMessage } from './apply-status-messages.ts';

describe('the seed §4 apply_status tables', () => {
  it.each([
    ['success', 'Rule was created and applied successfully!', 'success', true],
    ['failed', 'Rule was created, but applying failed.', 'error', false],
    ['partial', 'Rule was created, but not all transactions were applied.', 'warn', false],
    ['not_applied', 'Rule created successfully.', 'success', true],
    [null, 'Rule created successfully.', 'success', true],
  ])('created, %s', (status, message, kind, closesDialog) => {
    expect(createdRuleMessage(status)).toEqual({ message, kind, closesDialog });
  });

  it.each([
    ['success', 'All transactions processed successfully!', 'success', true],
    ['failed', 'Rule could not be applied to any transactions.', 'error', false],
    ['partial', 'Rule applied partially. Some transactions could not be processed.', 'warn', false],
    [
      'not_applied',
      'No transactions matched the rule criteria or the rule is already applied. Please review your rule settings.',
      'success',
      false,
    ],
    ['queued', 'Rule processing completed.', null, false],
  ])('applied, %s', (status, message, kind, closesDialog) => {
    expect(appliedRuleMessage(status)).toEqual({ message, kind, closesDialog });
  });
});
