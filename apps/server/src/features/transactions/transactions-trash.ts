import type { TTransaction } from '@strata/contracts/transactions';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { bumpDataVersion } from '../../shared/data-version.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import { createTransactionsRepository } from './transactions.repository.ts';
import { refuseTrashedAssets, type TTransactionRules, withEntriesOne } from './transactions-rules.ts';

/** Deleting (to the trash, or for good, one or many), restoring and emptying the trash. */
export function createTransactionsTrash(db: Kysely<Database>, rules: TTransactionRules) {
  return {
    async remove(user: TAccessUser | null, ids: readonly string[], isHard: boolean) {
      const target = await rules.transactionIds(user, ids);
      await db.transaction().execute(async (trx) => {
        const repo = createTransactionsRepository(trx);
        if (isHard) await repo.deleteMany(target.ids);
        else await repo.trashMany(target.ids, (user as TAccessUser).id);
        await bumpDataVersion(trx, target.repositoryId);
      });
      const count = target.ids.length;
      const what = count === 1 ? 'Transaction' : `${count} transactions`;
      return { message: isHard ? `${what} deleted` : `${what} moved to the trash` };
    },

    async restoreOne(user: TAccessUser | null, id: string): Promise<TTransaction> {
      const { row, access } = await rules.accessTransaction(user, id, 'write');
      if (!row.deleted_at) return withEntriesOne(db, row);
      return db.transaction().execute(async (trx) => {
        await refuseTrashedAssets(trx, access.repository.id, [id]);
        const restored = await createTransactionsRepository(trx).restore(id, (user as TAccessUser).id);
        await bumpDataVersion(trx, access.repository.id);
        return withEntriesOne(trx, restored);
      });
    },

    async restoreMany(user: TAccessUser | null, repositoryId: string, ids: readonly string[] | undefined) {
      await requireRepositoryAccess(db, user, repositoryId, 'write');
      const restored = await db.transaction().execute(async (trx) => {
        await refuseTrashedAssets(trx, repositoryId, ids);
        const count = await createTransactionsRepository(trx).restoreTrashed(
          repositoryId,
          ids,
          (user as TAccessUser).id,
        );
        await bumpDataVersion(trx, repositoryId);
        return count;
      });
      return { message: `${restored} transactions restored` };
    },

    async emptyTrash(user: TAccessUser | null, repositoryId: string) {
      await requireRepositoryAccess(db, user, repositoryId, 'write');
      const deleted = await db.transaction().execute(async (trx) => {
        const count = await createTransactionsRepository(trx).deleteTrashed(repositoryId);
        await bumpDataVersion(trx, repositoryId);
        return count;
      });
      return { message: `Trash emptied: ${deleted} transactions deleted` };
    },
  };
}
