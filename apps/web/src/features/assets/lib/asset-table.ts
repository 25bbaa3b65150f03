import { formatCsv } from '@strata/core/csv/format-csv';
import type { TListableAsset } from './asset-lists.ts';

export interface TAssetSort {
  field: 'name' | 'ticker' | 'type' | 'currency';
  direction: 'ascending' | 'descending';
}

export function sortAssets<T extends TListableAsset>(rows: readonly T[], sort: TAssetSort): T[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort(
    (a, b) =>
      sign * (a[sort.field] ?? '').localeCompare(b[sort.field] ?? '', undefined, { sensitivity: 'base' }) ||
      a.name.localeCompare(b.name),
  );
}

/** The list as CSV (the trash grid's export), neutralised against formulas like every export. */
export function toCsv(rows: readonly TListableAsset[]): string {
  return formatCsv(
    ['Name', 'Ticker', 'Type', 'Currency', 'Deleted at'],
    rows.map((row) => [row.name, row.ticker, row.type, row.currency, row.deleted_at]),
  );
}
