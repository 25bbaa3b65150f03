import type { ColumnType, Generated } from 'kysely';

/** Column types of the linked transactions' tags (migration 2026-11-27-0021). */
export interface LinkedTransactionTagsTable {
  id: Generated<string>;
  repository_id: string;
  name: string;
  /** 'exclude' (made by the service): cannot be renamed or deleted. */
  is_system: Generated<boolean>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface LinkedTransactionTagsDatabase {
  linked_transaction_tags: LinkedTransactionTagsTable;
}
