// The analytics engine's input and output (core seed §3 "Analytics request" and its result sets;
// DOMAIN.md defines every figure; docs/analytics.md documents each shape). Plain data both ways: the
// caller loads the repository, passes `today`, and measures `total_compute_time` itself.
import type { TEntryRole } from '../transactions/catalogue.ts';

export const FREQUENCIES = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type TFrequency = (typeof FREQUENCIES)[number];
/** The longest timeline one analytics request computes, in periods (the API and the timeline form refuse more). */
export const MAX_PERIODS = 5000;

export const DATASETS = [
  'value_view',
  'income_view',
  'irr_moic_view',
  'performance_view',
  'position_view',
  'tree_view',
  'commitments_view',
] as const;
export type TDataset = (typeof DATASETS)[number];

/** The scopes users look at; a scope is a set of (account, asset) positions. */
export const SCOPE_KINDS = ['repository', 'account', 'asset', 'position', 'tag'] as const;
export type TScopeKind = (typeof SCOPE_KINDS)[number];

export type TCostMethod = 'average' | 'fifo';

export interface TAnalyticsTag {
  name: string;
  value: string;
}

export interface TAnalyticsAsset {
  id: string;
  name?: string;
  /** An instrument type, a holding-account kind, 'income account' or 'expense account'. */
  type: string;
  /** Quote currency code (an instrument's prices are in it); for a currency asset, its price's unit. */
  currency: string;
  /** The currency code for a currency asset (its ticker). */
  ticker?: string;
  /** Parent grouping account (accounts only): builds the account tree. */
  parent_id?: string | null;
  /** Tags (Category, Subcategory and any other) as name/value pairs. */
  tags?: readonly TAnalyticsTag[];
}

export interface TAnalyticsEntry {
  account_id: string;
  asset_id: string;
  /** Exact decimal string, stored sign (catalogue.ts sign convention). */
  amount: string;
  role: TEntryRole;
  pos_id?: string | null;
}

export interface TAnalyticsTransaction {
  id: string;
  date: string;
  type: string;
  entries: readonly TAnalyticsEntry[];
}

export interface TAnalyticsPrice {
  asset_id: string;
  date: string;
  close: number | string;
  source: string;
}

/**
 * Columnar prices of one asset: the fast price input (docs/analytics.md "Price input"). Millions of price
 * rows as objects cost the engine more than everything else together; two typed arrays per asset cost
 * 12 bytes a close and can be moved to a worker thread without copying. The server builds them from
 * its SQL rows with `priceSeriesFromRows` (price-input.ts) or fills the arrays itself.
 */
export interface TAnalyticsPriceSeries {
  asset_id: string;
  /**
   * The source of every close in this series. Only read when an asset has several series (one per
   * source): then on each day the source ranked best by `price_source_precedence` wins.
   */
  source?: string;
  /** Epoch days (days since 1970-01-01; `toEpochDay` in dates/epoch-day.ts), strictly ascending. */
  days: Int32Array;
  /** Closes in the asset's quote currency, one per day; non-positive and non-finite closes are ignored. */
  closes: Float64Array;
}

/** Scope kinds whose IRR is solved when a request names none: the asset and position IRRs are asked for. */
export const DEFAULT_IRR_SCOPE_KINDS: readonly TScopeKind[] = ['repository', 'account', 'tag'];

export interface TAnalyticsRequest {
  periods: number;
  freq: TFrequency;
  /** The last day of the timeline; null or absent means `today`. */
  end?: string | null;
  /** true: the last period runs to `end` even if `end` is mid-period; false: the grid ends at the last full period end on or before `end`. */
  include_end: boolean;
  /** Reporting currency code; defaults to the repository currency. */
  currency?: string;
  datasets: readonly TDataset[];
  /** 'root' for the whole repository, or holding/grouping account ids (their subtrees are included). */
  scope: 'root' | readonly string[];
  cost_method?: TCostMethod;
  /** Which scope kinds get rows (default all). */
  scope_kinds?: readonly TScopeKind[];
  /**
   * Scope kinds whose IRR is solved (default repository, account, tag). MOIC, DPI and RVPI come for
   * every scope; XIRR of a position's many alternating flows costs milliseconds each (the solver scans
   * for every root), so per-asset and per-position IRR are asked for explicitly.
   */
  irr_scope_kinds?: readonly TScopeKind[];
  /**
   * Only these assets' asset and position scopes get their IRR solved (the asset drawer asks for one asset's
   * positions, not the thousand others'); absent: every asset and position of `irr_scope_kinds`.
   */
  irr_asset_ids?: readonly string[];
  /** Also solve IRR for every period, not only the whole timeline (default false: a month's IRR is noise). */
  irr_per_period?: boolean;
}

export interface TAnalyticsInput {
  /** Repository currency code (e.g. 'USD'): FX crosses go through it. */
  currency: string;
  assets: readonly TAnalyticsAsset[];
  transactions: readonly TAnalyticsTransaction[];
  /** Prices as rows (tests, small inputs). May be combined with `price_series`. */
  prices?: readonly TAnalyticsPrice[];
  /** Prices as columns, one series per asset (and source): the fast input for large repositories. */
  price_series?: readonly TAnalyticsPriceSeries[];
  /** Price sources, best first (repository settings `price_source_precedence`); unlisted sources rank after, in name order. */
  price_source_precedence: readonly string[];
  request: TAnalyticsRequest;
  /** YYYY-MM-DD; the engine has no clock. */
  today: string;
}

