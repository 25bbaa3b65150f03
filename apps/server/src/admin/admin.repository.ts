import type { IdentityDatabase } from '@strata/db/schema-identity';
import type { Kysely } from 'kysely';

/** The queries of the admin commands that reach past the services (admin-commands.ts). */

/** The id of the user signed up with `email` (as stored: lower case). */
export async function findUserIdByEmail(
  db: Kysely<IdentityDatabase>,
  email: string,
): Promise<string | undefined> {
  const user = await db.selectFrom('user').select(['id']).where('email', '=', email).executeTakeFirst();
  return user?.id;
}

/** Removes the user's second factor and marks two-factor sign-in off. */
export async function disableTwoFactor(trx: Kysely<IdentityDatabase>, userId: string): Promise<void> {
  await trx.deleteFrom('twoFactor').where('userId', '=', userId).execute();
  await trx
    .updateTable('user')
    .set({ twoFactorEnabled: false, updatedAt: new Date() })
    .where('id', '=', userId)
    .execute();
}
