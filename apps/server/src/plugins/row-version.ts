import { ErrorMessage } from '@strata/contracts/errors';
import type { Database } from '@strata/db/schema';
import type { Kysely, Selectable, Updateable } from 'kysely';
import { AppError } from './app-error.ts';
import { incrementVersion, lockRow, type TVersionedTable, writeVersion } from './row-version.repository.ts';

export type { TVersionedTable } from './row-version.repository.ts';

export function staleVersionError(currentVersion: number): AppError {
  return new AppError('STALE_VERSION', ErrorMessage.STALE_VERSION, {
    details: { current_version: currentVersion },
  });
}

// An entity tag as RFC 9110 writes it ("3", weak W/"3"), or the bare number a hand-written client sends.
const IF_MATCH_VERSION = /^(?:W\/)?"?([1-9][0-9]{0,9})"?$/;

/**
 * The version a client says it edited: the body's `version` field or an `If-Match` header. `If-Match: *`
 * (any version) and neither given mean no check; the update is still atomic, only not conditional.
 */
export function expectedVersion(
  ifMatch: string | string[] | undefined,
  bodyVersion: number | null | undefined,
): number | undefined {
  const header = Array.isArray(ifMatch) ? ifMatch.join(',') : ifMatch;
  let fromHeader: number | undefined;
  if (header !== undefined && header.trim() !== '*') {
    const match = IF_MATCH_VERSION.exec(header.trim());
    if (!match) throw new AppError('BAD_REQUEST', 'If-Match must be the version of the record, like "3"');
    fromHeader = Number(match[1]);
  }
  const fromBody = bodyVersion ?? undefined;
  if (fromHeader !== undefined && fromBody !== undefined && fromHeader !== fromBody)
    throw new AppError('BAD_REQUEST', `If-Match "${fromHeader}" and version ${fromBody} disagree`);
  return fromBody ?? fromHeader;
}

/** An update request's fields without `version`, and the version it expects (from the body or If-Match). */
export function versionedBody<TBody extends { version?: number | null }>(request: {
  headers: { 'if-match'?: string | string[] | undefined };
  body: TBody;
}): { fields: Omit<TBody, 'version'>; expected: number | undefined } {
  const { version, ...fields } = request.body;
  return { fields, expected: expectedVersion(request.headers['if-match'], version) };
}

export interface TVersionedUpdate {
  /** The version the client edited; undefined skips the check. */
  expected: number | undefined;
  notFoundMessage: string;
}

/**
 * The one read-modify-write of a shared record: lock the row (SELECT … FOR NO KEY UPDATE, so a concurrent
 * update waits here and then merges onto this one's result instead of overwriting it; unlike FOR UPDATE it
 * does not hold up writes of rows that reference this one, such as entries on an asset), refuse a stale
 * expected version, let `merge` turn the current row into the columns to change (it may validate and throw,
 * or write the row's children in the same transaction), and write them with the version raised by one.
 * Must run inside a transaction: outside one the lock would end with the select.
 */
export async function updateVersioned<T extends TVersionedTable>(
  trx: Kysely<Database>,
  table: T,
  id: string,
  { expected, notFoundMessage }: TVersionedUpdate,
  merge: (current: Selectable<Database[T]>) => Updateable<Database[T]> | Promise<Updateable<Database[T]>>,
): Promise<Selectable<Database[T]>> {
  if (!trx.isTransaction) throw new Error(`updateVersioned(${table}) must run inside a transaction`);
  const current = await lockRow(trx, table, id);
  if (!current) throw AppError.notFound(notFoundMessage);
  if (expected !== undefined && current.version !== expected) throw staleVersionError(current.version);
  const patch = await merge(current);
  return writeVersion(trx, table, id, patch, current.version + 1);
}

/**
 * Raises a record's version for a change made through another table that its answer shows (an asset's tags),
 * so a client still holding the old version is refused instead of writing the old list back. Run it first in
 * the transaction: it locks the row in the same order as updateVersioned does, before the child rows.
 */
export async function raiseVersion(trx: Kysely<Database>, table: TVersionedTable, id: string): Promise<void> {
  await incrementVersion(trx, table, id);
}
