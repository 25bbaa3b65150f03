import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';
import { STATEMENT_BATCH } from './linked-statement-read.ts';
import { waitForTask } from './providers/testing/connector-test-kit.ts';

// The manual loader hands a statement's cash transactions over in batches (STATEMENT_BATCH.rows). Batching
// must not change what is a duplicate: here batches of 2 rows, and identical id-less rows (QIF has no ids,
// so only the fuzzy matcher decides) on both sides of a batch boundary.
//
// bank.qif, read by hand, in batches of 2: [opening 100.00, coffee] [coffee, groceries] [groceries]. The two
// coffees (01/03, -4.50, 'Coffee Shop') are two real purchases, as are the two groceries (01/05, -20.00).

const BATCH_ROWS = 2;
const ORIGINAL_BATCH_ROWS = STATEMENT_BATCH.rows;

const qif = (rows: [date: string, amount: string, payee: string][]) =>
  Buffer.from(
    [
      '!Type:Bank',
      ...rows.flatMap(([date, amount, payee]) => [`D${date}`, `T${amount}`, `P${payee}`, '^']),
      '',
    ].join('\n'),
  );

/** The same rows as an OFX 1.x bank statement without FITIDs: read by the streaming OFX reader. */
const ofx = (rows: [date: string, amount: string, payee: string][]) =>
  Buffer.from(
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS>' +
      '<CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>42<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>' +
      rows
        .map(([date, amount, payee]) => {
          const [month, day, year] = date.split('/');
          return `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${year}${month}${day}<TRNAMT>${amount}<NAME>${payee}</STMTTRN>`;
        })
        .join('\n') +
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n',
  );
const BANK_ROWS: [string, string, string][] = [
  ['01/02/2024', '100.00', 'Opening deposit'],
  ['01/03/2024', '-4.50', 'Coffee Shop'],
  ['01/03/2024', '-4.50', 'Coffee Shop'],
  ['01/05/2024', '-20.00', 'Groceries'],
  ['01/05/2024', '-20.00', 'Groceries'],
];
const THREE_COFFEES: [string, string, string][] = [
  ['01/03/2024', '-4.50', 'Coffee Shop'],
  ['01/03/2024', '-4.50', 'Coffee Shop'],
  ['01/04/2024', '-4.50', 'Coffee Shop'],
];

let t: TIdentityTestApp;
let baseUrl: string;
let owner: TTestUser;
/** Each case loads into a repository of its own, so the stored rows listed are that case's. */
let repositoryId: string;

beforeAll(async () => {
  STATEMENT_BATCH.rows = BATCH_ROWS;
  t = await createTasksTestApp({ isWorker: true });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await createTestUser(t, 'import-batches-owner@example.com');
});
afterAll(async () => {
  STATEMENT_BATCH.rows = ORIGINAL_BATCH_ROWS;
  await t?.close();
});

/** Upload + manual loader, as the web does it; answers the finished task. */
async function load(bytes: Uint8Array, loader: 'qif' | 'ofx', connectorId?: string) {
  const target = await owner.call('POST', '/api/file_upload', { type: 'manual_sync' });
  expect(target.statusCode, target.body).toBe(200);
  const { url, fields } = target.json() as { url: string; fields: Record<string, string> };
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'bank.qif');
  const stored = await fetch(new URL(new URL(url).pathname, baseUrl), { method: 'POST', body: form });
  expect(stored.status).toBe(204);
  const started = await owner.call('POST', '/api/linked_data/connectors/manual', {
    repository_id: repositoryId,
    file_key: fields.key,
    loader,
    ...(connectorId ? { connector_id: connectorId } : {}),
  });
  expect(started.statusCode, started.body).toBe(200);
  const task = await waitForTask(owner, started.json().task_id);
  expect(task.status, String(task.error)).toBe('succeeded');
  return task.result as { connector_id: string; added: number; skipped_duplicate: number };
}

async function storedAmounts(): Promise<string[]> {
  const response = await owner.call(
    'GET',
    `/api/linked_data/transactions?repository_id=${repositoryId}&page_size=50`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { amount: string }[]).map((row) => Number(row.amount).toFixed(2)).sort();
}

describe('the manual loader in batches', () => {
  it.each([['qif', qif] as const, ['ofx', ofx] as const])(
    '%s: keeps identical id-less rows across a batch boundary, adds nothing the second time, and matches one-to-one',
    async (loader, write) => {
      repositoryId = await createRepositoryAs(owner, `Batched ${loader}`);
      const first = await load(write(BANK_ROWS), loader);
      expect(first).toMatchObject({ added: 5, skipped_duplicate: 0 });
      expect(await storedAmounts()).toEqual(['-20.00', '-20.00', '-4.50', '-4.50', '100.00']);

      const again = await load(write(BANK_ROWS), loader, first.connector_id);
      expect(again).toMatchObject({ added: 0, skipped_duplicate: 5 });

      // Three coffees where two are stored, in batches [coffee, coffee] [coffee]: each stored row absorbs one
      // incoming row, whichever batch it is in, so the third is new.
      const third = await load(write(THREE_COFFEES), loader, first.connector_id);
      expect(third).toMatchObject({ added: 1, skipped_duplicate: 2 });
      expect(await storedAmounts()).toEqual(['-20.00', '-20.00', '-4.50', '-4.50', '-4.50', '100.00']);
    },
  );
});
