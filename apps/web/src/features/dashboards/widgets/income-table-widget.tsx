import { Table, Text } from '@mantine/core';
import type { TIncomeTable } from './income-widgets.ts';
import { EmptyState, FitTable, NumberText, type TWidgetViewProps, WidgetRoot } from './widget-parts.tsx';

/** Income Table: income by category, then expenses, then the net. */
export function IncomeTableWidget({ data, display }: TWidgetViewProps<TIncomeTable>) {
  const values = {
    lines: data.lines.map(({ category, kind, amount }) => ({ category, kind, amount })),
    income: data.income,
    expenses: data.expenses,
    net: data.net,
  };
  const totals = [
    ['Income', data.income],
    ['Expenses', data.expenses],
    ['Net', data.net],
  ] as const;
  return (
    <WidgetRoot display={display} values={values}>
      {data.lines.length === 0 ? (
        <EmptyState>No income or expenses in this timeline</EmptyState>
      ) : (
        <FitTable>
          <Table.Tbody>
            {data.lines.map((line) => (
              <Table.Tr key={`${line.kind}:${line.category}`}>
                <Table.Td>
                  <Text size="xs" tt="capitalize">
                    {line.category}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <NumberText value={line.amount} view={display} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            {totals.map(([label, value]) => (
              <Table.Tr key={label} fw={700}>
                <Table.Td>{label}</Table.Td>
                <Table.Td ta="right">
                  <NumberText value={value} view={display} fw={700} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tfoot>
        </FitTable>
      )}
    </WidgetRoot>
  );
}
