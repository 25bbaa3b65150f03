import { Table } from '@mantine/core';
import type { TValueChange, TValueTable } from './value-widgets.ts';
import {
  EmptyState,
  NumberText,
  type TWidgetDisplay,
  type TWidgetViewProps,
  VISIBLE_SCROLLBAR,
  WidgetRoot,
} from './widget-parts.tsx';

const COLUMNS = [
  ['value_start', 'Start'],
  ['net_flows', 'Net flows'],
  ['income', 'Income'],
  ['expenses', 'Expenses'],
  ['market_change', 'Market change'],
  ['value_end', 'End'],
] as const;

const shown = (row: TValueChange, key: (typeof COLUMNS)[number][0]) =>
  key === 'expenses' ? (row.expenses === null ? null : -row.expenses) : row[key];

function Row({ row, display, isTotal }: { row: TValueChange; display: TWidgetDisplay; isTotal?: boolean }) {
  return (
    <Table.Tr fw={isTotal ? 700 : undefined}>
      <Table.Td>{isTotal ? 'Total' : row.name}</Table.Td>
      {COLUMNS.map(([key]) => (
        <Table.Td key={key} ta="right">
          <NumberText value={shown(row, key)} view={display} fw={isTotal ? 700 : undefined} />
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

/** Value Table: each account, asset or tag value's start, flows, income, expenses, market change and end. */
export function ValueTableWidget({ data, display }: TWidgetViewProps<TValueTable>) {
  const values = {
    rows: data.rows.map((row) => ({
      id: row.id,
      ...Object.fromEntries(COLUMNS.map(([key]) => [key, shown(row, key)])),
    })),
    total: data.total
      ? Object.fromEntries(COLUMNS.map(([key]) => [key, shown(data.total as TValueChange, key)]))
      : null,
  };
  return (
    <WidgetRoot display={display} values={values}>
      {data.rows.length === 0 ? (
        <EmptyState>No value in this timeline</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={560} scrollAreaProps={VISIBLE_SCROLLBAR}>
          <Table fz="sm" verticalSpacing={4} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                {COLUMNS.map(([key, label]) => (
                  <Table.Th key={key} ta="right">
                    {label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.map((row) => (
                <Row key={row.id} row={row} display={display} />
              ))}
            </Table.Tbody>
            {data.total && (
              <Table.Tfoot>
                <Row row={data.total} display={display} isTotal />
              </Table.Tfoot>
            )}
          </Table>
        </Table.ScrollContainer>
      )}
    </WidgetRoot>
  );
}
