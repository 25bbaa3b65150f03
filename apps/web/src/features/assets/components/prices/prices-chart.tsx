import type { TAssetPrice } from '@strata/contracts/asset-prices';
import { useMemo } from 'react';
import { DayLineChart } from '../charts/day-line-chart.tsx';

/** Close prices as a line; one point per day, an override beating the other sources of its day. */
export function PricesChart({ prices, currency }: { prices: readonly TAssetPrice[]; currency: string }) {
  const points = useMemo(() => {
    const byDay = new Map<string, number>();
    // Overrides beat the other sources of a day, as in the analytics' price precedence.
    for (const price of [...prices].sort(
      (a, b) => Number(a.source === 'override') - Number(b.source === 'override'),
    )) {
      byDay.set(price.date, Number(price.close));
    }
    return [...byDay.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([time, value]) => ({ time, value }));
  }, [prices]);
  return (
    <DayLineChart
      points={points}
      title={currency}
      color="#228be6"
      height={360}
      label="Price chart"
      testId="price-chart"
    />
  );
}
