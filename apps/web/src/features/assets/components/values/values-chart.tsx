import { Box, useComputedColorScheme } from '@mantine/core';
import type { TValueRow } from '@strata/core/analytics/analytics-types';
import { ColorType, createChart, LineSeries } from 'lightweight-charts';
import { useEffect, useRef } from 'react';

/** The asset's value at each period end (lightweight-charts, as the Prices tab); unknown values are gaps. */
export function ValuesChart({ rows, currency }: { rows: readonly TValueRow[]; currency: string }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const scheme = useComputedColorScheme('light');

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const isDark = scheme === 'dark';
    const chart = createChart(container, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: isDark ? '#c9c9c9' : '#495057',
        attributionLogo: false,
      },
      grid: {
        vertLines: { color: isDark ? '#2c2e33' : '#f1f3f5' },
        horzLines: { color: isDark ? '#2c2e33' : '#f1f3f5' },
      },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false },
    });
    const series = chart.addSeries(LineSeries, { color: '#12b886', lineWidth: 2, title: currency });
    // A whitespace point (time only) keeps the period on the axis without inventing a value.
    series.setData(
      rows.map((row) =>
        row.value_end === null ? { time: row.end } : { time: row.end, value: row.value_end },
      ),
    );
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [rows, currency, scheme]);

  return <Box ref={containerRef} h={240} aria-label="Value chart" role="img" data-testid="value-chart" />;
}
