import { Box, useComputedColorScheme } from '@mantine/core';
import type { TAssetPrice } from '@strata/contracts/asset-prices';
import { ColorType, createChart, LineSeries } from 'lightweight-charts';
import { useEffect, useRef } from 'react';

/** Close prices as a line (lightweight-charts); one point per day, the latest source wins a shared day. */
export function PricesChart({ prices, currency }: { prices: readonly TAssetPrice[]; currency: string }) {
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
    const series = chart.addSeries(LineSeries, { color: '#228be6', lineWidth: 2, title: currency });
    const byDay = new Map<string, number>();
    // Overrides beat the other sources of a day, as in the analytics' price precedence.
    for (const price of [...prices].sort(
      (a, b) => Number(a.source === 'override') - Number(b.source === 'override'),
    )) {
      byDay.set(price.date, Number(price.close));
    }
    series.setData(
      [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([time, value]) => ({ time, value })),
    );
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [prices, currency, scheme]);

  return <Box ref={containerRef} h={360} aria-label="Price chart" role="img" data-testid="price-chart" />;
}
