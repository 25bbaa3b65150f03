import type { ColumnType, Generated } from 'kysely';

/** Column types of the dashboard table (migration 2026-11-22-0008). */

type CreatedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface DashboardViewsTable {
  id: Generated<string>;
  repository_id: string;
  user_id: string;
  type: string;
  name: string;
  slug: string;
  position: Generated<number>;
  /** `TWidget[]` of core's dashboard rules; written as JSON text. */
  widgets: ColumnType<unknown[], string | undefined, string>;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
  /** Raised by one on every update; a client sending an older one is refused (plugins/row-version.ts). */
  version: Generated<number>;
}

export interface DashboardsDatabase {
  dashboard_views: DashboardViewsTable;
}
