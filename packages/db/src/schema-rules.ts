import type { ColumnType, Generated } from 'kysely';
import type { JsonColumn } from './schema-columns.ts';

/** Column types of the rules table (migration 2026-11-27-0022). */

type CreatedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface RulesTable {
  id: Generated<string>;
  repository_id: string;
  type: 'tagging' | 'mapping_to_smart_transaction';
  order: number;
  /** core's rule data: { criteria, actions }, as the client sent it after parsing. */
  data: JsonColumn<{ criteria: unknown[]; actions: unknown[] }>;
  apply_to_existing_transactions: Generated<boolean>;
  apply_status: 'success' | 'failed' | 'partial' | 'not_applied' | null;
  enabled: Generated<boolean>;
  created_at: CreatedTimestamp;
  created_by: string | null;
  updated_at: CreatedTimestamp;
  version: Generated<number>;
}

export interface RulesDatabase {
  rules: RulesTable;
}
