import type { ColumnType, Generated } from 'kysely';

/** Column types of the analytics result cache (migration 2026-11-22-0009). */

export interface AnalyticsResultsTable {
  id: Generated<string>;
  repository_id: string;
  /** sha256 of the normalized request (and the day it was computed for: "today" moves the timeline). */
  request_hash: string;
  /** The repository's data_version the result was computed on; stale once the repository's moves on. */
  data_version: number;
  /** The engine's result (TAnalyticsResult) as a `json` column: written and read as text. */
  result: ColumnType<Record<string, unknown>, string, string>;
  compute_ms: number;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/**
 * A repository's price table as the analytics loader last read it (migration 2026-11-27-0039): valid while the
 * repository's prices_version is the one stored; its series packed (core's price-table-pack.ts, migration
 * 2026-11-27-0042).
 */
export interface AnalyticsPriceTablesTable {
  repository_id: string;
  prices_version: number;
  price_count: number;
  packed: Uint8Array;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/**
 * The repository's prices_version at the last price write of each asset (migration 2026-11-27-0040): the assets
 * whose series a price table kept at an older version must read again.
 */
export interface AssetPriceChangesTable {
  repository_id: string;
  asset_id: string;
  prices_version: number;
}

/**
 * The repository's transactions_version at the last write of each transaction or its entries, by the
 * transaction's seq (migration 2026-11-28-0043): the transactions a worker's parsed copy of an older version
 * must read again.
 */
export interface TransactionChangesTable {
  repository_id: string;
  seq: number;
  transactions_version: number;
}

/**
 * A repository's transactions as an analytics worker parsed them, packed (core's transaction-table-pack.ts), at
 * the transactions version they were read at (migration 2026-11-28-0043).
 */
export interface AnalyticsTransactionTablesTable {
  repository_id: string;
  transactions_version: number;
  transaction_count: number;
  packed: Uint8Array;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface AnalyticsDatabase {
  analytics_results: AnalyticsResultsTable;
  analytics_price_tables: AnalyticsPriceTablesTable;
  asset_price_changes: AssetPriceChangesTable;
  transaction_changes: TransactionChangesTable;
  analytics_transaction_tables: AnalyticsTransactionTablesTable;
}
