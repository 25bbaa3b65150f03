import { LINKED_TRANSACTION_MESSAGES } from '@strata/contracts/linked-transactions';
import {
  RULE_API_MESSAGES,
  type TApplyRuleBody,
  type TApplySummary,
  type TCreateRuleBody,
  type TPreviewPage,
  type TPreviewRulesBody,
  type TRule,
  type TUpdateRuleBody,
} from '@strata/contracts/rules';
import { parseRuleData, type TParsedRuleData } from '@strata/core/rules/parse-rule-data';
import type { TRuleType } from '@strata/core/rules/rule-model';
import { runRule } from '@strata/core/rules/run-rules';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { updateVersioned } from '../../plugins/row-version.ts';
import { fieldError } from '../../shared/field-error.ts';
import { existingLinkedTagIds } from '../../shared/linked-tags.repository.ts';
import { requireRecordAccess } from '../../shared/record-access.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import { userToday } from '../../shared/user-today.ts';
import {
  countMatching,
  deleteRule,
  findRule,
  insertRule,
  lastOrder,
  listRules,
  matchingTransactions,
  renumber,
  setApplyStatus,
  shiftOrders,
  type TRuleRow,
  updateRule,
} from './rules.repository.ts';
import { applyRule, ruleContext, type TRuleScope } from './rules-apply.ts';

export const RULE_SERVICE_MESSAGES = {
  TYPE_CHANGE: 'A rule keeps its type: create a rule of the other type instead',
  OTHER_REPOSITORY: 'The rule belongs to another repository',
} as const;

function toRule(row: TRuleRow): TRule {
  return {
    id: row.id,
    repository_id: row.repository_id,
    order: row.order,
    type: row.type,
    data: row.data as TRule['data'],
    apply_to_existing_transactions: row.apply_to_existing_transactions,
    apply_status: row.apply_status,
    enabled: row.enabled,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  };
}

/** Core's verdict on a rule's data, or 400 naming each problem by its path under `data`. */
function parsedData(raw: unknown, type: TRuleType): TParsedRuleData {
  const parsed = parseRuleData(raw, type);
  if (parsed.ok) return parsed.value;
  const errors: Record<string, string[]> = {};
  for (const error of parsed.errors) {
    const key = `data.${error.path}`;
    errors[key] = [...(errors[key] ?? []), error.message];
  }
  throw fieldError(errors);
}

/** Core's verdict, and every tag an action adds is one of the repository's linked-transaction tags. */
async function checkedData(
  db: Kysely<Database>,
  repositoryId: string,
  raw: unknown,
  type: TRuleType,
): Promise<TParsedRuleData> {
  const data = parsedData(raw, type);
  const tagIds = [
    ...new Set(data.actions.flatMap((action) => (action.type === 'add_tag' ? action.tag_ids : []))),
  ];
  const known = await existingLinkedTagIds(db, repositoryId, tagIds);
  const unknown = tagIds.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new AppError('BAD_REQUEST', LINKED_TRANSACTION_MESSAGES.UNKNOWN_TAG, {
      details: { tags: unknown },
    });
  }
  return data;
}

/** What is stored: the criteria and actions as core understood them, not the raw request. */
function storedData(data: TParsedRuleData): string {
  return JSON.stringify({ criteria: data.criteria, actions: data.actions });
}

