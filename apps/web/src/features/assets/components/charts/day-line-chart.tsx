import { Box, useComputedColorScheme } from '@mantine/core';
import { ColorType, createChart, LineSeries, type Time } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useDateDisplay } from '../../../../shared/lib/date-format.tsx';
import { isoDayOfChartTime } from './chart-date.ts';

/** A point per day; a point without a value (a gap) keeps its day on the axis. */
export interface TDayPoint {
  time: string;
  value?: number;
}

/** One line over days (lightweight-charts), following the colour scheme: the Prices and Values tabs. */
export function DayLineChart({
  points,
  title,
  color,
  height,
  label,
  testId,
}: {
  points: readonly TDayPoint[];
  title: string;
  color: string;
  height: number;
  label: string;
  testId: string;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const scheme = useComputedColorScheme('light');
  // The crosshair's date follows the user's date format like every other date (the axis shows months and years).
  const { date: formatDay } = useDateDisplay();

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
      localization: { timeFormatter: (time: Time) => formatDay(isoDayOfChartTime(time)) },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false },
    });
    const series = chart.addSeries(LineSeries, { color, lineWidth: 2, title });
    series.setData([...points]);
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [points, title, color, scheme, formatDay]);

  return <Box ref={containerRef} h={height} aria-label={label} role="img" data-testid={testId} />;
}
