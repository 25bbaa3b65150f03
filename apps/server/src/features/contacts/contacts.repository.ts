import type { Database } from '@strata/db/schema';
import type { Insertable, Kysely, Selectable } from 'kysely';

export type TContactRow = Selectable<Database['contacts']>;

/** Asset ids per contact, in id order. */
export async function assetIdsOf(
  db: Kysely<Database>,
  contactIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byContact = new Map<string, string[]>();
  if (contactIds.length === 0) return byContact;
  const links = await db
    .selectFrom('asset_contacts')
    .select(['contact_id', 'asset_id'])
    .where('contact_id', 'in', contactIds)
    .orderBy('asset_id')
    .execute();
  for (const link of links)
    byContact.set(link.contact_id, [...(byContact.get(link.contact_id) ?? []), link.asset_id]);
  return byContact;
}

/** Replaces a contact's assets. */
export async function setContactAssets(
  trx: Kysely<Database>,
  repositoryId: string,
  contactId: string,
  assetIds: readonly string[],
): Promise<void> {
  await trx.deleteFrom('asset_contacts').where('contact_id', '=', contactId).execute();
  const unique = [...new Set(assetIds)];
  if (unique.length === 0) return;
  await trx
    .insertInto('asset_contacts')
    .values(
      unique.map((assetId) => ({ repository_id: repositoryId, contact_id: contactId, asset_id: assetId })),
    )
    .execute();
}

export function findContact(db: Kysely<Database>, id: string): Promise<TContactRow | undefined> {
  return db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function getContact(db: Kysely<Database>, id: string): Promise<TContactRow> {
  return db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The repository's contacts (those linked to `assetId` when given), by name. */
export function listContacts(
  db: Kysely<Database>,
  repositoryId: string,
  assetId: string | undefined,
): Promise<TContactRow[]> {
  let select = db.selectFrom('contacts as c').selectAll('c').where('c.repository_id', '=', repositoryId);
  if (assetId) {
    select = select.where((eb) =>
      eb.exists(
        eb
          .selectFrom('asset_contacts as ac')
          .select('ac.asset_id')
          .whereRef('ac.contact_id', '=', 'c.id')
          .where('ac.asset_id', '=', assetId),
      ),
    );
  }
  return select.orderBy('c.name').orderBy('c.created_at').orderBy('c.id').execute();
}

export async function insertContact(
  db: Kysely<Database>,
  values: Insertable<Database['contacts']>,
): Promise<string> {
  const row = await db.insertInto('contacts').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteContact(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('contacts').where('id', '=', id).execute();
}
