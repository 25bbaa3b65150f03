import type { TAsset } from '@strata/contracts/assets';
import type { TTag } from '@strata/contracts/tags';

export interface TOption {
  value: string;
  label: string;
}

export interface TRefRule {
  includes: readonly string[];
  /** The account's Category tag must equal this (a dividend books into a 'cash dividend' account). */
  value?: string;
}

/**
 * The assets an entry's account or asset select offers: live ones of an allowed type, with the fixed
 * Category when the type's setting names one; by name.
 */
export function entryOptions(rule: TRefRule, assets: readonly TAsset[], tags: readonly TTag[]): TOption[] {
  const categoryOf = new Map<string, string>();
  const tagById = new Map(tags.map((tag) => [tag.id, tag]));
  for (const asset of assets) {
    for (const id of asset.tags) {
      const tag = tagById.get(id);
      if (tag?.tag_name === 'Category') categoryOf.set(asset.id, tag.tag_value);
    }
  }
  return assets
    .filter((asset) => asset.deleted_at === null && rule.includes.includes(asset.type))
    .filter((asset) => rule.value === undefined || categoryOf.get(asset.id) === rule.value)
    .map((asset) => ({
      value: asset.id,
      label: asset.ticker && asset.ticker !== asset.name ? `${asset.name} (${asset.ticker})` : asset.name,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** A transaction row's one-line summary of an entry: '10 AAPL @ Broker'. */
export function entrySummary(
  entry: { account_id: string; asset_id: string; amount: string } | undefined,
  names: ReadonlyMap<string, string>,
): string {
  if (!entry) return '';
  return `${entry.amount} ${names.get(entry.asset_id) ?? '?'} @ ${names.get(entry.account_id) ?? '?'}`;
}
