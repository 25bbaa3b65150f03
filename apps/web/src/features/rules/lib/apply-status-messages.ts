// The seed's apply_status tables (linked seed §4): what the user is told after creating a rule, and after
// applying an existing one, and whether the rule dialog closes.
import type { TNotificationType } from '../../../shared/notifications/notification-store.ts';

export interface TApplyMessage {
  message: string;
  kind: Extract<TNotificationType, 'success' | 'error' | 'warn'> | null;
  closesDialog: boolean;
}

/** After POST rules: a missing apply_status (saved for the future only) reads like not_applied. */
export function createdRuleMessage(status: string | null | undefined): TApplyMessage {
  switch (status) {
    case 'success':
      return { message: 'Rule was created and applied successfully!', kind: 'success', closesDialog: true };
    case 'failed':
      return { message: 'Rule was created, but applying failed.', kind: 'error', closesDialog: false };
    case 'partial':
      return {
        message: 'Rule was created, but not all transactions were applied.',
        kind: 'warn',
        closesDialog: false,
      };
    default:
      return { message: 'Rule created successfully.', kind: 'success', closesDialog: true };
  }
}

/** After POST rules/apply ('Apply to historic'): only full success closes the dialog. */
export function appliedRuleMessage(status: string | null | undefined): TApplyMessage {
  switch (status) {
    case 'success':
      return { message: 'All transactions processed successfully!', kind: 'success', closesDialog: true };
    case 'failed':
      return {
        message: 'Rule could not be applied to any transactions.',
        kind: 'error',
        closesDialog: false,
      };
    case 'partial':
      return {
        message: 'Rule applied partially. Some transactions could not be processed.',
        kind: 'warn',
        closesDialog: false,
      };
    case 'not_applied':
      return {
        message:
          'No transactions matched the rule criteria or the rule is already applied. Please review your rule settings.',
        kind: 'success',
        closesDialog: false,
      };
    default:
      return { message: 'Rule processing completed.', kind: null, closesDialog: false };
  }
}
