// Every file of the shared statement corpus (../shared/corpus/ofx, 44 real files) through the server: uploaded
// over real HTTP (POST file_upload, the multipart POST), given to the loader a user would pick (CSV files
// with a saved profile), and read back through the linked-data routes. The expected counts and sums are the
// table of docs/statement-corpus.md, worked out by reading each file by hand; broken files must fail their
// task with a message naming what is wrong.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { toAmountString, toDecimal } from '@strata/core/money/decimal';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';

const CORPUS = join(import.meta.dirname, '../../../../../../shared/corpus/ofx');

/** Each statement's cash transactions: [count, sum of amounts] (the docs table's tx and sum columns). */
type TStatementFigures = [number, string];

type TExpectation =
  | { statements: TStatementFigures[]; failed?: number; profile?: string }
  | { refused: RegExp };

const NO_STATEMENT = /holds (only a sign-on response, )?no statement/;
const UNSUPPORTED_CAMT = /^ISO 20022 camt statements are not supported yet/;

const date = { date: 'Date', amount: 'Amount', payee: 'Payee' };

/** The profiles a user saves once per bank export (columns by header name). */
const PROFILES: Record<string, Record<string, unknown>> = {
  'actual payee/notes': {
    dateFormat: 'YYYY-MM-DD',
    columns: { date: 'date', amount: 'amount', payee: 'payee', memo: 'notes' },
  },
  'utf-8 ISO dates': { encoding: 'utf-8', dateFormat: 'YYYY-MM-DD', columns: date },
  'windows-1252 ISO dates': { encoding: 'windows-1252', dateFormat: 'YYYY-MM-DD', columns: date },
  'euc-jp ISO dates': { encoding: 'euc-jp', dateFormat: 'YYYY-MM-DD', columns: date },
  'gb18030 ISO dates': { encoding: 'gb18030', dateFormat: 'YYYY-MM-DD', columns: date },
  'windows-1252 dotted dates': { encoding: 'windows-1252', dateFormat: 'YYYY.MM.DD', columns: date },
  // Names windows-1252 on purpose: the file's BOM must win.
  'Hungarian bank': {
    encoding: 'windows-1252',
    dateFormat: 'YYYY.MM.DD',
    columns: { date: 'Könyvelés dátuma', amount: 'Összeg', currency: 'Devizanem' },
  },
};

