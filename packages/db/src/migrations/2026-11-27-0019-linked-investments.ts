import { type Kysely, sql } from 'kysely';

/**
 * Linked investment data (issue #21, linked seed §3): what core's parsers read from investment statements
 * and the first slice did not keep. Securities are the repository's (one row per identifier, whichever
 * account or connector named it). Investment transactions (buys, sells, income, reinvestments, transfers)
 * are linked transactions with their kind, security, quantity and unit price in columns of their own, so the
 * linked list, its filter and the mapping rules read one table; fees and commission stay in `source`.
 * Positions and balances are as of a date: a re-import of the same statement replaces them (unique keys
 * below) rather than adding them twice.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  const uuid = sql`gen_random_uuid()`;

  await db.schema
    .createTable('linked_securities')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(uuid))
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    /** OFX UNIQUEID (a CUSIP, ISIN, ticker or the broker's private id); QIF gives the security's name. */
    .addColumn('unique_id', 'text', (col) => col.notNull())
    /** OFX UNIQUEIDTYPE; '' when the file does not say (so the unique key treats it as a value). */
    .addColumn('id_type', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('stock', 'mutual_fund', 'debt', 'option', 'other')`),
    )
    .addColumn('name', 'text')
    .addColumn('ticker', 'text')
    .addColumn('unit_price', 'numeric')
    .addColumn('currency', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addUniqueConstraint('linked_securities_identity_key', ['repository_id', 'id_type', 'unique_id'])
    .execute();

  await db.schema
    .alterTable('linked_transactions')
    // null for cash movements; buy, sell, income, reinvest, transfer, split, other for investment ones.
    .addColumn('investment_kind', 'text', (col) =>
      col.check(sql`investment_kind in ('buy', 'sell', 'income', 'reinvest', 'transfer', 'split', 'other')`),
    )
    .addColumn('security_id', 'uuid', (col) => col.references('linked_securities.id').onDelete('set null'))
    /** Units as written: negative units leave the account (sells, transfers out). */
    .addColumn('quantity', 'numeric')
    .addColumn('unit_price', 'numeric')
    .execute();

  await db.schema
    .createTable('linked_positions')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(uuid))
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('linked_account_id', 'uuid', (col) =>
      col.notNull().references('linked_accounts.id').onDelete('cascade'),
    )
    .addColumn('sync_event_id', 'uuid', (col) => col.references('sync_events.id').onDelete('set null'))
    .addColumn('security_id', 'uuid', (col) =>
      col.notNull().references('linked_securities.id').onDelete('cascade'),
    )
    .addColumn('as_of_date', 'date', (col) => col.notNull())
    /** OFX HELDINACCT (CASH, MARGIN, SHORT, OTHER); '' when absent, part of the unique key. */
    .addColumn('held_in', 'text', (col) => col.notNull().defaultTo(''))
    /**
     * 0, or n for the (n+1)th line of the same security, date and holding in one statement (vanguard.ofx
     * lists one CUSIP twice): each line is kept, and the same file again replaces them line for line.
     */
    .addColumn('seq', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('position_type', 'text')
    .addColumn('quantity', 'numeric', (col) => col.notNull())
    .addColumn('price', 'numeric')
    .addColumn('value', 'numeric')
    .addColumn('price_date', 'date')
    .addColumn('currency', 'text')
    .addColumn('source', 'jsonb', (col) => col.notNull())
    /** The product's own transaction this position was mapped to; null until the mapping rules exist. */
    .addColumn('transaction_id', 'uuid', (col) => col.references('transactions.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addUniqueConstraint('linked_positions_account_security_date_key', [
      'linked_account_id',
      'security_id',
      'as_of_date',
      'held_in',
      'seq',
    ])
    .execute();
  await db.schema
    .createIndex('linked_positions_repository_date_idx')
    .on('linked_positions')
    .columns(['repository_id', 'as_of_date'])
    .execute();

  await db.schema
    .createTable('linked_balances')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(uuid))
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('linked_account_id', 'uuid', (col) =>
      col.notNull().references('linked_accounts.id').onDelete('cascade'),
    )
    .addColumn('sync_event_id', 'uuid', (col) => col.references('sync_events.id').onDelete('set null'))
    /** ledger (OFX LEDGERBAL), available (AVAILBAL), cash (an investment account's INVBAL AVAILCASH). */
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('ledger', 'available', 'cash')`))
    .addColumn('amount', 'numeric', (col) => col.notNull())
    .addColumn('as_of_date', 'date', (col) => col.notNull())
    .addColumn('currency', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addUniqueConstraint('linked_balances_account_kind_date_key', ['linked_account_id', 'kind', 'as_of_date'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('linked_balances').ifExists().execute();
  await db.schema.dropTable('linked_positions').ifExists().execute();
  await db.schema
    .alterTable('linked_transactions')
    .dropColumn('unit_price')
    .dropColumn('quantity')
    .dropColumn('security_id')
    .dropColumn('investment_kind')
    .execute();
  await db.schema.dropTable('linked_securities').ifExists().execute();
}
