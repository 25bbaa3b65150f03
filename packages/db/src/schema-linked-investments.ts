import type { ColumnType, Generated } from 'kysely';
import type { JsonColumn } from './schema-columns.ts';

/** Column types of the linked investment tables (migration 2026-11-27-0019). Numerics are exact strings. */

type CreatedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type TLinkedSecurityKind = 'stock' | 'mutual_fund' | 'debt' | 'option' | 'other';
export type TLinkedBalanceKind = 'ledger' | 'available' | 'cash';

export interface LinkedSecuritiesTable {
  id: Generated<string>;
  repository_id: string;
  unique_id: string;
  /** '' when the file names no id type. */
  id_type: ColumnType<string, string | undefined, string>;
  kind: TLinkedSecurityKind;
  name: string | null;
  ticker: string | null;
  unit_price: string | null;
  currency: string | null;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

export interface LinkedPositionsTable {
  id: Generated<string>;
  repository_id: string;
  linked_account_id: string;
  sync_event_id: string | null;
  security_id: string;
  /** 'YYYY-MM-DD'. */
  as_of_date: string;
  /** '' when the file does not say. */
  held_in: ColumnType<string, string | undefined, string>;
  /** The line's rank among lines of the same security, date and holding in its statement. */
  seq: ColumnType<number, number | undefined, number>;
  position_type: string | null;
  quantity: string;
  price: string | null;
  value: string | null;
  price_date: string | null;
  currency: string | null;
  source: JsonColumn<Record<string, unknown>>;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

export interface LinkedBalancesTable {
  id: Generated<string>;
  repository_id: string;
  linked_account_id: string;
  sync_event_id: string | null;
  kind: TLinkedBalanceKind;
  amount: string;
  as_of_date: string;
  currency: string | null;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

export interface LinkedInvestmentsDatabase {
  linked_securities: LinkedSecuritiesTable;
  linked_positions: LinkedPositionsTable;
  linked_balances: LinkedBalancesTable;
}
