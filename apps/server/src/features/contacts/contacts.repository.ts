import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';

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
