import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createAssetAs,
  createRepositoryAs,
  createTestUser,
  shareRepository,
  type TTestUser,
  tagLookupAs,
} from '../repositories/testing/repository-test-kit.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';
import { waitForTask } from './providers/testing/connector-test-kit.ts';

// A linked position carries the product's own transaction (seed §2: 'View Transaction' only when the row has
// it): the smart transaction a mapping rule made from the position's latest trade. Real HTTP: fidelity.ofx
// through the manual loader, a mapping rule through POST /api/rules, the positions through their routes.
//
// fidelity.ofx, read by hand: six positions as of 2012-09-08 (SDRL, CLCT, HI, INTC, RHT, XIN) and four
// dividends ('DIVIDEND RECEIVED'): SPY 2012-07-31 (sold, no position), XIN 2012-08-20 15.44, CLCT 2012-08-31
// 22.43, INTC 2012-09-01 22.50. XIN, CLCT and INTC also have buys, which no rule maps.

const FIDELITY = join(
  import.meta.dirname,
  '../../../../../../shared/corpus/ofx/jseutter-ofxparse/fidelity.ofx',
);

let t: TIdentityTestApp;
let baseUrl: string;
let owner: TTestUser;
let reader: TTestUser;
let repositoryId: string;
let bank: string;
let income: string;
let usd: string;

beforeAll(async () => {
  t = await createTasksTestApp({ isWorker: true });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await createTestUser(t, 'position-mapping-owner@example.com');
  reader = await createTestUser(t, 'position-mapping-reader@example.com');
  repositoryId = await createRepositoryAs(owner, 'Mapped brokerage');
  await shareRepository(owner, reader, repositoryId, 1);
  const tag = await tagLookupAs(owner, repositoryId);
  bank = await createAssetAs(owner, repositoryId, {
    type: 'bank account',
    name: 'Brokerage cash',
    currency: 'USD',
    tags: [tag('Category', 'Cash'), tag('Subcategory', 'Checking')],
  });
  const assets = (await owner.call('GET', `/api/assets?repository_id=${repositoryId}&limit=500`)).json().data;
  income = assets.find((asset: { name: string }) => asset.name === 'Current income').id as string;
  usd = assets.find((asset: { type: string }) => asset.type === 'currency').id as string;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function loadFidelity(): Promise<void> {
  const target = await owner.call('POST', '/api/file_upload', { type: 'manual_sync' });
  expect(target.statusCode, target.body).toBe(200);
  const { url, fields } = target.json() as { url: string; fields: Record<string, string> };
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(readFileSync(FIDELITY))]), 'fidelity.ofx');
  const stored = await fetch(new URL(new URL(url).pathname, baseUrl), { method: 'POST', body: form });
  expect(stored.status).toBe(204);
  const started = await owner.call('POST', '/api/linked_data/connectors/manual', {
    repository_id: repositoryId,
    file_key: fields.key,
    loader: 'ofx',
  });
  expect(started.statusCode, started.body).toBe(200);
  expect((await waitForTask(owner, started.json().task_id)).status).toBe('succeeded');
}

type TPosition = { id: string; ticker: string; transaction_id: string | null };

async function positionsByTicker(user: TTestUser): Promise<Record<string, string | null>> {
  const response = await user.call(
    'GET',
    `/api/linked_data/positions?repository_id=${repositoryId}&page_size=100`,
  );
  expect(response.statusCode, response.body).toBe(200);
  const rows = response.json().data as TPosition[];
  return Object.fromEntries(rows.map((row) => [row.ticker, row.transaction_id]));
}

