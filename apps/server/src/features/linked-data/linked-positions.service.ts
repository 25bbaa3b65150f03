import {
  LINKED_POSITIONS_MESSAGES,
  type TLinkedPosition,
  type TLinkedPositionDetail,
  type TLinkedPositionPage,
  type TListLinkedPositionsQuery,
} from '@strata/contracts/linked-positions';
import { parseFilter } from '@strata/core/filters/filter-model';
import { parseSort } from '@strata/core/filters/sort-model';
import {
  DEFAULT_POSITION_FILTER,
  POSITION_FILTER_FIELDS,
} from '@strata/core/linked-data/position-filter-fields';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { fieldError } from '../../shared/field-error.ts';
import { requireRecordAccess } from '../../shared/record-access.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import { userToday } from '../../shared/user-today.ts';
import {
  findLinkedPosition,
  listLinkedPositions,
  type TLinkedPositionRow,
} from './linked-positions.repository.ts';

function toLinkedPosition(row: TLinkedPositionRow): TLinkedPosition {
  return {
    id: row.id,
    linked_account_id: row.linked_account_id,
    connector_name: row.connector_name,
    account_name: row.account_name,
    account_number: row.account_number,
    account_type: row.account_type,
    asset_id: row.asset_id,
    security_id: row.security_id,
    description: row.description,
    ticker: row.ticker,
    unique_id: row.unique_id,
    id_type: row.id_type === '' ? null : row.id_type,
    security_kind: row.security_kind,
    quantity: row.quantity,
    price: row.price,
    value: row.value,
    currency: row.currency,
    as_of_date: row.as_of_date,
    price_date: row.price_date,
    held_in: row.held_in === '' ? null : row.held_in,
    position_type: row.position_type,
    transaction_id: row.transaction_id,
  };
}

/** JSON text of a query parameter, or a 400 naming it. */
function parseJsonParam(raw: string | undefined, field: 'filters' | 'sort'): unknown {
  if (raw === undefined || raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw fieldError({ [field]: ['Must be JSON'] });
  }
}

/** Linked positions (linked seed §2, §7): the list with its default filter, and one with its JSON source. */
export function createLinkedPositionsService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    async list(user: TAccessUser | null, query: TListLinkedPositionsQuery): Promise<TLinkedPositionPage> {
      await requireRepositoryAccess(db, user, query.repository_id, 'read');
      const filterJson =
        query.filters === undefined ? DEFAULT_POSITION_FILTER : parseJsonParam(query.filters, 'filters');
      const filter = parseFilter(filterJson, POSITION_FILTER_FIELDS);
      if (!filter.ok) {
        throw fieldError(
          Object.fromEntries(filter.errors.map((error) => [`filters.${error.path}`, [error.message]])),
        );
      }
      const sort = parseSort(parseJsonParam(query.sort, 'sort'), POSITION_FILTER_FIELDS);
      if (!sort.ok) {
        throw fieldError(
          Object.fromEntries(sort.errors.map((error) => [`sort.${error.path}`, [error.message]])),
        );
      }
      const { rows, total } = await listLinkedPositions(db, {
        repositoryId: query.repository_id,
        linkedAccountId: query.linked_account_id,
        search: query.search,
        filter: filter.value,
        sort: sort.value,
        today: await userToday(db, user?.id),
        pageSize: query.page_size,
        pageNo: query.page_no,
      });
      return {
        data: rows.map(toLinkedPosition),
        meta: { page_size: query.page_size, page_no: query.page_no, total },
      };
    },

    async get(
      user: TAccessUser | null,
      id: string,
      repositoryId: string | undefined,
    ): Promise<TLinkedPositionDetail> {
      const row = await findLinkedPosition(db, id);
      await requireRecordAccess(
        db,
        user,
        row?.repository_id,
        'read',
        LINKED_POSITIONS_MESSAGES.POSITION_NOT_FOUND,
      );
      const found = row as TLinkedPositionRow;
      // Asked within another repository (one the caller may also read): not there.
      if (repositoryId !== undefined && repositoryId !== found.repository_id)
        throw AppError.notFound(LINKED_POSITIONS_MESSAGES.POSITION_NOT_FOUND);
      return { ...toLinkedPosition(found), source: found.source };
    },
  };
}
