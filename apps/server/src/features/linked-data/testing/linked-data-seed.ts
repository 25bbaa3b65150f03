import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';

/**
 * A connector with one linked account, one sync event and one linked transaction, written straight to the
 * tables: what a finished manual load leaves, for tests that need linked records without running the loader.
 */
export async function seedLinkedData(
  db: Kysely<Database>,
  repositoryId: string,
): Promise<{ connectorId: string; accountId: string; eventId: string; transactionId: string }> {
  const connector = await db
    .insertInto('connectors')
    .values({ repository_id: repositoryId, name: 'Seeded bank', kind: 'manual', status: 'ok' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = await db
    .insertInto('linked_accounts')
    .values({
      repository_id: repositoryId,
      connector_id: connector.id,
      external_id: '1234',
      number: '1234',
      name: 'Checking',
      type: 'CHECKING',
      currency: 'USD',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const event = await db
    .insertInto('sync_events')
    .values({
      repository_id: repositoryId,
      connector_id: connector.id,
      linked_account_id: account.id,
      started_at: new Date(),
      finished_at: new Date(),
      result: 'success',
      added: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const transaction = await db
    .insertInto('linked_transactions')
    .values({
      repository_id: repositoryId,
      linked_account_id: account.id,
      sync_event_id: event.id,
      fitid: 'F1',
      date: '2026-01-02',
      amount: '-12.5',
      counterparty: 'Coffee',
      type: 'DEBIT',
      source: JSON.stringify({ fitId: 'F1', amount: '-12.5' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    connectorId: connector.id,
    accountId: account.id,
    eventId: event.id,
    transactionId: transaction.id,
  };
}

/** Shares a connector into another repository, written straight to the table (as map_repository does). */
export async function seedConnectorShare(
  db: Kysely<Database>,
  share: { connectorId: string; repositoryId: string; userId: string },
): Promise<void> {
  await db
    .insertInto('connector_repositories')
    .values({ connector_id: share.connectorId, repository_id: share.repositoryId, created_by: share.userId })
    .execute();
}
