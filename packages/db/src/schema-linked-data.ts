import type { ColumnType, Generated } from 'kysely';
import type { JsonColumn } from './schema-columns.ts';

/** Column types of the linked-data tables (migration 2026-11-26-0017). */

type CreatedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type TConnectorKind = 'manual' | 'file';
export type TConnectorStatus = 'ok' | 'failed' | 'pending';
export type TInvestmentKind = 'buy' | 'sell' | 'income' | 'reinvest' | 'transfer' | 'split' | 'other';
export type TSyncResult = 'success' | 'warning' | 'error' | 'login_required';

export interface ConnectorsTable {
  id: Generated<string>;
  repository_id: string;
  name: string;
  kind: TConnectorKind;
  status: ColumnType<TConnectorStatus, TConnectorStatus | undefined, TConnectorStatus>;
  status_message: string | null;
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
  /** Investment transactions only (migration 2026-11-27-0019): null on cash movements. */
  investment_kind: TInvestmentKind | null;
  security_id: string | null;
  /** numeric: units, signed as written. */
  quantity: string | null;
  unit_price: string | null;
  created_at: CreatedTimestamp;
}

export interface LinkedDataDatabase {
  connectors: ConnectorsTable;
  linked_accounts: LinkedAccountsTable;
  sync_events: SyncEventsTable;
  linked_transactions: LinkedTransactionsTable;
}
