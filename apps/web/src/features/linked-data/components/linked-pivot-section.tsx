import { useSearchParams } from 'react-router';
import { DEFAULT_LINKED_PIVOT, type TLinkedPivotSettings } from '../linked-pivot.ts';
import { LinkedPivotView } from './linked-pivot-view.tsx';

/** The pivot's choices live in the address (`rows`, `columns`, `values`, `filter_field`, `filter`, `excluded`): a pivot can be linked to and survives a reload. */
export function pivotFromSearch(search: URLSearchParams): TLinkedPivotSettings {
  const field = search.get('filter_field');
  return {
    rows: search.get('rows') ?? DEFAULT_LINKED_PIVOT.rows,
    columns: search.get('columns') ?? DEFAULT_LINKED_PIVOT.columns,
    value: search.get('values') ?? DEFAULT_LINKED_PIVOT.value,
    filter: field ? { field, values: search.getAll('filter') } : null,
    includeExcluded: search.get('excluded') === 'true',
  };
}

export function pivotToSearch(search: URLSearchParams, pivot: TLinkedPivotSettings): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of ['rows', 'columns', 'values', 'filter_field', 'filter', 'excluded']) next.delete(key);
  next.set('rows', pivot.rows);
  next.set('columns', pivot.columns);
  next.set('values', pivot.value);
  if (pivot.filter) {
    next.set('filter_field', pivot.filter.field);
    for (const value of pivot.filter.values) next.append('filter', value);
  }
  if (pivot.includeExcluded) next.set('excluded', 'true');
  return next;
}

/** The linked transactions page's Pivot view (lazy: the list does not carry it). */
export function LinkedPivotSection({ repositoryId }: { repositoryId: string }) {
  const [search, setSearch] = useSearchParams();
  return (
    <LinkedPivotView
      repositoryId={repositoryId}
      value={pivotFromSearch(search)}
      onChange={(pivot) => setSearch(pivotToSearch(search, pivot), { replace: true })}
    />
  );
}
