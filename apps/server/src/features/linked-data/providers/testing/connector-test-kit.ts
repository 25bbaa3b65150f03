import type { Database } from '@strata/db/schema';
import { type Kysely, sql } from 'kysely';
import { expect, vi } from 'vitest';
import type { THttpMethod, TTestUser } from '../../../repositories/testing/repository-test-kit.ts';

// What every live connector's db test needs: the API answers it saw (to show no secret is in any of them), the
// end of a task, and every stored row (to show no secret is at rest in clear).

/** Calls as a user that keep each answer's body in `answers`. */
export function answerRecorder() {
  const answers: string[] = [];
  const recorded = (user: TTestUser) => async (method: THttpMethod, url: string, body?: unknown) => {
    const response = await user.call(method, url, body);
    answers.push(response.body);
    return response;
  };
  return { answers, recorded };
}

export type TTaskAnswer = {
  id: string;
  status: string;
  result: Record<string, unknown> | null;
  error: string | null;
};

/** The task once it has left 'waiting' and 'running', as the user's task list shows it. */
export async function waitForTask(user: TTestUser, taskId: string): Promise<TTaskAnswer> {
  const taskOf = async () =>
    ((await user.call('GET', '/api/tasks')).json() as TTaskAnswer[]).find(
      (task) => task.id === taskId,
    ) as TTaskAnswer;
  await vi.waitFor(async () => expect(['waiting', 'running']).not.toContain((await taskOf()).status), {
    timeout: 30_000,
    interval: 50,
  });
  return taskOf();
}

/** Every row of every table of every schema (pg-boss's jobs too), as text, table by table. */
export async function everyStoredRow(
  db: Kysely<Database>,
): Promise<Array<{ table: string; rows: string[] }>> {
  const tables = await sql<{ schema: string; name: string }>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'`.execute(db);
  const stored: Array<{ table: string; rows: string[] }> = [];
  for (const { schema, name } of tables.rows) {
    const rows = await sql<{
      row: string;
    }>`select t::text as row from ${sql.table(`${schema}.${name}`)} t`.execute(db);
    stored.push({ table: `${schema}.${name}`, rows: rows.rows.map(({ row }) => row) });
  }
  return stored;
}