export function createRulesService(db: Kysely<Database>) {
  async function scopeOf(user: TAccessUser | null, repositoryId: string, need: 'read' | 'write') {
    const access = await requireRepositoryAccess(db, user, repositoryId, need);
    const actor = user as TAccessUser;
    const scope: TRuleScope = {
      repositoryId,
      ownerId: access.repository.owner_id,
      userId: actor.id,
      today: await userToday(db, actor.id),
    };
    return scope;
  }

  async function ruleAccess(user: TAccessUser | null, id: string, need: 'read' | 'write'): Promise<TRuleRow> {
    const row = await findRule(db, id);
    await requireRecordAccess(db, user, row?.repository_id, need, RULE_API_MESSAGES.NOT_FOUND);
    return row as TRuleRow;
  }

  return {
    async list(user: TAccessUser | null, repositoryId: string, type?: TRuleType): Promise<TRule[]> {
      await requireRepositoryAccess(db, user, repositoryId, 'read');
      return (await listRules(db, repositoryId, type)).map(toRule);
    },

    /** Linked seed §4: a new tagging rule goes last, a new mapping rule first, unless an order is given. */
    async create(user: TAccessUser | null, body: TCreateRuleBody) {
      const scope = await scopeOf(user, body.repository_id, 'write');
      const data = await checkedData(db, body.repository_id, body.data, body.type);
      return db.transaction().execute(async (trx) => {
        const last = await lastOrder(trx, body.repository_id, body.type);
        const order = Math.min(body.order ?? (body.type === 'tagging' ? last + 1 : 1), last + 1);
        await shiftOrders(trx, body.repository_id, body.type, order);
        let row = await insertRule(trx, {
          repository_id: body.repository_id,
          type: body.type,
          order,
          data: storedData(data),
          apply_to_existing_transactions: body.apply_to_existing_transactions,
          enabled: body.enabled,
          created_by: scope.userId,
        });
        let summary: TApplySummary | null = null;
        if (body.apply_to_existing_transactions) {
          summary = await applyRule(trx, scope, { id: row.id, type: row.type, data });
          row = await updateRule(trx, row.id, { apply_status: summary.apply_status });
        }
        return { ...toRule(row), summary };
      });
    },

    async update(
      user: TAccessUser | null,
      id: string,
      body: Omit<TUpdateRuleBody, 'version'>,
      expected?: number,
    ) {
      const current = await ruleAccess(user, id, 'write');
      if (body.type !== current.type) throw new AppError('BAD_REQUEST', RULE_SERVICE_MESSAGES.TYPE_CHANGE);
      const scope = await scopeOf(user, current.repository_id, 'write');
      const data = await checkedData(db, current.repository_id, body.data, body.type);
      return db.transaction().execute(async (trx) => {
        let row = await updateVersioned(
          trx,
          'rules',
          id,
          { expected, notFoundMessage: RULE_API_MESSAGES.NOT_FOUND },
          () => ({
            data: storedData(data),
            apply_to_existing_transactions: body.apply_to_existing_transactions,
            updated_at: new Date(),
          }),
        );
        let summary: TApplySummary | null = null;
        if (body.apply_to_existing_transactions) {
          summary = await applyRule(trx, scope, { id, type: row.type, data });
          await setApplyStatus(trx, id, summary.apply_status);
          row = { ...row, apply_status: summary.apply_status };
        }
        return { ...toRule(row), summary };
      });
    },

    async remove(user: TAccessUser | null, id: string): Promise<{ message: string }> {
      const row = await ruleAccess(user, id, 'write');
      await db.transaction().execute(async (trx) => {
        await deleteRule(trx, id);
        const rest = await listRules(trx, row.repository_id, row.type);
        await renumber(
          trx,
          rest.map((rule) => rule.id),
        );
      });
      return { message: RULE_API_MESSAGES.DELETED };
    },

    /** Moves the rule to `order` among its type (clamped to the list) and numbers them 1, 2, 3 … again. */
    async reorder(user: TAccessUser | null, id: string, order: number): Promise<TRule[]> {
      const row = await ruleAccess(user, id, 'write');
      return db.transaction().execute(async (trx) => {
        const others = (await listRules(trx, row.repository_id, row.type)).filter((rule) => rule.id !== id);
        const at = Math.min(Math.max(order, 1), others.length + 1) - 1;
        const ids = others.map((rule) => rule.id);
        ids.splice(at, 0, id);
        await renumber(trx, ids);
        return (await listRules(trx, row.repository_id, row.type)).map(toRule);
      });
    },

    async setEnabled(user: TAccessUser | null, id: string, enabled: boolean): Promise<TRule> {
      await ruleAccess(user, id, 'write');
      return toRule(await updateRule(db, id, { enabled }));
    },

    async apply(user: TAccessUser | null, body: TApplyRuleBody): Promise<TApplySummary> {
      const row = await ruleAccess(user, body.id, 'write');
      if (row.repository_id !== body.repository_id) throw AppError.notFound(RULE_API_MESSAGES.NOT_FOUND);
      if (body.type !== row.type) throw new AppError('BAD_REQUEST', RULE_SERVICE_MESSAGES.TYPE_CHANGE);
      const scope = await scopeOf(user, row.repository_id, 'write');
      const data = await checkedData(db, row.repository_id, body.data, body.type);
      return db.transaction().execute(async (trx) => {
        const summary = await applyRule(trx, scope, { id: row.id, type: row.type, data });
        await setApplyStatus(trx, row.id, summary.apply_status);
        return summary;
      });
    },

    /** The matching transactions by page, each as the rule would leave it: the apply's own engine, no writes. */
    async preview(user: TAccessUser | null, body: TPreviewRulesBody): Promise<TPreviewPage> {
      const scope = await scopeOf(user, body.repository_id, 'read');
      if (body.id !== undefined) {
        const row = await ruleAccess(user, body.id, 'read');
        if (row.repository_id !== body.repository_id) throw AppError.notFound(RULE_API_MESSAGES.NOT_FOUND);
      }
      const data = parsedData(body.data, body.type);
      const query = { repositoryId: body.repository_id, filter: data.filter, today: scope.today };
      const [total, page, context] = await Promise.all([
        countMatching(db, query),
        matchingTransactions(db, {
          ...query,
          filters: [query.filter],
          page: { size: body.page_size, no: body.page_no },
          withSource: body.type === 'mapping_to_smart_transaction',
        }),
        ruleContext(db, scope),
      ]);
      const rule = { ...(body.id ? { id: body.id } : {}), type: body.type, data };
      return {
        data: page.map((transaction) => {
          const outcome = runRule(rule, transaction, context);
          const kind = outcome.kind === 'not_matched' ? 'unchanged' : outcome.kind;
          return {
            id: transaction.id,
            date: transaction.date,
            // A statement often names its account only by number.
            account_name: transaction.account_name ?? transaction.account_number,
            counterparty: transaction.counterparty,
            description: transaction.description,
            amount: transaction.amount,
            outcome: kind,
            changes: 'changes' in outcome ? outcome.changes : [],
            transaction: outcome.kind === 'mapped' ? outcome.transaction : null,
            reason: outcome.kind === 'failed' ? outcome.reason : null,
          };
        }),
        meta: { page_no: body.page_no, page_size: body.page_size, total },
      };
    },
  };
}