// --- output ------------------------------------------------------------------------------------------------

export interface TPeriod {
  index: number;
  /** Exclusive: the previous period's end. */
  start: string;
  /** Inclusive. */
  end: string;
}

export type TMissingKind = 'price' | 'fx';

/** A value that could not be computed because a price or rate is missing: first/last date it was needed. */
export interface TMissing {
  asset_id: string;
  /** For 'fx': the currency code whose rate into the reporting currency is missing. */
  currency?: string;
  kind: TMissingKind;
  date: string;
  last_date: string;
  count: number;
}

export interface TScopeRef {
  scope_kind: TScopeKind;
  /** 'repository'; an account id; an asset id; 'account_id|asset_id'; 'Name=Value'. */
  scope_id: string;
  scope_name: string;
}

/** One row per scope × period: the value identity of DOMAIN.md. Amounts are numbers in the reporting currency. */
export interface TValueRow extends TScopeRef {
  period: number;
  start: string;
  end: string;
  /** null when a holding in the scope has no price or rate (see `missing`). */
  value_start: number | null;
  value_end: number | null;
  net_flows: number | null;
  contributions: number | null;
  withdrawals: number | null;
  income: number | null;
  expenses: number | null;
  /** realized + unrealized: value_end − value_start − net_flows − income + expenses. */
  market_change: number | null;
  realized: number | null;
  unrealized: number | null;
  /** Part of market_change due to FX: end holdings' local value × (end rate − start rate). */
  fx_effect: number | null;
}

export interface TIncomeRow extends TScopeRef {
  period: number;
  start: string;
  end: string;
  category: string;
  kind: 'income' | 'expense';
  /** Positive for income, negative for expenses. */
  amount: number | null;
}

/**
 * IRR as shown (GIPS: a return over less than a year is not annualised). The flows' span runs from the
 * first flow (the opening value, when there is one) to the row's end.
 */
export type TIrr = {
  /** Span of a year or more: the annual rate (XIRR); shorter: the return over the span, not annualised. */
  irr: number | null;
  /** Whether `irr` is annualised; null when there is no IRR. */
  is_irr_annualized: boolean | null;
  /** The annual rate whatever the span, for a user who asks for it (label it annualised). */
  irr_annualized: number | null;
  /** Several rates fit the flows: all of them as annual rates, ascending (irr is from the one nearest 10%). */
  irr_roots: number[] | null;
  irr_reason: string | null;
};

export interface TIrrMoicRow extends TScopeRef, TIrr {
  /** A period index, or -1 for the whole timeline. */
  period: number;
  start: string;
  end: string;
  value_start: number | null;
  value_end: number | null;
  /** Opening value plus money put in (positive). */
  contributions: number | null;
  /** Money taken out (positive). */
  distributions: number | null;
  moic: number | null;
  dpi: number | null;
  rvpi: number | null;
}

export interface TPerformanceRow extends TScopeRef {
  period: number;
  start: string;
  end: string;
  /** Time-weighted return of the period (0.05 = 5%); null when a value is missing. */
  twr: number | null;
  /** Chain-linked from the timeline start to this period's end. */
  cumulative_twr: number | null;
}

export interface TPositionRow {
  account_id: string;
  asset_id: string;
  /** Exact units. */
  amount: string;
  /** Market value in the reporting currency, null when the price or rate is missing. */
  position_close: number | null;
  /** position_close − cost basis. */
  position_gain: number | null;
  cost_basis: number | null;
  date: string;
}

export interface TTreeNode {
  node_id: string;
  parent_id: string | null;
  node_kind: 'repository' | 'account' | 'position';
  account_id: string | null;
  asset_id: string | null;
  name: string;
  depth: number;
  value: number | null;
  value_change: number | null;
  cost_basis: number | null;
  unrealized_gain: number | null;
}

export interface TCommitmentRow extends TIrr {
  /** null on the total row. */
  account_id: string | null;
  asset_id: string | null;
  name: string;
  date: string;
  commitment: number;
  called: number;
  contributed: number;
  recallable: number;
  unfunded: number;
  distributions: number;
  /** Money put into the fund's scope: contributions plus fees attributed to it. */
  paid_in: number;
  nav: number | null;
  dpi: number | null;
  rvpi: number | null;
  tvpi: number | null;
}

/**
 * A value at the timeline's end that rests on an old price (issue 18): a held instrument whose last price on or
 * before the end is more than STALE_PRICE_DAYS old.
 */
export interface TStalePrice {
  asset_id: string;
  /** The date of the price the end value uses. */
  price_date: string;
  /** Days from that price to the timeline's end. */
  age_days: number;
}

/**
 * A value resting on a price older than this many days is marked stale. 31: a price kept by hand once a month
 * (a month-end valuation) is never marked; a daily quote that stopped a month ago is.
 */
export const STALE_PRICE_DAYS = 31;

export interface TAnalyticsResult {
  currency: string;
  periods: TPeriod[];
  missing: TMissing[];
  /** Held instruments valued at the end on a price more than STALE_PRICE_DAYS old, oldest price first. */
  stale_prices?: TStalePrice[];
  value_view?: TValueRow[];
  income_view?: TIncomeRow[];
  irr_moic_view?: TIrrMoicRow[];
  performance_view?: TPerformanceRow[];
  position_view?: TPositionRow[];
  tree_view?: TTreeNode[];
  commitments_view?: TCommitmentRow[];
}
