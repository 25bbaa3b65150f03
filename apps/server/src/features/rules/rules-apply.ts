// Applying one rule to a repository's linked transactions, and all enabled rules to newly imported ones. The
// decisions are core's (runRule per transaction); this file loads the candidates the criteria match in SQL,
// and writes the outcomes in the caller's database transaction: all of them or none.
import { parseRuleData } from '@strata/core/rules/parse-rule-data';
import type { TRuleTransaction } from '@strata/core/rules/rule-criteria-fields';
import type { TRuleType } from '@strata/core/rules/rule-model';
import {
  runRule,
  runRulesOnNewTransaction,
  summarizeOutcomes,
  type TApplySummary,
  type TRuleContext,
  type TRuleOutcome,
  type TRunnableRule,
} from '@strata/core/rules/run-rules';
import type { TValidTransaction } from '@strata/core/transactions/validate-transaction';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { bumpDataVersion } from '../../shared/data-version.ts';
import { findExcludeTagId } from '../../shared/linked-tags.repository.ts';
import { userToday } from '../../shared/user-today.ts';
import { assetRefsOf, createTransactionRules, insertMappedTransactions } from '../transactions/index.ts';
import {
  listRules,
  matchingTransactions,
  repositoryOwner,
  type TTransactionWrite,
  writeTransactions,
} from './rules.repository.ts';

export interface TRuleScope {
  repositoryId: string;
  ownerId: string;
  /** The user the mapped transactions are created by. */
  userId: string;
  /** The user's today, for LAST n days. */
  today: string;
}

export async function ruleContext(db: Kysely<Database>, scope: TRuleScope): Promise<TRuleContext> {
  const [assets, pro, exclude] = await Promise.all([
    assetRefsOf(db, scope.repositoryId),
    createTransactionRules(db).proAllowed(scope.ownerId),
    findExcludeTagId(db, scope.repositoryId),
  ]);
  return {
    today: scope.today,
    assets,
    validation: { canUseProTypes: pro.isAllowed },
    excludeTagId: exclude ?? null,
  };
}

function writeOf(
  after: TRuleTransaction,
  mappingMessage: string | null,
  transactionId: string | null,
): TTransactionWrite {
  return {
    id: after.id,
    tag_ids: after.tag_ids,
    category: after.category,
    subcategory: after.subcategory,
    counterparty: after.counterparty,
    amount: after.amount,
    applied_rule_ids: after.applied_rule_ids,
    mapping_status: after.mapping_status,
    mapping_message: mappingMessage,
    transaction_id: transactionId,
  };
}

interface TResult {
  after: TRuleTransaction;
  mapped: TValidTransaction | null;
  failure: string | null;
}

/** Writes rule results: the smart transactions mapped, then every changed linked transaction. */
async function writeResults(
  trx: Kysely<Database>,
  scope: TRuleScope,
  results: readonly TResult[],
): Promise<void> {
  const mapped = results.filter((result) => result.mapped !== null);
  const transactionIds = await insertMappedTransactions(
    trx,
    scope.repositoryId,
    scope.userId,
    mapped.map((result) => ({ linkedId: result.after.id, transaction: result.mapped as TValidTransaction })),
  );
  const idOf = new Map(mapped.map((result, index) => [result.after.id, transactionIds[index] as string]));
  await writeTransactions(
    trx,
    results.map((result) => writeOf(result.after, result.failure, idOf.get(result.after.id) ?? null)),
  );
  if (mapped.length > 0) await bumpDataVersion(trx, scope.repositoryId);
}

function resultOf(outcome: TRuleOutcome): TResult | null {
  switch (outcome.kind) {
    case 'changed':
      return { after: outcome.after, mapped: null, failure: null };
    case 'mapped':
      return { after: outcome.after, mapped: outcome.transaction, failure: null };
    case 'failed':
      return { after: outcome.after, mapped: null, failure: outcome.reason };
    default:
      return null;
  }
}

/** One rule on every linked transaction of the repository its criteria match. */
export async function applyRule(
  trx: Kysely<Database>,
  scope: TRuleScope,
  rule: TRunnableRule,
): Promise<TApplySummary> {
  const context = await ruleContext(trx, scope);
  const candidates = await matchingTransactions(trx, {
    repositoryId: scope.repositoryId,
    filters: [rule.data.filter],
    today: scope.today,
    withSource: rule.type === 'mapping_to_smart_transaction',
  });
  const outcomes = candidates.map((transaction) => runRule(rule, transaction, context));
  const results = outcomes.map(resultOf).filter((result): result is TResult => result !== null);
  await writeResults(trx, scope, results);
  return summarizeOutcomes(outcomes);
}

/** A stored rule as core runs it; a rule whose stored data no longer parses is skipped. */
export function runnableRule(row: {
  id: string;
  type: TRuleType;
  order: number;
  enabled: boolean;
  data: unknown;
}): (TRunnableRule & { order: number; enabled: boolean }) | null {
  const parsed = parseRuleData(row.data, row.type);
  return parsed.ok
    ? { id: row.id, type: row.type, order: row.order, enabled: row.enabled, data: parsed.value }
    : null;
}

/**
 * Every enabled rule of the repository, in order, on the linked transactions a load just added (those of its
 * sync events), inside the load's own database transaction; the loading user creates what is mapped.
 */
export async function runRulesOnImported(
  trx: Kysely<Database>,
  load: { repositoryId: string; userId: string; syncEventIds: readonly string[] },
): Promise<{ changed: number; mapped: number; failed: number }> {
  const rules = (await listRules(trx, load.repositoryId))
    .map(runnableRule)
    .filter((rule): rule is NonNullable<typeof rule> => rule?.enabled === true);
  const ownerId = await repositoryOwner(trx, load.repositoryId);
  if (rules.length === 0 || load.syncEventIds.length === 0 || !ownerId)
    return { changed: 0, mapped: 0, failed: 0 };
  const scope = { ...load, ownerId, today: await userToday(trx, load.userId) };
  const context = await ruleContext(trx, scope);
  // Only the added rows some rule's criteria match: a row none matches as imported is one no rule changes (the
  // first rule to change a row sees it as imported), so the others are neither read back nor run.
  const added = await matchingTransactions(trx, {
    repositoryId: load.repositoryId,
    filters: rules.map((rule) => rule.data.filter),
    today: scope.today,
    syncEventIds: load.syncEventIds,
    withSource: rules.some((rule) => rule.type === 'mapping_to_smart_transaction'),
  });
  const results: TResult[] = [];
  for (const transaction of added) {
    const result = runRulesOnNewTransaction(rules, transaction, context);
    if (result.after !== transaction) {
      results.push({ after: result.after, mapped: result.mapped, failure: result.mappingFailure });
    }
  }
  await writeResults(trx, scope, results);
  return {
    changed: results.length,
    mapped: results.filter((result) => result.mapped !== null).length,
    failed: results.filter((result) => result.failure !== null).length,
  };
}
