import { Table } from '@mantine/core';
import type { TPivotTable } from './pivot.ts';
import {
  EmptyState,
  NumberText,
  type TWidgetViewProps,
  VISIBLE_SCROLLBAR,
  WidgetRoot,
} from './widget-parts.tsx';

export interface TPivotView {
  table: TPivotTable;
  /** The measure's name, in the corner cell. */
  corner: string;
}

/** Value, Income and Performance Pivot: rows × columns of one measure, with totals where they add up. */
export function PivotTableWidget({ data, display }: TWidgetViewProps<TPivotView>) {
  const { table } = data;
  const values = {
    rows: table.rowKeys,
    columns: table.columnKeys,
    cells: table.cells.map((line) => line.map((cell) => cell ?? null)),
    rowTotals: table.rowTotals,
    columnTotals: table.columnTotals,
    total: table.total ?? null,
  };
  const hasRowTotals = table.rowTotals !== null;
  return (
    <WidgetRoot display={display} values={values}>
      {table.rowKeys.length === 0 ? (
        <EmptyState>No data for this pivot</EmptyState>
      ) : (
        <Table.ScrollContainer
          minWidth={Math.min(1200, 160 + 110 * (table.columnKeys.length + 1))}
          scrollAreaProps={VISIBLE_SCROLLBAR}
        >
          <Table fz="sm" verticalSpacing={4} striped withColumnBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{data.corner}</Table.Th>
                {table.columnKeys.map((key) => (
                  <Table.Th key={key} ta="right">
                    {key}
                  </Table.Th>
                ))}
                {hasRowTotals && <Table.Th ta="right">Total</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.rowKeys.map((rowKey, r) => (
                <Table.Tr key={rowKey}>
                  <Table.Td>{rowKey}</Table.Td>
                  {table.columnKeys.map((columnKey, c) => {
                    const cell = table.cells[r]?.[c];
                    return (
                      <Table.Td key={columnKey} ta="right">
                        {cell === undefined ? null : (
                          <NumberText value={cell} format={table.format} view={display} />
                        )}
                      </Table.Td>
                    );
                  })}
                  {hasRowTotals && (
                    <Table.Td ta="right">
                      <NumberText
                        value={table.rowTotals?.[r]}
                        format={table.format}
                        view={display}
                        fw={700}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
            {table.columnTotals && (
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  <Table.Td>Total</Table.Td>
                  {table.columnKeys.map((key, c) => (
                    <Table.Td key={key} ta="right">
                      <NumberText
                        value={table.columnTotals?.[c]}
                        format={table.format}
                        view={display}
                        fw={700}
                      />
                    </Table.Td>
                  ))}
                  {hasRowTotals && (
                    <Table.Td ta="right">
                      {table.total === undefined ? null : (
                        <NumberText value={table.total} format={table.format} view={display} fw={700} />
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </Table.ScrollContainer>
      )}
    </WidgetRoot>
  );
}
