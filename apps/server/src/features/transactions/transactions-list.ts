import type { TListTransactionsQuery, TTransactionPage } from '@strata/contracts/transactions';
import { parseFilter } from '@strata/core/filters/filter-model';
import { parseSort } from '@strata/core/filters/sort-model';
import { TRANSACTION_FILTER_FIELDS } from '@strata/core/transactions/transaction-filter-fields';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { fieldError } from '../../shared/field-error.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import { userToday } from '../../shared/user-today.ts';
import { createTransactionsListRepository, type TTransactionMatch } from './transactions-list.repository.ts';

/** Counting every match of a filter over 100k rows costs more than the page itself; totals only change with the data. */
export const createTransactionCounts = () => new LRUCache<string, Promise<number>>({ max: 500 });
export type TTransactionCounts = ReturnType<typeof createTransactionCounts>;

function parseJsonParam(raw: string | undefined, field: 'filter' | 'sort'): unknown {
  if (raw === undefined || raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw fieldError({ [field]: ['Must be JSON'] });
  }
}

/** The transaction list: a filtered, sorted, searched page and its (cached) total. */
export function createTransactionsList(
  db: Kysely<Database>,
  totals: TTransactionCounts = createTransactionCounts(),
) {
  const repository = createTransactionsListRepository(db);
  // Keyed by repository, data version and query: any write bumps the version, so a stale total is never read.
  // The promise is kept, so clients asking the same new query together share one count.
  const countOnce = (key: string, count: () => Promise<number>): Promise<number> => {
    const known = totals.get(key);
    if (known) return known;
    const counting = count();
    totals.set(key, counting);
    // A failed count is not remembered: the next request tries again.
    counting.catch(() => totals.delete(key));
    return counting;
  };

  return {
    /** A page as ZTransactionPage JSON text (its rows written by the database: `transactionJson`). */
    async list(user: TAccessUser | null, query: TListTransactionsQuery): Promise<string> {
      await requireRepositoryAccess(db, user, query.repository_id, 'read');
      const filter = parseFilter(parseJsonParam(query.filter, 'filter'), TRANSACTION_FILTER_FIELDS);
      if (!filter.ok) {
        throw fieldError(
          Object.fromEntries(filter.errors.map((error) => [`filter.${error.path}`, [error.message]])),
        );
      }
      const sort = parseSort(parseJsonParam(query.sort, 'sort'), TRANSACTION_FILTER_FIELDS);
      if (!sort.ok) {
        throw fieldError(
          Object.fromEntries(sort.errors.map((error) => [`sort.${error.path}`, [error.message]])),
        );
      }
      const match: TTransactionMatch = {
        repositoryId: query.repository_id,
        showDeleted: Boolean(query.show_deleted),
        assetId: query.asset_id,
        filter: filter.value,
        text: query.search?.trim() ?? '',
        // Relative date filters ("last 7 days") count from the user's calendar day.
        today: await userToday(db, user?.id),
      };
      const page = await repository.page(match, sort.value, { size: query.page_size, no: query.page_no });
      const countKey = JSON.stringify([
        query.repository_id,
        page.dataVersion,
        query.filter ?? '',
        match.text,
        query.asset_id ?? '',
        match.showDeleted,
        match.today,
      ]);
      const total = await countOnce(countKey, () => repository.count(match));
      const meta: TTransactionPage['meta'] = { page_size: query.page_size, page_no: query.page_no, total };
      return `{"data":[${page.json.join(',')}],"meta":${JSON.stringify(meta)}}`;
    },
  };
}
