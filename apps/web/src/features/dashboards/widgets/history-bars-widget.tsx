// Value History Bars and Income History Bars: one bar (or a stack of categories) per period. Loaded
// lazily with @mantine/charts. A period whose value is missing has no bar and the note says why.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';
import { useDateDisplay } from '../../../shared/lib/date-format.tsx';
import { chartColor } from './chart-colors.ts';
import { formatMoney } from './number-format.ts';
import { EmptyState, type TWidgetViewProps, WidgetRoot } from './widget-parts.tsx';

export interface THistoryBars {
  /** Keys of `points` drawn as bars, with their legend names. */
  series: Array<{ key: string; label: string }>;
  points: Array<{ period: string } & Record<string, number | null | string>>;
  stacked: boolean;
}

/** Axis ticks: '$650K' fits the axis where '$648,471' is cut off. */
function compactMoney(value: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 1,
    }).format(value);
  } catch {
    return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
  }
}

export function HistoryBarsWidget({ data, display }: TWidgetViewProps<THistoryBars>) {
  const dates = useDateDisplay();
  const hasMissing = data.points.some((point) => data.series.some((serie) => point[serie.key] === null));
  return (
    <WidgetRoot display={display} values={data.points}>
      {data.points.length === 0 || data.series.length === 0 ? (
        <EmptyState>Nothing to draw in this timeline</EmptyState>
      ) : (
        <Stack gap={4} h="100%">
          <BarChart
            h={180}
            data={data.points}
            dataKey="period"
            type={data.stacked ? 'stacked' : 'default'}
            series={data.series.map((serie, index) => ({
              name: serie.key,
              label: serie.label,
              color: chartColor(index),
            }))}
            valueFormatter={(value) => formatMoney(value, display.currency, display.precision)}
            withLegend={data.series.length > 1}
            tickLine="y"
            // Period ends are calendar dates: the axis shows them in the user's format.
            xAxisProps={{ tickFormatter: (value: string) => dates.date(String(value)) }}
            yAxisProps={{
              width: 64,
              tickFormatter: (value: number) => compactMoney(value, display.currency),
            }}
          />
          {hasMissing && (
            <Text size="xs" c="dimmed">
              Periods without a bar: {display.missingNote ?? 'a price or rate is missing'}
            </Text>
          )}
        </Stack>
      )}
    </WidgetRoot>
  );
}
