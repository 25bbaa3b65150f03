import type { ColumnType, Generated } from 'kysely';

/** Column types of the tasks table (migration 2026-11-22-0004). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A jsonb column: read as parsed JSON, written as a JSON string. */
type Json<T> = ColumnType<T, string | null | undefined, string | null>;

export interface TasksTable {
  id: Generated<string>;
  user_id: string;
  repository_id: string | null;
  /** A `TTaskType` code of @strata/core/tasks/task-status. */
  type: string;
  /** A `TTaskStatus` code of @strata/core/tasks/task-status. */
  status: Generated<string>;
  error: string | null;
  progress: Json<Record<string, unknown> | null>;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  result: Json<Record<string, unknown> | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  started_at: Date | null;
  finished_at: Date | null;
}

/** The upload policies already used, by signature, until they expire: a target is single use. */
export interface UploadPolicyUsesTable {
  signature: string;
  expires_at: Date;
}

export interface TasksDatabase {
  tasks: TasksTable;
  upload_policy_uses: UploadPolicyUsesTable;
}