const EXPECTED: Record<string, TExpectation> = {
  'jseutter-ofxparse/bank_medium.ofx': { statements: [[3, '-345.27']] },
  'jseutter-ofxparse/bank_small.ofx': { refused: NO_STATEMENT },
  'jseutter-ofxparse/checking.ofx': { statements: [[3, '-59.5']] },
  'jseutter-ofxparse/error_message.ofx': { refused: /instead of a statement: .*General Server Error/ },
  'jseutter-ofxparse/fail_nice__date_missing.ofx': { statements: [[0, '0']], failed: 3 },
  'jseutter-ofxparse/fail_nice__empty_balance.ofx': { statements: [[1, '120']] },
  'jseutter-ofxparse/fidelity-savings.ofx': { statements: [[4, '-1778.3952']] },
  'jseutter-ofxparse/fidelity.ofx': { statements: [[3, '-0.57']] },
  'jseutter-ofxparse/investment_401k.ofx': { statements: [[0, '0']] },
  'jseutter-ofxparse/investment_medium.ofx': { statements: [[3, '-3.95']] },
  'jseutter-ofxparse/multiple_accounts.ofx': {
    statements: [
      [0, '0'],
      [0, '0'],
    ],
  },
  'jseutter-ofxparse/ofx-v102-empty-tags.ofx': { statements: [[1, '12.34']] },
  'jseutter-ofxparse/signon_fail.ofx': { refused: /^The institution refused the sign-on: .*15500/ },
  'jseutter-ofxparse/signon_success.ofx': { refused: NO_STATEMENT },
  'jseutter-ofxparse/signon_success_no_message.ofx': { refused: NO_STATEMENT },
  'jseutter-ofxparse/td_ameritrade.ofx': { statements: [[0, '0']] },
  'jseutter-ofxparse/vanguard.ofx': { statements: [[0, '0']] },

  'bradenmacdonald-ofx-js/example-xml.qfx': { statements: [[1, '0.84']] },
  'bradenmacdonald-ofx-js/example1.ofx': { statements: [[5, '-173.11']] },
  'bradenmacdonald-ofx-js/example2.ofx': { statements: [[0, '0']], failed: 29 },

  'Fabiopf02-ofx-data-extractor/example.ofx': {
    statements: [
      [18, '635.5'],
      [2, '327'],
    ],
  },
  'Fabiopf02-ofx-data-extractor/example4.ofx': {
    statements: [
      [18, '635.5'],
      [2, '327'],
    ],
  },
  'Fabiopf02-ofx-data-extractor/example5.ofx': {
    statements: [
      [0, '0'],
      [0, '0'],
    ],
  },
  'Fabiopf02-ofx-data-extractor/inline.ofx': { statements: [[1, '-11.79']] },

  'actualbudget-actual/8859-1.qfx': { statements: [[1, '-20']] },
  'actualbudget-actual/utf-8.qfx': { statements: [[1, '-20']] },
  'actualbudget-actual/html-vals.qfx': { statements: [[2, '-2']] },
  'actualbudget-actual/data-payee-memo.ofx': { statements: [[4, '-100']] },
  'actualbudget-actual/data-payee-memo.csv': { statements: [[4, '-100']], profile: 'actual payee/notes' },
  'actualbudget-actual/data-payee-memo.qif': { statements: [[4, '-100']] },
  'actualbudget-actual/qif-account.qif': { statements: [[1, '-25']] },
  'actualbudget-actual/qif-category.qif': { statements: [[2, '-120.73']] },
  'actualbudget-actual/tracking-number.qif': { statements: [[2, '-120.73']] },
  'actualbudget-actual/data_utf8.csv': { statements: [[3, '126.75']], profile: 'utf-8 ISO dates' },
  'actualbudget-actual/data_windows1252.csv': {
    statements: [[3, '105.75']],
    profile: 'windows-1252 ISO dates',
  },
  'actualbudget-actual/data_euc-jp.csv': { statements: [[3, '135.75']], profile: 'euc-jp ISO dates' },
  'actualbudget-actual/data_gb18030.csv': { statements: [[3, '116.25']], profile: 'gb18030 ISO dates' },
  'actualbudget-actual/windows-1252.csv': {
    statements: [[2, '58.15']],
    profile: 'windows-1252 dotted dates',
  },
  'actualbudget-actual/windows-1252-euro.csv': {
    statements: [[1, '100.25']],
    profile: 'windows-1252 dotted dates',
  },
  'actualbudget-actual/utf-8-bom.csv': { statements: [[2, '200']], profile: 'Hungarian bank' },
  'actualbudget-actual/data.sta': { refused: /^SWIFT MT940 statements are not supported yet/ },
  'actualbudget-actual/camt__camt.053.xml': { refused: UNSUPPORTED_CAMT },
  'actualbudget-actual/camt__camt.053.tracking-number.xml': { refused: UNSUPPORTED_CAMT },
  'actualbudget-actual/camt__camt.latin1.xml': { refused: UNSUPPORTED_CAMT },
};

/** The loader a user picks by the file's ending; MT940 and camt files go to the OFX one and are refused. */
function loaderOf(path: string): string {
  const ending = path.slice(path.lastIndexOf('.') + 1);
  return ['ofx', 'qfx', 'qif', 'csv'].includes(ending) ? ending : 'ofx';
}

let t: TIdentityTestApp;
let baseUrl: string;
let owner: TTestUser;
let repositoryId: string;
const profileIds = new Map<string, string>();

