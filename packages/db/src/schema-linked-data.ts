import type { ColumnType, Generated } from 'kysely';
import type { JsonColumn } from './schema-columns.ts';

/** Column types of the linked-data tables (migration 2026-11-26-0017). */

type CreatedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Providers' kinds since migration 2026-11-27-0024. */
export type TConnectorKind =
  | 'manual'
  | 'file'
  | 'plaid'
  | 'simplefin'
  | 'gocardless'
  | 'arch'
  | 'kraken'
  | 'cap_table';
export type TConnectorStatus = 'ok' | 'failed' | 'pending';
export type TInvestmentKind = 'buy' | 'sell' | 'income' | 'reinvest' | 'transfer' | 'split' | 'other';
export type TSyncResult = 'success' | 'warning' | 'error' | 'login_required';
export type TLinkedTransactionStatus = 'posted' | 'pending';

export interface ConnectorsTable {
  id: Generated<string>;
  repository_id: string;
  name: string;
  kind: TConnectorKind;
  status: ColumnType<TConnectorStatus, TConnectorStatus | undefined, TConnectorStatus>;
  status_message: string | null;
  /** Migration 2026-11-27-0020: the loader it was made for (POST linked_data/connectors), else null. */
  source: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedTimestamp;
  created_by: string | null;
  updated_at: CreatedTimestamp;
}

export interface LinkedAccountsTable {
  id: Generated<string>;
  repository_id: string;
  connector_id: string;
  external_id: string;
  number: string | null;
  name: string | null;
  type: string | null;
  currency: string | null;
  asset_id: string | null;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

export interface SyncEventsTable {
  id: Generated<string>;
  repository_id: string;
  connector_id: string;
  linked_account_id: string | null;
  task_id: string | null;
  started_at: Date | string;
  finished_at: Date | string | null;
  result: TSyncResult;
  added: Generated<number>;
  skipped_duplicate: Generated<number>;
  failed: Generated<number>;
  message: string | null;
  /** Migration 2026-11-27-0024: rows a provider changed (or posted from pending) and took back. */
  updated: Generated<number>;
  removed: Generated<number>;
}

export interface LinkedTransactionsTable {
  id: Generated<string>;
  repository_id: string;
  linked_account_id: string;
  sync_event_id: string | null;
  fitid: string | null;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** numeric: exact decimal text, signed (negative leaves the account). */
  amount: string;
  currency: string | null;
  counterparty: string | null;
  description: string | null;
  type: string;
  check_number: string | null;
  category: string | null;
  subcategory: string | null;
  /** The transaction as the parser read it (linked seed: the JSON source view). */
  source: JsonColumn<Record<string, unknown>>;
  tags: ColumnType<string[], string | undefined, string>;
  /** Migration 2026-11-27-0021: a statement file's rows are booked, so 'posted' unless a source says pending. */
  status: ColumnType<
    TLinkedTransactionStatus,
    TLinkedTransactionStatus | undefined,
    TLinkedTransactionStatus
  >;
  /** Investment transactions only (migration 2026-11-27-0019): null on cash movements. */
  investment_kind: TInvestmentKind | null;
  security_id: string | null;
  /** numeric: units, signed as written. */
  quantity: string | null;
  unit_price: string | null;
  created_at: CreatedTimestamp;
  /** Rules already applied (migration 2026-11-27-0022): a rule acts once on a transaction. */
  applied_rule_ids: ColumnType<string[], string | undefined, string>;
  /** Fields a user changed by hand: rules leave them alone. */
  edited_fields: ColumnType<string[], string | undefined, string>;
  mapping_status: Generated<'ok' | 'failed' | 'pending' | 'none'>;
  /** Why the mapping failed, when it did. */
  mapping_message: string | null;
  /** The smart transaction a mapping rule made of it. */
  transaction_id: string | null;
}

/** Migration 2026-11-27-0020: the repositories a connector is shared into besides its home one. */
export interface ConnectorRepositoriesTable {
  connector_id: string;
  repository_id: string;
  created_at: CreatedTimestamp;
  created_by: string | null;
}

/** Migration 2026-11-27-0020: a saved CSV mapping profile of a repository (core's TCsvProfile in `profile`). */
export interface CsvProfilesTable {
  id: Generated<string>;
  repository_id: string;
  name: string;
  profile: JsonColumn<Record<string, unknown>>;
  created_at: CreatedTimestamp;
  created_by: string | null;
  updated_at: CreatedTimestamp;
}

export interface LinkedDataDatabase {
  connector_repositories: ConnectorRepositoriesTable;
  csv_profiles: CsvProfilesTable;
  connectors: ConnectorsTable;
  linked_accounts: LinkedAccountsTable;
  sync_events: SyncEventsTable;
  linked_transactions: LinkedTransactionsTable;
}
