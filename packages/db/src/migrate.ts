import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import * as foundation from './migrations/2026-11-22-0001-foundation.ts';
import * as identity from './migrations/2026-11-22-0002-identity.ts';
import * as repositories from './migrations/2026-11-22-0003-repositories.ts';
import * as tasks from './migrations/2026-11-22-0004-tasks.ts';
import * as assets from './migrations/2026-11-22-0005-assets.ts';
import * as transactions from './migrations/2026-11-22-0007-transactions.ts';
import * as dashboards from './migrations/2026-11-22-0008-dashboards.ts';
import * as analytics from './migrations/2026-11-22-0009-analytics.ts';
import * as contactsDocuments from './migrations/2026-11-22-0010-contacts-documents.ts';
import * as priceSeriesIndex from './migrations/2026-11-23-0011-price-series-index.ts';
import * as transactionEntryOrder from './migrations/2026-11-24-0012-transaction-entry-order.ts';
import * as totpUsedStep from './migrations/2026-11-25-0013-totp-used-step.ts';
import * as signInThrottle from './migrations/2026-11-25-0014-sign-in-throttle.ts';
import * as rowVersions from './migrations/2026-11-25-0015-row-versions.ts';
import * as uploadPolicyUses from './migrations/2026-11-25-0016-upload-policy-uses.ts';
import * as linkedData from './migrations/2026-11-26-0017-linked-data.ts';
import * as search from './migrations/2026-11-26-0018-search.ts';
import * as linkedInvestments from './migrations/2026-11-27-0019-linked-investments.ts';
import * as linkedMapping from './migrations/2026-11-27-0020-linked-mapping.ts';
import * as linkedTransactionTags from './migrations/2026-11-27-0021-linked-transaction-tags.ts';
import * as rules from './migrations/2026-11-27-0022-rules.ts';
import * as providerConnections from './migrations/2026-11-27-0024-provider-connections.ts';
import * as marketData from './migrations/2026-11-27-0025-market-data.ts';
import * as journalImports from './migrations/2026-11-27-0026-journal-imports.ts';
import * as providerAuthorizations from './migrations/2026-11-27-0028-provider-authorizations.ts';
import * as syncSchedules from './migrations/2026-11-27-0029-sync-schedules.ts';
import * as csvPricesSecurityEvents from './migrations/2026-11-27-0030-csv-prices-security-events.ts';
import * as kraken from './migrations/2026-11-27-0031-kraken.ts';
import * as capTable from './migrations/2026-11-27-0032-cap-table.ts';
import * as rulesTextIndex from './migrations/2026-11-27-0035-rules-text-index.ts';
import * as linkedReadPaths from './migrations/2026-11-27-0038-linked-read-paths.ts';
import * as pricesVersion from './migrations/2026-11-27-0039-prices-version.ts';
import * as assetPriceChanges from './migrations/2026-11-27-0040-asset-price-changes.ts';
import * as bulkWriteChecks from './migrations/2026-11-27-0041-bulk-write-checks.ts';
import * as packedPriceTables from './migrations/2026-11-27-0042-packed-price-tables.ts';
import * as transactionChanges from './migrations/2026-11-28-0043-transaction-changes.ts';

/**
 * Every migration, by name. A static list (not FileMigrationProvider) so it works under Node's type
 * stripping and in bundles. Names sort by date: add new ones at the end with the next date/sequence.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-foundation': foundation,
  '2026-11-22-0002-identity': identity,
  '2026-11-22-0003-repositories': repositories,
  '2026-11-22-0004-tasks': tasks,
  '2026-11-22-0005-assets': assets,
  '2026-11-22-0007-transactions': transactions,
  '2026-11-22-0008-dashboards': dashboards,
  '2026-11-22-0009-analytics': analytics,
  '2026-11-22-0010-contacts-documents': contactsDocuments,
  '2026-11-23-0011-price-series-index': priceSeriesIndex,
  '2026-11-24-0012-transaction-entry-order': transactionEntryOrder,
  '2026-11-25-0013-totp-used-step': totpUsedStep,
  '2026-11-25-0014-sign-in-throttle': signInThrottle,
  '2026-11-25-0015-row-versions': rowVersions,
  '2026-11-25-0016-upload-policy-uses': uploadPolicyUses,
  '2026-11-26-0017-linked-data': linkedData,
  '2026-11-26-0018-search': search,
  '2026-11-27-0019-linked-investments': linkedInvestments,
  '2026-11-27-0020-linked-mapping': linkedMapping,
  '2026-11-27-0021-linked-transaction-tags': linkedTransactionTags,
  '2026-11-27-0022-rules': rules,
  '2026-11-27-0024-provider-connections': providerConnections,
  '2026-11-27-0025-market-data': marketData,
  '2026-11-27-0026-journal-imports': journalImports,
  '2026-11-27-0028-provider-authorizations': providerAuthorizations,
  '2026-11-27-0029-sync-schedules': syncSchedules,
  '2026-11-27-0030-csv-prices-security-events': csvPricesSecurityEvents,
  '2026-11-27-0031-kraken': kraken,
  '2026-11-27-0032-cap-table': capTable,
  '2026-11-27-0035-rules-text-index': rulesTextIndex,
  '2026-11-27-0038-linked-read-paths': linkedReadPaths,
  '2026-11-27-0039-prices-version': pricesVersion,
  '2026-11-27-0040-asset-price-changes': assetPriceChanges,
  '2026-11-27-0041-bulk-write-checks': bulkWriteChecks,
  '2026-11-27-0042-packed-price-tables': packedPriceTables,
  '2026-11-28-0043-transaction-changes': transactionChanges,
};

export class MigrationError extends Error {
  readonly migrationName: string | undefined;

  constructor(migrationName: string | undefined, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(migrationName ? `Migration ${migrationName} failed: ${reason}` : `Migrations failed: ${reason}`, {
      cause,
    });
    this.name = 'MigrationError';
    this.migrationName = migrationName;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations and the migrator see the schema of their own time, not Database
function createMigrator(db: Kysely<any>, list: Record<string, Migration> = migrations): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => list } });
}

/**
 * Applies every pending migration; throws a MigrationError naming the one that failed.
 * `list` replaces the real migrations (tests of the failure path).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations and the migrator see the schema of their own time, not Database
export async function migrateToLatest(db: Kysely<any>, list?: Record<string, Migration>): Promise<void> {
  const { error, results } = await createMigrator(db, list).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new MigrationError(failed?.migrationName, error);
  }
}

/** The name of the newest applied migration, or undefined on an empty database. */
// biome-ignore lint/suspicious/noExplicitAny: migrations and the migrator see the schema of their own time, not Database
export async function currentSchemaVersion(db: Kysely<any>): Promise<string | undefined> {
  const applied = (await createMigrator(db).getMigrations()).filter((info) => info.executedAt);
  return applied.at(-1)?.name;
}

/** Migrations this build knows that the database has not run (readiness: an instance older or newer than its schema). */
// biome-ignore lint/suspicious/noExplicitAny: migrations and the migrator see the schema of their own time, not Database
export async function pendingMigrationNames(db: Kysely<any>): Promise<string[]> {
  return (await createMigrator(db).getMigrations())
    .filter((info) => !info.executedAt)
    .map((info) => info.name);
}
