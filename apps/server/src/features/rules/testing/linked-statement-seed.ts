import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';

/** One linked transaction of the seeded statement; its source is what the mapping's JSON paths read. */
export interface TSeedRow {
  date: string;
  amount: string;
  counterparty: string;
  description: string;
  category?: string;
  edited_fields?: string[];
}

/**
 * A bank connector with one checking account (mapped to `assetId` when given) and `rows` as linked
 * transactions, written straight to the tables as a finished load leaves them; with `into`, the next
 * statement of that account instead. Answers the ids in row order.
 */
export async function seedLinkedStatement(
  db: Kysely<Database>,
  repositoryId: string,
  rows: readonly TSeedRow[],
  assetId: string | null = null,
  into?: { accountId: string; connectorId: string },
): Promise<{ accountId: string; connectorId: string; eventId: string; ids: string[] }> {
  const { accountId, connectorId } = into ?? (await seedCheckingAccount(db, repositoryId, assetId));
  const event = await db
    .insertInto('sync_events')
    .values({
      repository_id: repositoryId,
      connector_id: connectorId,
      linked_account_id: accountId,
      started_at: new Date(),
      finished_at: new Date(),
      result: 'success',
      added: rows.length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const inserted = await db
    .insertInto('linked_transactions')
    .values(
      rows.map((row, index) => ({
        repository_id: repositoryId,
        linked_account_id: accountId,
        sync_event_id: event.id,
        fitid: `${event.id}-${index + 1}`,
        date: row.date,
        amount: row.amount,
        counterparty: row.counterparty,
        description: row.description,
        type: row.amount.startsWith('-') ? 'DEBIT' : 'CREDIT',
        category: row.category ?? null,
        edited_fields: JSON.stringify(row.edited_fields ?? []),
        source: JSON.stringify({
          fitId: `F${index + 1}`,
          date: row.date,
          amount: row.amount,
          payee: row.counterparty,
          memo: row.description,
        }),
      })),
    )
    .returning('id')
    .execute();
  return { accountId, connectorId, eventId: event.id, ids: inserted.map((row) => row.id) };
}

async function seedCheckingAccount(db: Kysely<Database>, repositoryId: string, assetId: string | null) {
  const connector = await db
    .insertInto('connectors')
    .values({ repository_id: repositoryId, name: 'Bank files', kind: 'manual', status: 'ok' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = await db
    .insertInto('linked_accounts')
    .values({
      repository_id: repositoryId,
      connector_id: connector.id,
      external_id: `chk-${connector.id}`,
      number: '1234',
      name: 'Everyday checking',
      type: 'CHECKING',
      currency: 'USD',
      asset_id: assetId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { accountId: account.id, connectorId: connector.id };
}
