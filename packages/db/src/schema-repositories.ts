import type { ColumnType, Generated } from 'kysely';

/** Column types of the repository tables (migration 2026-11-22-0003). */

type CreatedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A jsonb column with a database default. */
type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;

export interface RepositoriesTable {
  id: Generated<string>;
  name: string;
  currency: Generated<string>;
  owner_id: string;
  /** `TRepositorySettings` of the contracts: init_default_tags, readonly, price_source_precedence. */
  settings: JsonWithDefault<Record<string, unknown>>;
  /** Bumped by every price or transaction change (migration 0005): cached analytics name the version they saw. */
  data_version: Generated<number>;
  /** Bumped by triggers on every write to linked transactions or their tags (migration 2026-11-27-0021). */
  linked_data_version: Generated<number>;
  /** Bumped by triggers on every write to asset_prices (migration 2026-11-27-0039): a worker's kept price table names it. */
  prices_version: Generated<number>;
  /** Bumped by triggers on every write to transactions or their entries (migration 2026-11-28-0043): a worker's kept transactions name it. */
  transactions_version: Generated<number>;
  /** When the 'market data sync' task last finished for this repository (migration 2026-11-27-0025). */
  market_data_synced_at: Date | null;
  /** Migration 0029: the market-data cron occurrence whose sync was last queued. */
  market_data_scheduled_for: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
  /** Raised by one on every update; a client sending an older one is refused (plugins/row-version.ts). */
  version: Generated<number>;
}

export interface RepositoryMembersTable {
  repository_id: string;
  user_id: string;
  /** 1 read only, 2 read/write, 3 full access (the owner). */
  access_type: number;
  /** The member's own view of the repository: periods, freq, end_is_today, end, ui_settings, … */
  user_repo_settings: JsonWithDefault<Record<string, unknown>>;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

export interface InvitesTable {
  id: Generated<string>;
  repository_id: string;
  email: string;
  access_type: number;
  status: Generated<'pending' | 'accepted' | 'declined'>;
  invited_by: string | null;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

export interface SubscriptionsTable {
  user_id: string;
  plan_id: string;
  status: string;
  period_unit: Generated<string>;
  /** 'YYYY-MM-DD' or null (no end). */
  end_date: string | null;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

export interface AssetsTable {
  id: Generated<string>;
  repository_id: string;
  name: string;
  ticker: string | null;
  currency: string | null;
  type: string;
  description: string | null;
  properties: JsonWithDefault<Record<string, unknown>>;
  /** Pre-created accounts are read-only (seed §3). */
  is_readonly: Generated<boolean>;
  /** The currency asset of `currency` in this repository (migration 0005). */
  currency_asset_id: string | null;
  linked_id: string | null;
  linked_security_id: string | null;
  linked_account_id: string | null;
  security_info_ticker: string | null;
  /** The linked security's info: symbol, ticker, type, data (migration 2026-11-27-0025). */
  security_info: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** The grouping account above this account (the account tree). */
  parent_id: string | null;
  deleted_at: Date | null;
  created_at: CreatedTimestamp;
  created_by: string | null;
  updated_at: CreatedTimestamp;
  /** Raised by one on every update; a client sending an older one is refused (plugins/row-version.ts). */
  version: Generated<number>;
  updated_by: string | null;
}

export interface TagsTable {
  id: Generated<string>;
  repository_id: string;
  tag_name: string;
  tag_value: string;
  created_at: CreatedTimestamp;
  created_by: string | null;
  updated_at: CreatedTimestamp;
  /** Raised by one on every update; a client sending an older one is refused (plugins/row-version.ts). */
  version: Generated<number>;
  updated_by: string | null;
}

export interface AssetTagsTable {
  /** Migration 0005: the seed addresses an asset's tag by id. */
  id: Generated<string>;
  repository_id: string;
  asset_id: string;
  tag_id: string;
}

export interface RepositoriesDatabase {
  repositories: RepositoriesTable;
  repository_members: RepositoryMembersTable;
  invites: InvitesTable;
  subscriptions: SubscriptionsTable;
  assets: AssetsTable;
  tags: TagsTable;
  asset_tags: AssetTagsTable;
}
