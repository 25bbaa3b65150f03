import type { Database } from '@strata/db/schema';
import { type Kysely, type Selectable, sql, type Updateable } from 'kysely';

/** Tables whose rows carry a `version` (migration 2026-11-25-0015-row-versions). */
export type TVersionedTable = {
  [K in keyof Database]: Database[K] extends { version: unknown } ? K : never;
}[keyof Database];

// The table is a type parameter, which Kysely's builders cannot narrow: these queries run on a loose handle.
// biome-ignore lint/suspicious/noExplicitAny: see above
type TLoose = Kysely<any>;

/** The row, locked against other writers until the transaction ends. */
export function lockRow<T extends TVersionedTable>(
  trx: Kysely<Database>,
  table: T,
  id: string,
): Promise<(Selectable<Database[T]> & { version: number }) | undefined> {
  return (trx as TLoose)
    .selectFrom(table as string)
    .selectAll()
    .where('id', '=', id)
    .forNoKeyUpdate()
    .executeTakeFirst() as Promise<(Selectable<Database[T]> & { version: number }) | undefined>;
}

/** Writes `patch` with the row's version set to `version`. */
export function writeVersion<T extends TVersionedTable>(
  trx: Kysely<Database>,
  table: T,
  id: string,
  patch: Updateable<Database[T]>,
  version: number,
): Promise<Selectable<Database[T]>> {
  return (trx as TLoose)
    .updateTable(table as string)
    .set({ ...patch, version })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow() as Promise<Selectable<Database[T]>>;
}

export async function incrementVersion(
  trx: Kysely<Database>,
  table: TVersionedTable,
  id: string,
): Promise<void> {
  await (trx as TLoose)
    .updateTable(table as string)
    .set({ version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
}
