import type { TLinkedBalance } from '@strata/contracts/linked-balances';
import { LINKED_DATA_MESSAGES } from '@strata/contracts/linked-data';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { requireRecordAccess } from '../../shared/record-access.ts';
import type { TAccessUser } from '../../shared/repository-access.ts';
import { listLinkedBalances } from './linked-balances.repository.ts';
import { findLinkedAccount } from './linked-data.repository.ts';

/** A linked account's balances: read access to the repository the account is in now. */
export function createLinkedBalancesService(db: Kysely<Database>) {
  return {
    async list(user: TAccessUser | null, accountId: string, latest: boolean): Promise<TLinkedBalance[]> {
      const account = await findLinkedAccount(db, accountId);
      await requireRecordAccess(
        db,
        user,
        account?.repository_id,
        'read',
        LINKED_DATA_MESSAGES.ACCOUNT_NOT_FOUND,
      );
      return listLinkedBalances(db, accountId, latest);
    },
  };
}
