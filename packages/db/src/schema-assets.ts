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
  /** Raised by one on every update; a client sending an older one is refused (plugins/row-version.ts). */
  version: Generated<number>;
  updated_by: string | null;
}

export interface AssetsDatabase {
  asset_prices: AssetPricesTable;
}
