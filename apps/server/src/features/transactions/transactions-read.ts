import type { TTransaction } from '@strata/contracts/transactions';
import { transactionSettingsFor } from '@strata/core/transactions/catalogue';
import { formatTemplate } from '@strata/core/transactions/csv-template';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { fieldError } from '../../shared/field-error.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import { createTransactionsRepository } from './transactions.repository.ts';
import { type TTransactionRules, withEntriesOne } from './transactions-rules.ts';

/** Reading one transaction, a repository's summary and CSV, the type settings and a filter's options. */
export function createTransactionsReads(db: Kysely<Database>, rules: TTransactionRules) {
  const repository = createTransactionsRepository(db);
  return {
    async get(user: TAccessUser | null, id: string): Promise<TTransaction> {
      const { row } = await rules.accessTransaction(user, id, 'read');
      return withEntriesOne(db, row);
    },

    async summary(user: TAccessUser | null, repositoryId: string) {
      await requireRepositoryAccess(db, user, repositoryId, 'read');
      const byType = await repository.countByType(repositoryId);
      const range = await repository.dateRange(repositoryId);
      return {
        total: Number(range.total),
        deleted: Number(range.deleted),
        first_date: (range.first_date as string | null) ?? null,
        last_date: (range.last_date as string | null) ?? null,
        by_type: byType.map((row) => ({ type: row.type, count: Number(row.count) })),
      };
    },

    async exportCsv(user: TAccessUser | null, repositoryId: string): Promise<string> {
      await requireRepositoryAccess(db, user, repositoryId, 'read');
      const rows = await repository.liveInOrder(repositoryId);
      const names = await repository.assetNames(repositoryId);
      const transactions = await repository.withEntries(rows);
      return formatTemplate(
        transactions.map((transaction) => ({
          type: transaction.type,
          date: transaction.date,
          description: transaction.description,
          entries: transaction.entries.map((entry) => ({
            account: names.get(entry.account_id) ?? entry.account_id,
            amount: entry.amount,
            asset: names.get(entry.asset_id) ?? entry.asset_id,
          })),
        })),
      );
    },

    async settings(user: TAccessUser | null, repositoryId: string | undefined) {
      if (!user) throw new AppError('UNAUTHORIZED', 'You need to be authorized');
      const ownerId = repositoryId
        ? (await requireRepositoryAccess(db, user, repositoryId, 'read')).repository.owner_id
        : user.id;
      const { isAllowed } = await rules.proAllowed(ownerId);
      return transactionSettingsFor({ canUseProTypes: isAllowed }).map((setting) => ({
        name: setting.name,
        group: setting.group,
        description: setting.description,
        readonly: setting.readonly,
        entries: setting.entries.map((entry) => ({ ...entry })),
      }));
    },

    async filterOptions(user: TAccessUser | null, repositoryId: string, field: string) {
      await requireRepositoryAccess(db, user, repositoryId, 'read');
      if (field === 'account' || field === 'asset') {
        const rows = await repository.entryAssets(repositoryId, field);
        return rows.map((row) => ({ value: row.id, label: row.name }));
      }
      if (field === 'type' || field === 'source') {
        const values = await repository.distinctValues(repositoryId, field);
        return values.map((value) => ({ value, label: value }));
      }
      throw fieldError({ field: [`Must be one of: type, account, asset, source`] });
    },
  };
}
