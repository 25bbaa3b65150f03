import type { TLinkedTransaction } from '@strata/contracts/linked-transactions';
import type { TLinkedColumn } from './linked-columns.ts';

/** A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180), quotes doubled. */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The selected rows as CSV (seed §2: selected rows can be exported), with the columns on screen; amounts as
 * the exact numbers stored, not the grouped text the grid shows.
 */
export function linkedRowsCsv(
  rows: readonly TLinkedTransaction[],
  columns: readonly TLinkedColumn[],
): string {
  const header = columns.map((column) => csvField(column.title)).join(',');
  const lines = rows.map((row) =>
    columns.map((column) => csvField(column.id === 'amount' ? row.amount : column.value(row))).join(','),
  );
  return `${[header, ...lines].join('\r\n')}\r\n`;
}
