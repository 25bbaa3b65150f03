// Values that rest on old prices (issue 18 item 12): at the timeline's end, every held instrument whose price
// (the last record or valuation mark on or before the end) is more than STALE_PRICE_DAYS old. Currencies are
// valued by rates, which are not judged here; a missing price is `missing`, not stale.
import { fromEpochDay } from '../dates/epoch-day.ts';
import { STALE_PRICE_DAYS, type TStalePrice } from './analytics-types.ts';
import { hasUnits } from './cost-basis.ts';
import type { TPassResult } from './ledger-pass-types.ts';

export function stalePrices(pass: TPassResult, maxAgeDays = STALE_PRICE_DAYS): TStalePrice[] {
  const end = pass.grid.boundaries[pass.grid.periods.length]!;
  const stale = new Map<string, TStalePrice>();
  for (const position of pass.positions) {
    if (stale.has(position.assetId) || !hasUnits(position.cost)) continue;
    if (pass.market.isCurrency(position.assetId)) continue;
    const day = pass.market.priceDay(position.assetId, end);
    if (Number.isNaN(day) || end - day <= maxAgeDays) continue;
    stale.set(position.assetId, {
      asset_id: position.assetId,
      price_date: fromEpochDay(day),
      age_days: end - day,
    });
  }
  return [...stale.values()].sort((a, b) => b.age_days - a.age_days || (a.asset_id < b.asset_id ? -1 : 1));
}
