import type { ColumnType, Generated } from 'kysely';

/** Column types of the asset price table (migration 2026-11-22-0005); the asset columns are in schema-repositories.ts. */

type CreatedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AssetPricesTable {
  id: Generated<string>;
  repository_id: string;
  asset_id: string;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** numeric: exact decimal text. */
  close: string;
  adjusted_close: string | null;
  source: string;
  created_at: CreatedTimestamp;
  created_by: string | null;
  updated_at: CreatedTimestamp;
  updated_by: string | null;
}

export interface AssetsDatabase {
  asset_prices: AssetPricesTable;
}
