import { Table, Text } from '@mantine/core';
import type { TLinkedPivotAggregate } from '@strata/core/linked-data/linked-transaction-fields';
import { formatPivotValue, LINKED_PIVOT_TEXTS, type TLinkedPivotGrid } from '../linked-pivot.ts';

const NUMBER_CELL = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * The pivot's table: row keys down, column keys across, totals where the aggregate composes. The raw cells
 * are in `data-values` (JSON) so a browser test compares them with the API, not with the formatting.
 */
export function LinkedPivotTable({
  grid,
  aggregate,
  corner,
}: {
  grid: TLinkedPivotGrid;
  aggregate: TLinkedPivotAggregate;
  /** The corner cell: what the rows are, e.g. 'Month'. */
  corner: string;
}) {
  if (grid.rowKeys.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {LINKED_PIVOT_TEXTS.EMPTY}
      </Text>
    );
  }
  const hasTotals = grid.rowTotals !== null;
  const show = (value: Parameters<typeof formatPivotValue>[0]) => formatPivotValue(value, aggregate);
  return (
    <Table.ScrollContainer
      // Wide enough for the numbers, not wider: a short table on a phone keeps its row labels narrow.
      minWidth={Math.min(1400, 110 + 95 * (grid.columnKeys.length + 1))}
      scrollAreaProps={{ type: 'auto', offsetScrollbars: 'x' }}
    >
      <Table
        fz="sm"
        verticalSpacing={4}
        striped
        withColumnBorders
        withTableBorder
        data-testid="linked-pivot-table"
        data-values={JSON.stringify({ rows: grid.rowKeys, columns: grid.columnKeys, cells: grid.cells })}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{corner}</Table.Th>
            {grid.columnKeys.map((key) => (
              <Table.Th key={key} ta="right">
                {key}
              </Table.Th>
            ))}
            {hasTotals && <Table.Th ta="right">{LINKED_PIVOT_TEXTS.TOTAL}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grid.rowKeys.map((rowKey, r) => (
            <Table.Tr key={rowKey}>
              <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {rowKey}
              </Table.Th>
              {grid.columnKeys.map((columnKey, c) => (
                <Table.Td key={columnKey} ta="right" style={NUMBER_CELL}>
                  {show(grid.cells[r]?.[c])}
                </Table.Td>
              ))}
              {hasTotals && (
                <Table.Td ta="right" fw={700} style={NUMBER_CELL}>
                  {show(grid.rowTotals?.[r])}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {grid.columnTotals && (
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Th scope="row">{LINKED_PIVOT_TEXTS.TOTAL}</Table.Th>
              {grid.columnKeys.map((key, c) => (
                <Table.Td key={key} ta="right" style={NUMBER_CELL}>
                  {show(grid.columnTotals?.[c])}
                </Table.Td>
              ))}
              <Table.Td ta="right" style={NUMBER_CELL}>
                {show(grid.total)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
