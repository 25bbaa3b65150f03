import type { Database } from '@strata/db/schema';
import type { ProviderAuthorizationsTable } from '@strata/db/schema-provider-connections';
import type { Insertable, Kysely, Selectable } from 'kysely';

type TDb = Kysely<Database>;

export type TProviderAuthorizationRow = Selectable<ProviderAuthorizationsTable>;

export async function insertProviderAuthorization(
  db: TDb,
  row: Insertable<ProviderAuthorizationsTable>,
): Promise<void> {
  // Links started and never finished are of no use to anyone past their expiry: the user's own go first.
  await db
    .deleteFrom('provider_authorizations')
    .where('user_id', '=', row.user_id)
    .where('expires_at', '<', new Date())
    .execute();
  await db.insertInto('provider_authorizations').values(row).execute();
}

export async function findProviderAuthorization(
  db: TDb,
  provider: string,
  stateHash: string,
): Promise<TProviderAuthorizationRow | undefined> {
  return db
    .selectFrom('provider_authorizations')
    .selectAll()
    .where('state_hash', '=', stateHash)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

/** Uses the authorization up: true for the one caller that did (two callbacks racing make one connector). */
export async function takeProviderAuthorization(db: TDb, stateHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('provider_authorizations')
    .where('state_hash', '=', stateHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** An Arch connector of the repository already reading with this client id (arch_sync then syncs it again). */
export async function findConnectionByExternalId(
  db: TDb,
  input: { repositoryId: string; provider: string; externalId: string },
): Promise<{ connector_id: string } | undefined> {
  return db
    .selectFrom('provider_connections')
    .select('connector_id')
    .where('repository_id', '=', input.repositoryId)
    .where('provider', '=', input.provider)
    .where('external_id', '=', input.externalId)
    .executeTakeFirst();
}
