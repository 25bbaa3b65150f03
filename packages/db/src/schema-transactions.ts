import type { ColumnType, Generated } from 'kysely';

/** Column types of the transaction tables (migration 2026-11-22-0007). */

type CreatedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface TransactionsTable {
  id: Generated<string>;
  repository_id: string;
  type: string;
  /** 'YYYY-MM-DD'. */
  date: string;
  description: string | null;
  source: Generated<string>;
  linked_id: string | null;
  deleted_at: Date | null;
  created_at: CreatedTimestamp;
  created_by: string | null;
  updated_at: CreatedTimestamp;
  /** Raised by one on every update; a client sending an older one is refused (plugins/row-version.ts). */
  version: Generated<number>;
  updated_by: string | null;
  /** Entry order (migration 2026-11-24-0012): orders same-day transactions written together. */
  seq: Generated<number>;
}

export interface TransactionEntriesTable {
  transaction_id: string;
  /** The entry's slot in its type (0–3). */
  position: number;
  repository_id: string;
  account_id: string;
  asset_id: string;
  /** numeric: exact decimal text, stored sign. */
  amount: string;
  pos_id: string | null;
}

export interface TransactionsDatabase {
  transactions: TransactionsTable;
  transaction_entries: TransactionEntriesTable;
}
