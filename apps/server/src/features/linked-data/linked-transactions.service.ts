import type {
  TLinkedPivot,
  TLinkedPivotQuery,
  TLinkedTransaction,
  TLinkedTransactionPage,
  TListLinkedTransactionsQuery,
} from '@strata/contracts/linked-transactions';
import { LINKED_TRANSACTION_MESSAGES } from '@strata/contracts/linked-transactions';
import { parseFilter, type TFilter } from '@strata/core/filters/filter-model';
import { parseSort, type TSort } from '@strata/core/filters/sort-model';
import {
  LINKED_PIVOT_AGGREGATES,
  LINKED_PIVOT_DIMENSIONS,
  LINKED_TRANSACTION_DEFAULT_SORT,
  LINKED_TRANSACTION_FIELDS,
  type TLinkedOptionField,
  type TLinkedPivotAggregate,
  type TLinkedPivotDimension,
} from '@strata/core/linked-data/linked-transaction-fields';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { fieldError } from '../../shared/field-error.ts';
import { findExcludeTagId } from '../../shared/linked-tags.repository.ts';
import { requireRecordAccess } from '../../shared/record-access.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import { userToday } from '../../shared/user-today.ts';
import {
  countLinkedTransactions,
  findLinkedTransaction,
  linkedOptionValues,
  linkedPivotCells,
  linkedTransactionsPage,
  type TLinkedMatch,
  type TLinkedTransactionRow,
} from './linked-transactions.repository.ts';

/** A pivot answers at most this many cells; more is a question no grid can show. */
export const PIVOT_MAX_CELLS = 10_000;

export function toLinkedTransaction(row: TLinkedTransactionRow): TLinkedTransaction {
  const [year, month] = row.date.split('-').map(Number) as [number, number];
  return {
    id: row.id,
    linked_account_id: row.linked_account_id,
    connector_name: row.connector_name,
    access_method: row.access_method,
    account_name: row.account_name,
    account_number: row.account_number,
    account_type: row.account_type,
    asset_id: row.asset_id,
    fitid: row.fitid,
    date: row.date,
    year,
    quarter: Math.ceil(month / 3),
    month,
    type: row.type,
    amount: row.amount,
    currency: row.currency,
    counterparty: row.counterparty,
    description: row.description,
    check_number: row.check_number,
    category: row.category,
    subcategory: row.subcategory,
    status: row.status,
    tags: row.tag_refs,
    investment_kind: row.investment_kind,
    security_id: row.security_id,
    quantity: row.quantity,
    unit_price: row.unit_price,
    mapping_status: row.mapping_status,
    mapping_message: row.mapping_message,
    transaction_id: row.transaction_id,
  };
}

function parseJsonParam(raw: string | undefined, field: 'filter' | 'sort'): unknown {
  if (raw === undefined || raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw fieldError({ [field]: ['Must be JSON'] });
  }
}

/** The filter JSON on the linked fields, or a 400 naming each bad part (as the smart transactions answer). */
function linkedFilter(raw: string | undefined): TFilter {
  const filter = parseFilter(parseJsonParam(raw, 'filter'), LINKED_TRANSACTION_FIELDS);
  if (!filter.ok) {
    throw fieldError(
      Object.fromEntries(filter.errors.map((error) => [`filter.${error.path}`, [error.message]])),
    );
  }
  return filter.value;
}

function linkedSort(raw: string | undefined): TSort {
  const sort = parseSort(parseJsonParam(raw, 'sort'), LINKED_TRANSACTION_FIELDS);
  if (!sort.ok) {
    throw fieldError(Object.fromEntries(sort.errors.map((error) => [`sort.${error.path}`, [error.message]])));
  }
  return sort.value.length > 0 ? sort.value : LINKED_TRANSACTION_DEFAULT_SORT.map((item) => ({ ...item }));
}

/** A comma-separated list of known names, each once; a 400 naming the parameter otherwise. */
function parseNameList<T extends string>(raw: string, known: readonly T[], parameter: string): T[] {
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !(known as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw fieldError({ [parameter]: [`Unknown: ${unknown.join(', ')}. Must be among: ${known.join(', ')}`] });
  }
  if (new Set(names).size !== names.length) throw fieldError({ [parameter]: ['A field is named twice'] });
  return names as T[];
}

/**
 * Linked transactions read (linked seed §2, §7): the list with the smart transactions' filter engine and
 * sort model, one transaction with its JSON source, the options lists and the pivot.
 */
