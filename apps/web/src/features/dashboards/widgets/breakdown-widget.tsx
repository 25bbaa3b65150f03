// Value Pie and Accounts By Type: a donut of the positive values at the end date and the list beside it
// (negative values — loans — and missing ones are in the list only). Loaded lazily with @mantine/charts.
import '@mantine/charts/styles.css';
import { DonutChart } from '@mantine/charts';
import { Box, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { useDateDisplay } from '../../../shared/lib/date-format.tsx';
import { chartColor } from './chart-colors.ts';
import { formatMoney, formatPercent } from './number-format.ts';
import type { TBreakdown } from './value-widgets.ts';
import { EmptyState, NumberText, type TWidgetViewProps, WidgetRoot } from './widget-parts.tsx';

export function BreakdownWidget({ data, display }: TWidgetViewProps<TBreakdown>) {
  const dates = useDateDisplay();
  const values = {
    end_date: data.end_date,
    total: data.total,
    slices: data.slices.map(({ id, value, share }) => ({ id, value, share })),
  };
  const colored = data.slices.map((slice, index) => ({ ...slice, color: chartColor(index) }));
  const pie = colored
    .filter((slice) => slice.value !== null && slice.value > 0)
    .map((slice) => ({ name: slice.name, value: slice.value as number, color: slice.color }));
  return (
    <WidgetRoot display={display} values={values}>
      {data.slices.length === 0 ? (
        <EmptyState>No value at the end of this timeline</EmptyState>
      ) : (
        <Group align="flex-start" wrap="wrap" gap="md">
          <DonutChart
            data={pie}
            size={140}
            thickness={22}
            withTooltip
            tooltipDataSource="segment"
            valueFormatter={(value) => formatMoney(value, display.currency, display.precision)}
            chartLabel={formatMoney(data.total, display.currency, 0)}
            aria-hidden
          />
          <Stack gap={4} style={{ flex: 1, minWidth: 180 }}>
            {colored.map((slice) => (
              <Group key={slice.id} justify="space-between" wrap="nowrap" gap="xs">
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  <ColorSwatch color={`var(--mantine-color-${slice.color.replace('.', '-')})`} size={10} />
                  <Text size="sm" truncate="end">
                    {slice.name}
                  </Text>
                </Group>
                <Group gap="xs" wrap="nowrap">
                  <Text size="xs" c="dimmed" ff="monospace">
                    {slice.share === null ? '' : formatPercent(slice.share)}
                  </Text>
                  <NumberText value={slice.value} view={display} />
                </Group>
              </Group>
            ))}
            <Box pt={4} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              <Group justify="space-between">
                <Text size="sm" fw={700}>
                  {data.end_date ? `Total on ${dates.date(data.end_date)}` : 'Total'}
                </Text>
                <NumberText value={data.total} view={display} fw={700} />
              </Group>
            </Box>
          </Stack>
        </Group>
      )}
    </WidgetRoot>
  );
}