async function positionOf(user: TTestUser, ticker: string): Promise<Record<string, unknown>> {
  const list = (
    await user.call('GET', `/api/linked_data/positions?repository_id=${repositoryId}&page_size=100`)
  ).json().data as TPosition[];
  const id = list.find((row) => row.ticker === ticker)?.id;
  const response = await user.call('GET', `/api/linked_data/positions/${id}?repository_id=${repositoryId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Smart transactions of the repository by description and date, with their ids. */
async function smartDividends(): Promise<Map<string, string>> {
  const response = await owner.call('GET', `/api/transactions?repository_id=${repositoryId}&page_size=100`);
  expect(response.statusCode, response.body).toBe(200);
  const rows = response.json().data as { id: string; date: string; description: string }[];
  return new Map(rows.map((row) => [`${row.description} ${row.date}`, row.id]));
}

describe('a linked position and the product transaction mapped from its trades', () => {
  it('carries none before any mapping', async () => {
    await loadFidelity();
    expect(await positionsByTicker(owner)).toEqual({
      SDRL: null,
      CLCT: null,
      HI: null,
      INTC: null,
      RHT: null,
      XIN: null,
    });
  });

  it('carries the smart transaction a mapping rule made from its latest trade, in the list and alone', async () => {
    const created = await owner.call('POST', '/api/rules', {
      repository_id: repositoryId,
      type: 'mapping_to_smart_transaction',
      data: {
        criteria: [
          { type: 'description', logic: 'AND', params: [{ comparison: 'CONTAINS', value: 'dividend' }] },
        ],
        actions: [
          {
            type: 'map_to_transaction',
            transaction_type: { isMappedFromJson: false, value: 'income' },
            date: { isMappedFromJson: true, value: '$.date' },
            description: { isMappedFromJson: true, value: '$.memo' },
            entries: [
              {
                account: { isMappedFromJson: false, value: bank },
                amount: { isMappedFromJson: true, value: '$.total' },
                asset: { isMappedFromJson: false, value: usd },
              },
              {
                account: { isMappedFromJson: false, value: income },
                amount: { isMappedFromJson: true, value: '$.total' },
                asset: { isMappedFromJson: false, value: usd },
              },
            ],
          },
        ],
      },
      apply_to_existing_transactions: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().summary).toMatchObject({ matched: 4, changed: 4, failed: 0 });

    const smart = await smartDividends();
    expect(smart.size).toBe(4);
    const xin = smart.get('DIVIDEND RECEIVED 2012-08-20');
    const clct = smart.get('DIVIDEND RECEIVED 2012-08-31');
    const intc = smart.get('DIVIDEND RECEIVED 2012-09-01');
    expect([xin, clct, intc].every((id) => typeof id === 'string')).toBe(true);
    // The buys of XIN, CLCT and INTC are unmapped; SDRL, HI and RHT have no mapped trade at all.
    expect(await positionsByTicker(owner)).toEqual({
      SDRL: null,
      CLCT: clct,
      HI: null,
      INTC: intc,
      RHT: null,
      XIN: xin,
    });
    // What 'View Transaction' opens, for a reader too: the position alone carries it, and it is readable.
    const detail = await positionOf(reader, 'INTC');
    expect(detail).toMatchObject({ ticker: 'INTC', transaction_id: intc });
    const opened = await reader.call('GET', `/api/transactions/${intc}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ date: '2012-09-01', description: 'DIVIDEND RECEIVED' });
  });

  it('follows the smart transaction: trashed, none; restored, it again; deleted for good, none', async () => {
    const intc = (await positionOf(owner, 'INTC')).transaction_id as string;
    const xin = (await positionOf(owner, 'XIN')).transaction_id as string;
    const trashed = await owner.call('DELETE', '/api/transactions', { ids: [intc] });
    expect(trashed.statusCode, trashed.body).toBe(200);
    expect(await positionsByTicker(owner)).toMatchObject({ INTC: null, XIN: xin });
    expect((await positionOf(owner, 'INTC')).transaction_id).toBeNull();

    const restored = await owner.call('POST', `/api/transactions/${intc}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await positionOf(owner, 'INTC')).transaction_id).toBe(intc);

    const gone = await owner.call('DELETE', '/api/transactions?is_hard=1', { ids: [intc] });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await positionsByTicker(owner)).toMatchObject({ INTC: null, XIN: xin });
  });
});
