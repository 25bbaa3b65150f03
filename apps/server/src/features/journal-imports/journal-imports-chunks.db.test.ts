// The import writes its transactions a chunk at a time inside the one database transaction: chunks are
// written before a later one fails, and the rollback still keeps nothing; a re-import in chunks adds 0.
// Chunks of 2 planned transactions, so the sample journal's 13 make seven.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  type TTestUser,
  tagLookupAs,
} from '../repositories/testing/repository-test-kit.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';
import { checkJournal, previewOf } from './journal-import-plan.ts';
import { writeJournal } from './journal-import-write.ts';

const LEDGER = readFileSync(
  join(import.meta.dirname, '../../../../../packages/core/src/journals/fixtures/portfolio.ledger'),
  'utf8',
);

let t: TIdentityTestApp;
let owner: TTestUser;

beforeAll(async () => {
  t = await createTasksTestApp({ isWorker: false });
  owner = await createTestUser(t, 'journal-chunks@example.com');
}, 300_000);

afterAll(async () => {
  await t?.close();
});

async function transactionCount(db: typeof t.app.db, repositoryId: string): Promise<number> {
  const row = await sql<{ count: string }>`
    select count(*) as count from transactions where repository_id = ${repositoryId}::uuid`.execute(db);
  return Number(row.rows[0]?.count);
}

const checkInChunks = (repositoryId: string) =>
  checkJournal(t.app.db, { id: repositoryId, currency: 'USD' }, 'ledger', LEDGER, {
    isCountingPrices: false,
    transactionsPerChunk: 2,
  });

describe('the journal import’s transactions, chunk by chunk', () => {
  it('rolls back the chunks already written when a later one fails, and still names every bad line', async () => {
    const repositoryId = await createRepositoryAs(owner, 'Chunks that fail');
    // Income accounts of the journal's names whose Category is not 'cash dividend': the dividends of lines
    // 66 (the 6th transaction: the 3rd chunk) and 79 (the 9th: the 5th chunk) cannot go there.
    const tag = await tagLookupAs(owner, repositoryId);
    for (const [name, currency] of [
      ['Income:Dividends:AAPL', 'USD'],
      ['Income:Dividends:SAP', 'EUR'],
    ]) {
      const made = await owner.call('POST', '/api/assets', {
        repository_id: repositoryId,
        type: 'income account',
        name,
        currency,
        tags: [tag('Category', 'current income'), tag('Subcategory', 'Default')],
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    const check = await checkInChunks(repositoryId);
    expect(check.transactions.chunks).toHaveLength(7);
    const reported: { written: number; inTransaction: number }[] = [];
    const writing = t.app.db.transaction().execute((trx) =>
      writeJournal(trx, { id: owner.id }, { id: repositoryId, currency: 'USD' }, check, async (progress) => {
        reported.push({
          written: progress.written,
          inTransaction: await transactionCount(trx, repositoryId),
        });
      }),
    );
    await expect(writing).rejects.toThrow(
      'line 66 Dividend: account: Must be equal to cash dividend; line 79 Dividend: account: Must be equal to cash dividend',
    );
    // The first two chunks were written (in the transaction) before the third failed; none after it.
    expect(reported).toEqual([
      { written: 0, inTransaction: 0 },
      { written: 2, inTransaction: 2 },
      { written: 4, inTransaction: 4 },
    ]);
    expect(await transactionCount(t.app.db, repositoryId)).toBe(0);
    const keys = await sql<{ count: string }>`
      select count(*) as count from journal_import_keys where repository_id = ${repositoryId}::uuid`.execute(
      t.app.db,
    );
    expect(Number(keys.rows[0]?.count)).toBe(0);
  }, 300_000);

  it('writes the 13 transactions in seven chunks, and adds none when the journal comes again', async () => {
    const repositoryId = await createRepositoryAs(owner, 'Chunks twice');
    const write = async () => {
      const check = await checkInChunks(repositoryId);
      const written: number[] = [];
      const counts = await t.app.db.transaction().execute((trx) =>
        writeJournal(
          trx,
          { id: owner.id },
          { id: repositoryId, currency: 'USD' },
          check,
          async (progress) => {
            written.push(progress.written);
          },
        ),
      );
      return { preview: previewOf(check).transactions, counts, written };
    };
    const first = await write();
    expect(first.preview).toMatchObject({ create: 13, existing: 0 });
    expect(first.counts.transactions).toBe(13);
    expect(first.written).toEqual([0, 2, 4, 6, 8, 10, 12, 13]);
    expect(await transactionCount(t.app.db, repositoryId)).toBe(13);
    const again = await write();
    expect(again.preview).toMatchObject({ create: 0, existing: 13 });
    expect(again.counts.transactions).toBe(0);
    expect(await transactionCount(t.app.db, repositoryId)).toBe(13);
  }, 300_000);
});
