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

const cell = (value: string | null) => {
  const text = value ?? '';
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The list as CSV (the trash grid's export). */
export function toCsv(rows: readonly TListableAsset[]): string {
  const lines = [['Name', 'Ticker', 'Type', 'Currency', 'Deleted at'].join(',')];
  for (const row of rows) {
    lines.push([row.name, row.ticker, row.type, row.currency, row.deleted_at].map(cell).join(','));
  }
  return `${lines.join('\n')}\n`;
}