export function createLinkedTransactionsService(db: Kysely<Database>) {
  // Totals per repository, linked-data version (raised by triggers on every write) and query: counting every
  // match of a filter over 100k rows costs far more than a page, and only changes with the data.
  const totals = new LRUCache<string, Promise<number>>({ max: 500 });
  const countOnce = (key: string, count: () => Promise<number>): Promise<number> => {
    const known = totals.get(key);
    if (known) return known;
    const counting = count();
    totals.set(key, counting);
    counting.catch(() => totals.delete(key));
    return counting;
  };

  async function matchOf(
    user: TAccessUser | null,
    query: {
      repository_id: string;
      filter?: string;
      search?: string;
      asset_id?: string;
      linked_account_id?: string;
    },
  ): Promise<TLinkedMatch> {
    const filter = linkedFilter(query.filter);
    const isRelative = filter.groups.some((group) =>
      group.params.some((param) => param.comparison === 'LAST'),
    );
    return {
      repositoryId: query.repository_id,
      filter,
      search: query.search?.trim() ?? '',
      assetId: query.asset_id,
      linkedAccountId: query.linked_account_id,
      // LAST n days counts from the user's calendar day; only such a filter reads it (one query fewer per
      // page otherwise), and any fixed day stands in since nothing compares with it.
      today: isRelative ? await userToday(db, user?.id) : '1970-01-01',
    };
  }

  return {
    /** A page as ZLinkedTransactionPage JSON text (its rows written by the database). */
    async list(user: TAccessUser | null, query: TListLinkedTransactionsQuery): Promise<string> {
      await requireRepositoryAccess(db, user, query.repository_id, 'read');
      const match = await matchOf(user, query);
      const sort = linkedSort(query.sort);
      // The page comes with the version its total is kept under: a total counted for an older version is
      // never served, and a total for this one is counted once (clients asking the same query share it).
      const { json, version } = await linkedTransactionsPage(db, match, sort, {
        size: query.page_size,
        no: query.page_no,
      });
      const countKey = JSON.stringify([
        query.repository_id,
        version,
        query.filter ?? '',
        match.search,
        match.assetId ?? '',
        match.linkedAccountId ?? '',
        match.today,
      ]);
      const total = await countOnce(countKey, () => countLinkedTransactions(db, match));
      const meta: TLinkedTransactionPage['meta'] = {
        page_size: query.page_size,
        page_no: query.page_no,
        total,
      };
      return `{"data":[${json.join(',')}],"meta":${JSON.stringify(meta)}}`;
    },

    async get(
      user: TAccessUser | null,
      id: string,
    ): Promise<TLinkedTransaction & { source: Record<string, unknown> }> {
      const row = await findLinkedTransaction(db, id);
      await requireRecordAccess(
        db,
        user,
        row?.repository_id,
        'read',
        LINKED_TRANSACTION_MESSAGES.TRANSACTION_NOT_FOUND,
      );
      const found = row as NonNullable<typeof row>;
      return { ...toLinkedTransaction(found), source: found.source };
    },

    async options(
      user: TAccessUser | null,
      query: { repository_id: string; field: TLinkedOptionField; search?: string },
    ): Promise<{ value: string; label: string }[]> {
      await requireRepositoryAccess(db, user, query.repository_id, 'read');
      const values = await linkedOptionValues(
        db,
        query.repository_id,
        query.field,
        query.search?.trim() ?? '',
      );
      return values.map((value) => ({ value, label: value }));
    },

    /**
     * Cells of rows × columns with aggregates of the amount, grouped by the database. Rows tagged 'exclude'
     * are left out unless `include_excluded` (excluding a row takes it out of summaries, not out of the list).
     */
    async pivot(user: TAccessUser | null, query: TLinkedPivotQuery): Promise<TLinkedPivot> {
      await requireRepositoryAccess(db, user, query.repository_id, 'read');
      const rows = parseNameList<TLinkedPivotDimension>(query.rows, LINKED_PIVOT_DIMENSIONS, 'rows');
      const columns = parseNameList<TLinkedPivotDimension>(query.columns, LINKED_PIVOT_DIMENSIONS, 'columns');
      const values = parseNameList<TLinkedPivotAggregate>(query.values, LINKED_PIVOT_AGGREGATES, 'values');
      if (values.length === 0)
        throw fieldError({ values: ['Name at least one of: sum, count, avg, min, max'] });
      const both = rows.filter((field) => columns.includes(field));
      if (both.length > 0) throw fieldError({ columns: [`Already a row: ${both.join(', ')}`] });
      const match = await matchOf(user, query);
      if (!query.include_excluded) match.withoutTagId = await findExcludeTagId(db, query.repository_id);
      const cells = await linkedPivotCells(db, match, [...rows, ...columns], values, PIVOT_MAX_CELLS + 1);
      if (cells.length > PIVOT_MAX_CELLS) {
        throw fieldError({
          rows: [`The pivot has more than ${PIVOT_MAX_CELLS} cells: group by fewer or coarser fields`],
        });
      }
      return {
        rows,
        columns,
        values,
        data: cells.map((cell) => ({
          row: cell.keys.slice(0, rows.length),
          column: cell.keys.slice(rows.length),
          values: cell.values,
        })),
      };
    },
  };
}
