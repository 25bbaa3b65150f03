import type { TTransaction, TTransactionFields } from '@strata/contracts/transactions';
import type { TValidTransaction } from '@strata/core/transactions/validate-transaction';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { updateVersioned } from '../../plugins/row-version.ts';
import { bumpDataVersion } from '../../shared/data-version.ts';
import type { TAccessUser } from '../../shared/repository-access.ts';
import { createTransactionsRepository } from './transactions.repository.ts';
import { draftOf, TRANSACTION_MESSAGES, type TTransactionRules } from './transactions-rules.ts';

/** Editing a live transaction: the given fields merged over the stored ones, validated whole, versioned. */
export function createTransactionsUpdate(db: Kysely<Database>, rules: TTransactionRules) {
  return {
    async update(
      user: TAccessUser | null,
      id: string,
      body: TTransactionFields,
      expected: number | undefined,
    ): Promise<TTransaction> {
      const { access } = await rules.accessTransaction(user, id, 'write');
      const repositoryId = access.repository.id;
      const pro = await rules.proAllowed(access.repository.owner_id);
      const refs = await createTransactionsRepository(db).assetRefs(repositoryId);
      return db.transaction().execute(async (trx) => {
        const repo = createTransactionsRepository(trx);
        const updated = await updateVersioned(
          trx,
          'transactions',
          id,
          { expected, notFoundMessage: TRANSACTION_MESSAGES.NOT_FOUND },
          async (row) => {
            if (row.deleted_at) throw new AppError('BAD_REQUEST', TRANSACTION_MESSAGES.IN_TRASH);
            const current = (await repo.withEntries([row]))[0] as TTransaction;
            const merged: TTransactionFields = {
              type: body.type !== undefined ? body.type : current.type,
              date: body.date !== undefined ? body.date : current.date,
              description: body.description !== undefined ? body.description : current.description,
              entries: body.entries ?? current.entries,
            };
            rules.assertTypeInPlan(merged.type, pro);
            const [valid] = rules.validateAll([draftOf(merged)], refs, { isBulk: false });
            const transaction = valid as TValidTransaction;
            await repo.replaceEntries(id, repositoryId, transaction.entries);
            return {
              type: transaction.type,
              date: transaction.date,
              description: transaction.description,
              updated_at: new Date(),
              updated_by: (user as TAccessUser).id,
            };
          },
        );
        await bumpDataVersion(trx, repositoryId);
        return (await repo.withEntries([updated]))[0] as TTransaction;
      });
    },
  };
}
