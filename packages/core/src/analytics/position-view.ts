// Position view rows (core seed §3): units, value (position_close) and gain over cost basis
// (position_gain) per (account, asset) at a date. Units are exact: a position sold in full reads '0'
// and is left out, as the seed's position tables filter on amount > 0 by default.
import { fromEpochDay } from '../dates/epoch-day.ts';
import { toAmountString } from '../money/decimal.ts';
import type { TPositionRow } from './analytics-types.ts';
import { hasUnits, unitsOf } from './cost-basis.ts';
import type { TPassResult } from './ledger-pass-types.ts';

export function positionRows(
  pass: TPassResult,
  filter: { accounts?: ReadonlySet<string>; assets?: ReadonlySet<string> } = {},
): TPositionRow[] {
  const last = pass.grid.periods.length;
  const day = pass.grid.boundaries[last]!;
  const date = fromEpochDay(day);
  const rows: TPositionRow[] = [];
  for (const position of pass.positions) {
    if (!hasUnits(position.cost)) continue;
    if (filter.accounts && !filter.accounts.has(position.accountId)) continue;
    if (filter.assets && !filter.assets.has(position.assetId)) continue;
    const value = position.cost.unitsFloat * pass.market.unitValue(position.assetId, day);
    const isKnown = Number.isFinite(value);
    const cost = position.cost.cost;
    rows.push({
      account_id: position.accountId,
      asset_id: position.assetId,
      amount: toAmountString(unitsOf(position.cost)),
      position_close: isKnown ? value : null,
      position_gain: isKnown && Number.isFinite(cost) ? value - cost : null,
      cost_basis: Number.isFinite(cost) ? cost : null,
      date,
    });
  }
  return rows.sort((a, b) =>
    a.account_id < b.account_id ? -1 : a.account_id > b.account_id ? 1 : a.asset_id < b.asset_id ? -1 : 1,
  );
}
