import type { TCreateTransactionBody, TTransaction } from '@strata/contracts/transactions';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { bumpDataVersion } from '../../shared/data-version.ts';
import { fieldError } from '../../shared/field-error.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import { createTransactionsRepository } from './transactions.repository.ts';
import {
  draftOf,
  refreshStatistics,
  TRANSACTION_MESSAGES,
  type TTransactionRules,
} from './transactions-rules.ts';

export const createdMessage = (date: string) => `Transaction ${date} created`;

/** Creating one transaction, or a bulk of them in one repository (all or nothing). */
export function createTransactionsCreate(db: Kysely<Database>, rules: TTransactionRules) {
  return {
    async create(
      user: TAccessUser | null,
      input: TCreateTransactionBody | TCreateTransactionBody[],
      queryRepositoryId: string | undefined,
    ) {
      const items = Array.isArray(input) ? input : [input];
      const repositoryIds = new Set(items.map((item) => item.repository_id ?? queryRepositoryId));
      if (repositoryIds.has(undefined))
        throw fieldError({ repository_id: [TRANSACTION_MESSAGES.REPOSITORY_REQUIRED] });
      if (repositoryIds.size > 1) throw new AppError('BAD_REQUEST', TRANSACTION_MESSAGES.MIXED_REPOSITORIES);
      const repositoryId = [...repositoryIds][0] as string;
      const { repository } = await requireRepositoryAccess(db, user, repositoryId, 'write');
      const pro = await rules.proAllowed(repository.owner_id);
      for (const item of items) rules.assertTypeInPlan(item.type, pro);
      const refs = await createTransactionsRepository(db).assetRefs(repositoryId);
      const valid = rules.validateAll(items.map(draftOf), refs, { isBulk: Array.isArray(input) });
      const created = await db.transaction().execute(async (trx) => {
        const rows = await createTransactionsRepository(trx).insertMany(
          repositoryId,
          (user as TAccessUser).id,
          valid,
        );
        await bumpDataVersion(trx, repositoryId);
        return createTransactionsRepository(trx).withEntries(rows);
      });
      await refreshStatistics(db, created.length);
      return Array.isArray(input) ? created : (created[0] as TTransaction);
    },
  };
}
