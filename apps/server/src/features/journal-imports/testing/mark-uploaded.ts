import type { Database } from '@strata/db/schema';
import { type Kysely, sql } from 'kysely';

/**
 * Marks an upload target's task as its file arrived, as the uploads feature does once the local store's
 * route has stored it (for fixtures that put the file in the store themselves).
 */
export async function markUploaded(db: Kysely<Database>, taskId: string): Promise<void> {
  const uploadedAt = JSON.stringify({ uploaded_at: new Date().toISOString() });
  await sql`update tasks set payload = payload || ${uploadedAt}::jsonb where id = ${taskId}`.execute(db);
}
