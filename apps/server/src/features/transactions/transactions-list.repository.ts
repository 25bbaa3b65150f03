import type { TFilter } from '@strata/core/filters/filter-model';
import type { TSort } from '@strata/core/filters/sort-model';
import {
  applyFilter,
  applySort,
  containsPattern,
  filterCondition,
} from '@strata/db/filters/translate-filter';
import type { Database } from '@strata/db/schema';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { TRANSACTION_COLUMNS, TRANSACTION_ROW_COLUMNS, transactionJson } from './transactions.repository.ts';

/** What a list page matches: the repository's live (or trashed) rows, narrowed by asset, filter and text. */
export interface TTransactionMatch {
  repositoryId: string;
  showDeleted: boolean;
  assetId: string | undefined;
  filter: TFilter;
  /** Free text; '' for none. */
  text: string;
  /** The day relative date filters count from. */
  today: string;
}

/** Free text as a filter: description or type CONTAINS it (the shared translator's CONTAINS). */
function searchFilter(text: string): TFilter {
  const param = (field: 'description' | 'type', kind: 'text' | 'simple') =>
    ({ field, kind, comparison: 'CONTAINS', value: text }) as const;
  return {
    logic: 'OR',
    groups: [{ logic: 'OR', params: [param('description', 'text'), param('type', 'simple')] }],
  };
}

/**
 * Free-text search: description or type CONTAINS the text, or an entry's account or asset has a name that
 * does. Names are matched on the repository's few assets first (an array PostgreSQL computes once, checked
 * for emptiness first, so when no name matches — the usual case — no row looks at its entries), never by
 * joining every row's entries to assets. A page probes the entries of the rows it walks (OFFSET 0 keeps
 * the planner from hashing the EXISTS into a scan of every entry); a count gathers the matching entries
 * once through the account and asset indexes.
 */
function withSearch<
  TQuery extends SelectQueryBuilder<Database & { t: Database['transactions'] }, 't', object>,
>(query: TQuery, match: TTransactionMatch, purpose: 'page' | 'count'): TQuery {
  const { text, repositoryId } = match;
  if (text === '') return query;
  const named = sql`array(select id from assets where repository_id = ${repositoryId}
    and lower(name) like lower(${containsPattern(text)}::text) escape '\\')`;
  const touchesNamed = sql<boolean>`(e.account_id = any(${named}) or e.asset_id = any(${named}))`;
  return query.where((eb) =>
    eb.or([
      filterCondition(searchFilter(text), TRANSACTION_COLUMNS, { today: match.today }),
      eb.and([
        sql<boolean>`cardinality(${named}) > 0`,
        purpose === 'page'
          ? eb.exists(
              eb
                .selectFrom('transaction_entries as e')
                .select(sql`1`.as('one'))
                .whereRef('e.transaction_id', '=', 't.id')
                .where(touchesNamed)
                .offset(0),
            )
          : eb(
              't.id',
              'in',
              eb.selectFrom('transaction_entries as e').select('e.transaction_id').where(touchesNamed),
            ),
      ]),
    ]),
  ) as TQuery;
}

/** The transaction list's queries: a page of matches and their count. */
export function createTransactionsListRepository(db: Kysely<Database>) {
  function matching(match: TTransactionMatch) {
    let base = db
      .selectFrom('transactions as t')
      .where('t.repository_id', '=', match.repositoryId)
      .where('t.deleted_at', match.showDeleted ? 'is not' : 'is', null);
    if (match.assetId) {
      const assetId = match.assetId;
      base = base.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('transaction_entries as e')
            .select(sql`1`.as('one'))
            .whereRef('e.transaction_id', '=', 't.id')
            .where((eb) => eb.or([eb('e.asset_id', '=', assetId), eb('e.account_id', '=', assetId)])),
        ),
      );
    }
    return applyFilter(base, match.filter, TRANSACTION_COLUMNS, { today: match.today });
  }

  return {
    /**
     * A page of matches as API JSON texts, with the repository's data version. One round trip for the page,
     * its entries and the data version a cached total is keyed by: the repository row drives a lateral page,
     * so an empty page still answers the version. A nested loop over one outer row emits the page in its
     * own order; entries are built for the page's rows only, not for the rows OFFSET skips.
     */
    async page(match: TTransactionMatch, sort: TSort, page: { size: number; no: number }) {
      const sorted = sort.length > 0 ? sort : [{ field: 'date', sortDirection: 'descending' as const }];
      const rows = applySort(
        withSearch(matching(match), match, 'page').select(
          TRANSACTION_ROW_COLUMNS.map((column) => `t.${column}` as const),
        ),
        sorted,
        TRANSACTION_COLUMNS,
      )
        .orderBy('t.seq', 'desc')
        .limit(page.size)
        .offset((page.no - 1) * page.size);
      const found = await db
        .selectFrom('repositories as r')
        .leftJoinLateral(rows.as('p'), (join) => join.onTrue())
        .select(['r.data_version', 'p.id'])
        .select(transactionJson('p').as('json'))
        .where('r.id', '=', match.repositoryId)
        .execute();
      return {
        dataVersion: found[0]?.data_version ?? null,
        json: found.flatMap((row) => (row.id === null ? [] : [row.json])),
      };
    },

    async count(match: TTransactionMatch): Promise<number> {
      const counted = await withSearch(matching(match), match, 'count')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(counted.total);
    },
  };
}
