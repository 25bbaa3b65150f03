// Editing a list's sort (seed §5): only sortable fields, at most one item per field — a field already used is
// not offered again —, each with a direction; the order of the items is the order of precedence.
import type { TFieldTable } from '@strata/core/filters/field-kinds';
import {
  availableSortFields,
  sortableFields,
  type TSort,
  type TSortDirection,
} from '@strata/core/filters/sort-model';

export const SORT_DIRECTION_LABELS: Readonly<Record<TSortDirection, string>> = {
  ascending: 'Ascending',
  descending: 'Descending',
};

/**
 * The fields a sort item may pick: the sortable ones not used by another item. `index` is the item being
 * edited (its own field stays offered); without it, what "Add sort" may still add.
 */
export function sortFieldChoices(sort: TSort, fields: TFieldTable, index?: number): string[] {
  const others = index === undefined ? sort : sort.filter((_, position) => position !== index);
  return availableSortFields(others, sortableFields(fields));
}

/** Adds the first field still free, ascending; unchanged when every sortable field is used. */
export function addSortItem(sort: TSort, fields: TFieldTable): TSort {
  const [field] = sortFieldChoices(sort, fields);
  return field ? [...sort, { field, sortDirection: 'ascending' }] : sort;
}

/** Changes an item's field; a field another item uses is refused (unchanged). */
export function setSortField(sort: TSort, index: number, field: string, fields: TFieldTable): TSort {
  if (!sortFieldChoices(sort, fields, index).includes(field)) return sort;
  return sort.map((item, position) => (position === index ? { ...item, field } : item));
}

export function toggleSortDirection(sort: TSort, index: number): TSort {
  return sort.map((item, position) =>
    position === index
      ? { ...item, sortDirection: item.sortDirection === 'ascending' ? 'descending' : 'ascending' }
      : item,
  );
}

/** Moves an item to another position (clamped to the list). */
export function moveSortItem(sort: TSort, from: number, to: number): TSort {
  if (from < 0 || from >= sort.length) return sort;
  const target = Math.max(0, Math.min(sort.length - 1, to));
  if (target === from) return sort;
  const next = [...sort];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item!);
  return next;
}

export function removeSortItem(sort: TSort, index: number): TSort {
  return sort.filter((_, position) => position !== index);
}
