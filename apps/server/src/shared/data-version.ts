import { afterCommit } from '@strata/db/after-commit';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { incrementDataVersion } from './data-version.repository.ts';

/** Hears that a repository's data changed (committed), with its new data version. */
export type TDataChangeListener = (repositoryId: string, dataVersion: number) => void;

const listeners = new Set<TDataChangeListener>();

/** The analytics channel tells a repository's subscribers their results are deprecated (docs/analytics-api.md). */
export function onDataChange(listener: TDataChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Marks the repository's cached analytics deprecated: every price, asset, tag, transaction or repository
 * setting change that analytics read calls this inside its own transaction, so a result computed on the old
 * data can never be served as current. Listeners hear of it once the transaction commits (once per
 * transaction and repository), so whoever refetches reads the new data.
 */
export async function bumpDataVersion(trx: Kysely<Database>, repositoryId: string): Promise<void> {
  const row = await incrementDataVersion(trx, repositoryId);
  if (!row) return;
  const version = Number(row.data_version);
  await afterCommit(trx, `data-version|${repositoryId}`, () => {
    for (const listener of listeners) listener(repositoryId, version);
  });
}