beforeAll(async () => {
  t = await createTasksTestApp({ isWorker: true });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await createTestUser(t, 'corpus-owner@example.com');
  // One repository for the whole corpus: each file makes its own connector, so no file meets another's rows.
  repositoryId = await createRepositoryAs(owner, 'Corpus');
  for (const [name, profile] of Object.entries(PROFILES)) {
    const saved = await owner.call('POST', '/api/linked_data/csv_profiles', {
      repository_id: repositoryId,
      name,
      profile,
    });
    if (saved.statusCode !== 201) throw new Error(`profile ${name}: ${saved.body}`);
    profileIds.set(name, saved.json().id);
  }
});
afterAll(async () => {
  await t?.close();
});

async function loadCorpusFile(path: string, profile: string | undefined) {
  const target = await owner.call('POST', '/api/file_upload', { type: 'manual_sync' });
  const { url, fields } = target.json() as { url: string; fields: Record<string, string> };
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(readFileSync(join(CORPUS, path)))]), path.split('/').at(-1));
  expect((await fetch(new URL(new URL(url).pathname, baseUrl), { method: 'POST', body: form })).status).toBe(
    204,
  );
  const started = await owner.call('POST', '/api/linked_data/connectors/manual', {
    repository_id: repositoryId,
    file_key: fields.key,
    loader: loaderOf(path),
    name: path,
    ...(profile ? { csv_profile_id: profileIds.get(profile) } : {}),
  });
  expect(started.statusCode, started.body).toBe(200);
  const taskId = started.json().task_id as string;
  const taskOf = async () =>
    ((await owner.call('GET', '/api/tasks')).json() as Record<string, unknown>[]).find(
      (task) => task.id === taskId,
    ) as { status: string; error?: string; result?: { connector_id: string; failed: number } };
  await vi.waitFor(async () => expect(['waiting', 'running']).not.toContain((await taskOf()).status), {
    timeout: 30_000,
    interval: 25,
  });
  return taskOf();
}

describe('the statement corpus through the server', () => {
  it('expects every corpus file, and only those', () => {
    const files = readdirSync(CORPUS, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(CORPUS, join(entry.parentPath, entry.name)))
      .sort();
    expect(files).toEqual(Object.keys(EXPECTED).sort());
    expect(files).toHaveLength(44);
  });

  it.each(Object.entries(EXPECTED))('%s', async (path, expected) => {
    const task = await loadCorpusFile(path, 'profile' in expected ? expected.profile : undefined);
    if ('refused' in expected) {
      expect(task.status).toBe('failed');
      expect(task.error).toMatch(expected.refused);
      return;
    }
    expect(task.status, task.error).toBe('succeeded');
    expect(task.result?.failed).toBe(expected.failed ?? 0);
    const connectorId = task.result?.connector_id as string;
    const accounts = (
      await owner.call(
        'GET',
        `/api/linked_data/accounts?repository_id=${repositoryId}&connector_id=${connectorId}`,
      )
    ).json() as { id: string; transactions_count: number }[];
    const figures: TStatementFigures[] = [];
    for (const account of accounts) {
      const page = await owner.call(
        'GET',
        `/api/linked_data/transactions?repository_id=${repositoryId}&linked_account_id=${account.id}&page_size=1000`,
      );
      const rows = page.json().data as { amount: string; investment_kind: string | null }[];
      expect(rows).toHaveLength(account.transactions_count);
      // The table counts a statement's cash transactions; its investment ones are linked-positions.db.test.ts's.
      const cash = rows.filter((row) => row.investment_kind === null);
      const sum = cash.reduce((total, row) => total.plus(toDecimal(row.amount)), toDecimal(0));
      figures.push([cash.length, toAmountString(sum)]);
    }
    const order = (list: TStatementFigures[]) =>
      [...list].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
    expect(order(figures)).toEqual(order(expected.statements));
  });
});
