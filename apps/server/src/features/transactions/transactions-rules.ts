import type { TTransaction, TTransactionFields } from '@strata/contracts/transactions';
import { canUseProTypes, nextPlanAbove } from '@strata/core/plans/plan-limits';
import { findTransactionType } from '@strata/core/transactions/catalogue';
import {
  type TAssetRef,
  type TTransactionDraft,
  type TValidTransaction,
  validateTransaction,
} from '@strata/core/transactions/validate-transaction';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { fieldError } from '../../shared/field-error.ts';
import { requireRecordAccess } from '../../shared/record-access.ts';
import type { TAccessUser } from '../../shared/repository-access.ts';
import { getEffectiveSubscription, plans } from '../subscription/index.ts';
import { createTransactionsRepository, type TTransactionRow } from './transactions.repository.ts';

export const TRANSACTION_MESSAGES = {
  NOT_FOUND: 'Transaction not found',
  IN_TRASH: 'The transaction is in the trash: restore it first',
  MIXED_REPOSITORIES: 'Every transaction of one request must belong to the same repository',
  REPOSITORY_REQUIRED: 'repository_id is required',
  PRO_TYPE: (type: string) => `The ${type} transaction type is available on the PRO plan`,
  /** The other side of the asset trash rule: a live transaction never rests on a trashed asset. */
  usesTrashedAssets: (names: readonly string[]) =>
    `${names.length === 1 ? `${names[0]} is` : `${names.join(', ')} are`} in the trash: restore ${names.length === 1 ? 'it' : 'them'} first`,
} as const;

/** After a large write the planner's row estimates are stale; fresh ones keep list queries on the index. */
const ANALYZE_AFTER_ROWS = 1000;

export async function refreshStatistics(db: Kysely<Database>, rows: number): Promise<void> {
  if (rows < ANALYZE_AFTER_ROWS) return;
  await createTransactionsRepository(db).analyze();
}

/** A draft's entries as the core validator reads them. */
export function draftOf(fields: TTransactionFields): TTransactionDraft {
  return {
    type: fields.type ?? null,
    date: fields.date ?? null,
    description: fields.description ?? null,
    entries: fields.entries ?? null,
  };
}

/** One row as the API answers it, with its entries. */
export async function withEntriesOne(db: Kysely<Database>, row: TTransactionRow): Promise<TTransaction> {
  return (await createTransactionsRepository(db).withEntries([row]))[0] as TTransaction;
}

/** Restoring must not rest live transactions on trashed assets: 409 naming them. */
export async function refuseTrashedAssets(
  trx: Kysely<Database>,
  repositoryId: string,
  ids: readonly string[] | undefined,
): Promise<void> {
  const trashed = await createTransactionsRepository(trx).trashedAssetsOfTrashed(repositoryId, ids);
  if (trashed.length > 0) {
    throw AppError.conflict(TRANSACTION_MESSAGES.usesTrashedAssets(trashed.map((asset) => asset.name)));
  }
}

export type TProAllowance = { isAllowed: boolean; planId: string };

/** The rules every transaction operation shares: access to rows, the plan's types, validation. */
export function createTransactionRules(db: Kysely<Database>) {
  /** Whether the repository owner's plan includes the PRO-only types (the plan travels with the repository). */
  async function proAllowed(ownerId: string): Promise<TProAllowance> {
    const { plan } = await getEffectiveSubscription(db, ownerId);
    return { isAllowed: canUseProTypes(plan), planId: plan.id };
  }

  function assertTypeInPlan(type: unknown, pro: TProAllowance) {
    const definition = typeof type === 'string' ? findTransactionType(type) : undefined;
    if (!definition?.isProOnly || pro.isAllowed) return;
    const upgrade = nextPlanAbove(
      plans().filter((plan) => plan.transaction_types === 'all'),
      0,
    );
    throw new AppError('FORBIDDEN', TRANSACTION_MESSAGES.PRO_TYPE(definition.name), {
      details: { reason: 'PLAN_LIMIT', plan_id: pro.planId, upgrade_plan: upgrade?.id ?? null },
    });
  }

  /** Validates drafts; every problem of every row at once (rows prefixed by index in a bulk). */
  function validateAll(
    drafts: readonly TTransactionDraft[],
    refs: ReadonlyMap<string, TAssetRef>,
    options: { isBulk: boolean; labelOf?: (index: number) => string },
  ): TValidTransaction[] {
    const valid: TValidTransaction[] = [];
    const fieldErrors: Record<string, string[]> = {};
    drafts.forEach((draft, index) => {
      const result = validateTransaction(draft, refs);
      if (result.ok) {
        valid.push(result.value);
        return;
      }
      const prefix = options.labelOf ? `${options.labelOf(index)} ` : options.isBulk ? `${index}.` : '';
      for (const error of result.errors) {
        const key = `${prefix}${error.label}`;
        fieldErrors[key] = [...(fieldErrors[key] ?? []), error.message];
      }
    });
    if (Object.keys(fieldErrors).length > 0) throw fieldError(fieldErrors);
    return valid;
  }

  async function accessTransaction(user: TAccessUser | null, id: string, need: 'read' | 'write') {
    const row = await createTransactionsRepository(db).find(id);
    const access = await requireRecordAccess(
      db,
      user,
      row?.repository_id,
      need,
      TRANSACTION_MESSAGES.NOT_FOUND,
    );
    return { row: row as TTransactionRow, access };
  }

  /** The ids a write names, all of one repository the caller may write. */
  async function transactionIds(user: TAccessUser | null, ids: readonly string[]) {
    const rows = await createTransactionsRepository(db).idsWithRepositories(ids);
    const repositories = [...new Set(rows.map((row) => row.repository_id))];
    // Access to every repository the ids reach comes before naming a mix: an id of a repository the caller
    // is not in must answer as an unknown id does, not reveal that it exists somewhere else.
    if (repositories.length === 0)
      await requireRecordAccess(db, user, undefined, 'write', TRANSACTION_MESSAGES.NOT_FOUND);
    for (const repositoryId of repositories) {
      await requireRecordAccess(db, user, repositoryId, 'write', TRANSACTION_MESSAGES.NOT_FOUND);
    }
    if (repositories.length > 1) throw new AppError('BAD_REQUEST', TRANSACTION_MESSAGES.MIXED_REPOSITORIES);
    if (rows.length !== new Set(ids).size) throw AppError.notFound(TRANSACTION_MESSAGES.NOT_FOUND);
    return { ids: rows.map((row) => row.id), repositoryId: repositories[0] as string };
  }

  return { proAllowed, assertTypeInPlan, validateAll, accessTransaction, transactionIds };
}

export type TTransactionRules = ReturnType<typeof createTransactionRules>;
