// The mapping action: a linked transaction becomes a smart transaction. Each value is fixed or read from the
// transaction's source by an RFC 9535 JSONPath (the first node it selects); an entry's account may be the
// context account, the repository account the linked account is mapped to. The result is validated by the
// same catalogue rules as a typed transaction, so a mapped transaction is never one a user could not enter.
import { query } from 'jsonpath-rfc9535';
import { mappingTargetTypes } from '../transactions/catalogue.ts';
import {
  type TAssetRef,
  type TValidateTransactionOptions,
  type TValidTransaction,
  validateTransaction,
} from '../transactions/validate-transaction.ts';
import { RULE_MESSAGES } from './parse-rule-data.ts';
import type { TRuleTransaction } from './rule-criteria-fields.ts';
import type { TMappedValue, TMappingAction } from './rule-model.ts';

export const MAPPING_MESSAGES = {
  NO_CONTEXT_ACCOUNT: 'The linked account is not mapped to an account of the repository',
  badPath: (path: string) => `Invalid JSON path: ${path}`,
} as const;

export type TMappingResult = { ok: true; transaction: TValidTransaction } | { ok: false; reason: string };

class MappingError extends Error {}

function resolve(mapped: TMappedValue, source: unknown): unknown {
  if (!mapped.isMappedFromJson) return mapped.value;
  const path = String(mapped.value ?? '');
  let nodes: unknown[];
  try {
    nodes = query(source as Parameters<typeof query>[0], path);
  } catch {
    throw new MappingError(MAPPING_MESSAGES.badPath(path));
  }
  const [first] = nodes;
  return typeof first === 'string' || typeof first === 'number' ? first : null;
}

const asText = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** Map one linked transaction by `action`; `assets` are the repository's, for validation. */
export function mapToTransaction(
  transaction: TRuleTransaction,
  action: TMappingAction,
  assets: ReadonlyMap<string, TAssetRef>,
  options: TValidateTransactionOptions = {},
): TMappingResult {
  try {
    const type = asText(resolve(action.transaction_type, transaction.source));
    if (type !== null && !mappingTargetTypes(options.catalogue).includes(type)) {
      return { ok: false, reason: `Type: ${RULE_MESSAGES.TYPE_NOT_MAPPABLE}` };
    }
    const entries = action.entries.map((entry) => {
      if (entry.account.useContextAccount && !transaction.context_account_id) {
        throw new MappingError(MAPPING_MESSAGES.NO_CONTEXT_ACCOUNT);
      }
      const account = entry.account.useContextAccount
        ? transaction.context_account_id
        : resolve(entry.account, transaction.source);
      const amount = resolve(entry.amount, transaction.source);
      return {
        account_id: asText(account),
        asset_id: asText(resolve(entry.asset, transaction.source)),
        amount: typeof amount === 'number' ? String(amount) : asText(amount),
      };
    });
    const draft = {
      type,
      date: asText(resolve(action.date, transaction.source)),
      description: asText(resolve(action.description, transaction.source)),
      entries,
    };
    const validation = validateTransaction(draft, assets, options);
    if (validation.ok) return { ok: true, transaction: validation.value };
    return {
      ok: false,
      reason: validation.errors.map((error) => `${error.label}: ${error.message}`).join('; '),
    };
  } catch (error) {
    if (error instanceof MappingError) return { ok: false, reason: error.message };
    throw error;
  }
}
