import type { TValueRow } from '@strata/core/analytics/analytics-types';
import { useMemo } from 'react';
import { DayLineChart } from '../charts/day-line-chart.tsx';

/** The asset's value at each period end, as the Prices tab draws prices; unknown values are gaps. */
export function ValuesChart({ rows, currency }: { rows: readonly TValueRow[]; currency: string }) {
  // A whitespace point (time only) keeps the period on the axis without inventing a value.
  const points = useMemo(
    () =>
      rows.map((row) =>
        row.value_end === null ? { time: row.end } : { time: row.end, value: row.value_end },
      ),
    [rows],
  );
  return (
    <DayLineChart
      points={points}
      title={currency}
      color="#12b886"
      height={240}
      label="Value chart"
      testId="value-chart"
    />
  );
}
