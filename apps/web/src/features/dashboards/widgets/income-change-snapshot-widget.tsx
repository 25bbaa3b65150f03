import { Table, Text } from '@mantine/core';
import { useDateDisplay } from '../../../shared/lib/date-format.tsx';
import type { TIncomeChange } from './income-widgets.ts';
import { EmptyState, FitTable, NumberText, type TWidgetViewProps, WidgetRoot } from './widget-parts.tsx';

/** Income Change Snapshot: each category this period, the period before, and the change. */
export function IncomeChangeSnapshotWidget({ data, display }: TWidgetViewProps<TIncomeChange>) {
  const dates = useDateDisplay();
  const values = {
    lines: data.lines.map(({ category, amount, previous, change }) => ({
      category,
      amount,
      previous,
      change,
    })),
    net: data.net,
  };
  return (
    <WidgetRoot display={display} values={values}>
      {data.lines.length === 0 ? (
        <EmptyState>No income or expenses in these periods</EmptyState>
      ) : (
        <FitTable>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Category</Table.Th>
              <Table.Th ta="right">
                {data.current ? `To ${dates.date(data.current.end)}` : 'This period'}
              </Table.Th>
              <Table.Th ta="right">
                {data.previous ? `To ${dates.date(data.previous.end)}` : 'Previous'}
              </Table.Th>
              <Table.Th ta="right">Change</Table.Th>
            </Table.Tr>
          </Table.Thead>
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
                <Table.Td ta="right">
                  <NumberText value={line.previous} view={display} />
                </Table.Td>
                <Table.Td ta="right">
                  <NumberText value={line.change} view={display} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Td>Net</Table.Td>
              <Table.Td ta="right">
                <NumberText value={data.net.amount} view={display} fw={700} />
              </Table.Td>
              <Table.Td ta="right">
                <NumberText value={data.net.previous} view={display} fw={700} />
              </Table.Td>
              <Table.Td ta="right">
                <NumberText value={data.net.change} view={display} fw={700} />
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </FitTable>
      )}
    </WidgetRoot>
  );
}
