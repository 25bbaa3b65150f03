// The tooltip of a '—': which prices or rates are missing, so the user knows what to enter.
import type { TAnalyticsResult, TMissing } from '@strata/core/analytics/analytics-types';

/** Asset id → name from the result's own rows (asset scopes), then the given names. */
export function assetNamesOf(
  result: TAnalyticsResult,
  extra: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const names: Record<string, string> = {};
  for (const row of result.value_view ?? []) {
    if (row.scope_kind === 'asset') names[row.scope_id] = row.scope_name;
  }
  for (const row of result.commitments_view ?? []) {
    if (row.asset_id) names[row.asset_id] = row.name;
  }
  return { ...names, ...extra };
}

function describe(item: TMissing, names: Readonly<Record<string, string>>): string {
  const what =
    item.kind === 'fx'
      ? `${item.currency ?? names[item.asset_id] ?? item.asset_id} rate`
      : `${names[item.asset_id] ?? item.asset_id} price`;
  const when = item.date === item.last_date ? `on ${item.date}` : `from ${item.date} to ${item.last_date}`;
  return `${what} ${when}`;
}

/**
 * One line per missing price or rate, or null when nothing is missing. Long lists end with '…and N more'
 * so the tooltip stays readable.
 */
export function missingNote(
  result: TAnalyticsResult,
  extraNames: Readonly<Record<string, string>> = {},
  limit = 8,
): string | null {
  if (result.missing.length === 0) return null;
  const names = assetNamesOf(result, extraNames);
  const lines = result.missing.slice(0, limit).map((item) => describe(item, names));
  if (result.missing.length > limit) lines.push(`…and ${result.missing.length - limit} more`);
  return `Missing: ${lines.join('; ')}`;
}

/**
 * Issue 18 item 12: the end values that rest on old prices, or null. 'Old prices: Lake house of 2024-03-31
 * (275 days old); ACME of …' — shown under every widget whose figures come from values.
 */
export function staleNote(
  result: TAnalyticsResult,
  extraNames: Readonly<Record<string, string>> = {},
  limit = 5,
): string | null {
  const stale = result.stale_prices ?? [];
  if (stale.length === 0) return null;
  const names = assetNamesOf(result, extraNames);
  const lines = stale
    .slice(0, limit)
    .map(
      (item) => `${names[item.asset_id] ?? item.asset_id} of ${item.price_date} (${item.age_days} days old)`,
    );
  if (stale.length > limit) lines.push(`…and ${stale.length - limit} more`);
  return `Old prices: ${lines.join('; ')}`;
}
