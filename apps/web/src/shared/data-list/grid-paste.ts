/**
 * The rows a pasted block of `lineCount` lines lands on, from the focused cell's row: the ticked rows (in
 * order) when the cell is one of them — so one copied value fills every ticked row — otherwise the rows from
 * the cell down, one a line.
 */
export function pasteRowIndexes(
  focusedRow: number,
  tickedRows: readonly number[],
  lineCount: number,
): number[] {
  if (tickedRows.includes(focusedRow)) return [...tickedRows].sort((a, b) => a - b);
  return Array.from({ length: lineCount }, (_, offset) => focusedRow + offset);
}
