import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';
import { waitForTask } from './providers/testing/connector-test-kit.ts';

// The list's read path after a large load (docs/benchmarks.md, "Linked transactions list: covering index"):
// a page's ids come from the covering index alone only on pages the visibility map marks all-visible, which
// takes a VACUUM — the loader's, once a load of 1,000+ rows has committed (autovacuum may be off, and is
// never prompt). Real HTTP: a generated 1,200-row CSV through the manual loader.

let t: TIdentityTestApp;
let baseUrl: string;
let owner: TTestUser;
let repositoryId: string;

beforeAll(async () => {
  t = await createTasksTestApp({ isWorker: true });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await createTestUser(t, 'read-path-owner@example.com');
  repositoryId = await createRepositoryAs(owner, 'Read path');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** 1,200 rows, one a day from 2020-01-01, alternating 'Corner Market' (−1.00) and 'Bistro' (−2.00). */
function statementCsv(): string {
  const lines = ['date,amount,payee,memo,id,category'];
  for (let index = 0; index < 1200; index += 1) {
    const date = new Date(Date.UTC(2020, 0, 1 + index)).toISOString().slice(0, 10);
    const market = index % 2 === 0;
    lines.push(
      `${date},${market ? '-1.00' : '-2.00'},${market ? 'Corner Market' : 'Bistro'},Row ${index},R${index},${market ? 'Groceries' : 'Dining'}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function loadCsv(): Promise<void> {
  const target = await owner.call('POST', '/api/file_upload', { type: 'manual_sync' });
  expect(target.statusCode, target.body).toBe(200);
  const { url, fields } = target.json() as { url: string; fields: Record<string, string> };
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append('file', new Blob([statementCsv()], { type: 'text/csv' }), 'statement.csv');
  const stored = await fetch(new URL(new URL(url).pathname, baseUrl), { method: 'POST', body: form });
  expect(stored.status).toBe(204);
  const started = await owner.call('POST', '/api/linked_data/connectors/manual', {
    repository_id: repositoryId,
    file_key: fields.key,
    loader: 'csv',
    csv_profile: {
      headerRows: 1,
      dateFormat: 'YYYY-MM-DD',
      columns: {
        date: 'date',
        amount: 'amount',
        payee: 'payee',
        memo: 'memo',
        fitId: 'id',
        category: 'category',
      },
      account: { number: '0001', name: 'Checking', type: 'CHECKING' },
    },
  });
  expect(started.statusCode, started.body).toBe(200);
  const task = await waitForTask(owner, started.json().task_id);
  expect(task.status, String(task.error)).toBe('succeeded');
  expect(task.result).toMatchObject({ added: 1200 });
}

describe('a large load leaves the list its index-only path', () => {
  it('marks every page of linked_transactions all-visible once the load has committed', async () => {
    await loadCsv();
    await vi.waitFor(
      async () => {
        const { rows } = await sql<{ pages: number; visible: number }>`
          select relpages as pages, relallvisible as visible from pg_class
          where oid = 'linked_transactions'::regclass`.execute(t.app.db);
        expect(rows[0]?.pages).toBeGreaterThan(0);
        expect(rows[0]?.visible).toBe(rows[0]?.pages);
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  it('answers the page the filter, sort and search ask for', async () => {
    const filter = JSON.stringify({
      logic: 'AND',
      groups: [
        { logic: 'OR', params: [{ field: 'category', comparison: 'EQ', value: 'Groceries' }] },
        { logic: 'AND', params: [{ field: 'date', comparison: 'AFTER', value: '2023-01-01' }] },
      ],
    });
    const query = new URLSearchParams({
      repository_id: repositoryId,
      page_size: '2',
      page_no: '3',
      filter,
      sort: JSON.stringify([{ field: 'date', sortDirection: 'descending' }]),
      search: 'market',
    });
    const response = await owner.call('GET', `/api/linked_data/transactions?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    // 2023-01-01 is day 1,096 (366 + 365 + 365); markets are the even days, the newest day 1,198 = 2023-04-13,
    // then 04-11, 04-09, 04-07, 04-05 and 04-03 — page 3 of 2. After 2023-01-01 the markets are days
    // 1,098 … 1,198: 51 rows.
    expect(response.json().data.map((row: { date: string }) => row.date)).toEqual([
      '2023-04-05',
      '2023-04-03',
    ]);
    expect(response.json().meta.total).toBe(51);
  });
});
