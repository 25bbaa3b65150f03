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

/** A linked security's split or dividend (migration 2026-11-27-0030). */
export interface SecurityEventsTable {
  id: Generated<string>;
  repository_id: string;
  asset_id: string;
  /** The linked security it was read for ('yahoo:AAPL'). */
  security_id: string;
  /** 'YYYY-MM-DD'. */
  date: string;
  kind: 'split' | 'dividend';
  /** numeric text: a split gives `numerator` new shares for `denominator` old ones. */
  numerator: string | null;
  denominator: string | null;
  /** numeric text: a dividend per share, in the listing's major currency. */
  amount: string | null;
  currency: string | null;
  created_at: CreatedTimestamp;
}

export interface AssetsDatabase {
  asset_prices: AssetPricesTable;
  security_events: SecurityEventsTable;
}
