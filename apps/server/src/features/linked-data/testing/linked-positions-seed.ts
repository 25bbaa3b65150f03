import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { seedLinkedData } from './linked-data-seed.ts';

/**
 * A linked account (seedLinkedData's) holding one security as of 2026-01-31, written straight to the
 * tables: what an investment statement's load leaves, for tests that need a position without the loader.
 */
export async function seedLinkedPosition(
  db: Kysely<Database>,
  repositoryId: string,
): Promise<{ accountId: string; securityId: string; positionId: string }> {
  const { accountId, eventId } = await seedLinkedData(db, repositoryId);
  const security = await db
    .insertInto('linked_securities')
    .values({
      repository_id: repositoryId,
      unique_id: `US0378331005-${accountId}`,
      id_type: 'ISIN',
      kind: 'stock',
      name: 'Apple Inc.',
      ticker: 'AAPL',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const position = await db
    .insertInto('linked_positions')
    .values({
      repository_id: repositoryId,
      linked_account_id: accountId,
      sync_event_id: eventId,
      security_id: security.id,
      as_of_date: '2026-01-31',
      quantity: '10',
      price: '150.5',
      value: '1505',
      currency: 'USD',
      source: JSON.stringify({ units: '10', unitPrice: '150.5' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { accountId, securityId: security.id, positionId: position.id };
}
