import type { Generated } from 'kysely';
import type { AnalyticsDatabase } from './schema-analytics.ts';
import type { AssetsDatabase } from './schema-assets.ts';
import type { JsonColumn } from './schema-columns.ts';
import type { DashboardsDatabase } from './schema-dashboards.ts';
import type { DocumentsDatabase } from './schema-documents.ts';
import type { IdentityDatabase } from './schema-identity.ts';
import type { JournalImportsDatabase } from './schema-journal-imports.ts';
import type { LinkedDataDatabase } from './schema-linked-data.ts';
import type { LinkedInvestmentsDatabase } from './schema-linked-investments.ts';
import type { LinkedTransactionTagsDatabase } from './schema-linked-transaction-tags.ts';
import type { ProviderConnectionsDatabase } from './schema-provider-connections.ts';
import type { RepositoriesDatabase } from './schema-repositories.ts';
import type { RulesDatabase } from './schema-rules.ts';
import type { TasksDatabase } from './schema-tasks.ts';
import type { TransactionsDatabase } from './schema-transactions.ts';

export type { JsonColumn } from './schema-columns.ts';

/** Instance-wide key/value facts (instance id, …). */
export interface AppMetaTable {
  key: string;
  value: JsonColumn<unknown>;
  updated_at: Generated<Date>;
}

export interface Database
  extends IdentityDatabase,
    RepositoriesDatabase,
    TasksDatabase,
    AssetsDatabase,
    TransactionsDatabase,
    DashboardsDatabase,
    DocumentsDatabase,
    AnalyticsDatabase,
    LinkedDataDatabase,
    RulesDatabase,
    LinkedTransactionTagsDatabase,
    LinkedInvestmentsDatabase,
    ProviderConnectionsDatabase,
    JournalImportsDatabase {
  app_meta: AppMetaTable;
}
