// Defaults of a new repository and of a member's own view of it.

/** Price sources a repository ranks, highest priority first by default (seed §3 Asset price, without 'all'). */
export const PRICE_SOURCES = [
  'override',
  'manual',
  // Prices loaded from a CSV file: below what the user typed, above what a connector or provider sent.
  'csv',
  'connector',
  'security master adjusted',
  'security master',
] as const;
export type TPriceSource = (typeof PRICE_SOURCES)[number];

// A type, not an interface, so it fits Record<string, unknown> (stored as jsonb).
export type TRepositorySettingsDefaults = {
  init_default_tags: boolean;
  readonly: boolean;
  price_source_precedence: TPriceSource[];
};

export function defaultRepositorySettings(): TRepositorySettingsDefaults {
  return { init_default_tags: true, readonly: false, price_source_precedence: [...PRICE_SOURCES] };
}

// A type, not an interface, so it fits Record<string, unknown> (stored as jsonb).
export type TUserRepoSettingsDefaults = {
  periods: number;
  freq: 'day' | 'week' | 'month' | 'quarter' | 'year';
  end_is_today: boolean;
  end: string | null;
  ui_settings: Record<string, unknown> | null;
};

/** Seed §9 default timeline: one day ending today; ui_settings null until the web app saves some (seed §7). */
export function defaultUserRepoSettings(): TUserRepoSettingsDefaults {
  return { periods: 1, freq: 'day', end_is_today: true, end: null, ui_settings: null };
}
