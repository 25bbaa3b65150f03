import { ErrorMessage } from '@strata/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createIdentityTestApp,
  TEST_PUBLIC_URL,
  type TIdentityTestApp,
} from './features/auth/testing/identity-test-app.ts';
import {
  createBrokerageAs,
  createRepositoryAs,
  createStockAs,
  createTestUser,
  type TTestUser,
} from './features/repositories/testing/repository-test-kit.ts';

// Issue #17 item 4, for every kind of shared record: two simultaneous partial PUTs both land (each changes
// another field, and the answer that comes last shows both), and a PUT based on an older version answers
// 409 STALE_VERSION without writing anything.

let t: TIdentityTestApp;
let owner: TTestUser;
let repositoryId: string;
let broker: string;
let usd: string;
let stock: string;

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'versions@example.com');
  repositoryId = await createRepositoryAs(owner, 'Versions');
  ({ broker, usd } = await createBrokerageAs(owner, repositoryId));
  stock = await createStockAs(owner, repositoryId, 'ACME');
});
afterAll(async () => {
  await t?.close();
});

type TRecord = Record<string, unknown> & { version: number };

interface TCase {
  kind: string;
  /** Creates the record; answers the URL its PUT goes to and the record as created. */
  create(): Promise<{ url: string; created: TRecord }>;
  first: Record<string, unknown>;
  second: Record<string, unknown>;
  /** The record after both: each PUT's change is there. */
  bothApplied: Record<string, unknown>;
  /** A change whose PUT is refused as stale, and the field it would have changed. */
  stale: Record<string, unknown>;
  staleField: string;
  /** What a PUT must carry besides the version (a document tag's name is required). */
  required?: Record<string, unknown>;
}

async function created(url: string, body: Record<string, unknown>): Promise<TRecord> {
  const answer = await owner.call('POST', url, body);
  if (answer.statusCode !== 201) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
  return answer.json();
}

const cases: TCase[] = [
  {
    kind: 'transaction',
    create: async () => {
      const row = await created('/api/transactions', {
        repository_id: repositoryId,
        type: 'deposit',
        date: '2024-01-01',
        entries: [{ account_id: broker, asset_id: usd, amount: '100' }],
      });
      return { url: `/api/transactions/${row.id}`, created: row };
    },
    first: { description: 'Salary' },
    second: { date: '2024-02-02' },
    bothApplied: { description: 'Salary', date: '2024-02-02' },
    stale: { description: 'Stale' },
    staleField: 'description',
  },
  {
    kind: 'asset',
    create: async () => {
      const row = await created('/api/assets', {
        repository_id: repositoryId,
        type: 'stock',
        name: 'Bolt Inc.',
        ticker: 'BOLT',
        currency: 'USD',
      });
      return { url: `/api/assets/${row.id}`, created: row };
    },
    first: { name: 'Bolt Corporation' },
    second: { description: 'Electric bolts' },
    bothApplied: { name: 'Bolt Corporation', description: 'Electric bolts' },
    stale: { description: 'Stale' },
    staleField: 'description',
  },
  {
    kind: 'asset price',
    create: async () => {
      const row = await created('/api/asset_prices', { asset_id: stock, date: '2024-01-01', close: '10' });
      return { url: `/api/asset_prices/${row.id}`, created: row };
    },
    first: { close: '11.5' },
    second: { date: '2024-01-05' },
    bothApplied: { close: '11.5', date: '2024-01-05' },
    stale: { close: '99' },
    staleField: 'close',
  },
  {
    kind: 'tag',
    create: async () => {
      const row = await created('/api/tags', {
        repository_id: repositoryId,
        tag_name: 'Region',
        tag_value: 'Europe',
      });
      return { url: `/api/tags/${row.id}`, created: row };
    },
    first: { tag_name: 'Area' },
    second: { tag_value: 'Asia' },
    bothApplied: { tag_name: 'Area', tag_value: 'Asia' },
    stale: { tag_value: 'Stale' },
    staleField: 'tag_value',
  },
  {
    kind: 'contact',
    create: async () => {
      const row = await created('/api/contact_info', { repository_id: repositoryId, name: 'Ann Lee' });
      return { url: `/api/contact_info/${row.id}`, created: row };
    },
    first: { email: 'ann@example.com' },
    second: { phone: '+1 555 0100' },
    bothApplied: { name: 'Ann Lee', email: 'ann@example.com', phone: '+1 555 0100' },
    stale: { company: 'Stale' },
    staleField: 'company',
  },
  {
    kind: 'document',
    create: async () => {
      const row = await created('/api/documents', {
        repository_id: repositoryId,
        name: 'Fund LPA',
        source: 'url',
        path: 'example.com/lpa.pdf',
      });
      return { url: `/api/documents/${row.id}`, created: row };
    },
    first: { name: 'Fund III LPA' },
    second: { description: 'Signed copy' },
    bothApplied: { name: 'Fund III LPA', description: 'Signed copy', path: 'example.com/lpa.pdf' },
    stale: { description: 'Stale' },
    staleField: 'description',
  },
  {
    kind: 'document tag',
    create: async () => {
      const row = await created('/api/document_tags', { repository_id: repositoryId, name: 'Tax' });
      return { url: `/api/document_tags/${row.id}`, created: row };
    },
    // One field only: both land when the answer that comes last is version 3.
    first: { name: 'Taxes' },
    second: { name: 'Taxes' },
    bothApplied: { name: 'Taxes' },
    stale: { name: 'Stale' },
    staleField: 'name',
    required: { name: 'Taxes' },
  },
  {
    kind: 'dashboard',
    create: async () => {
      const row = await created('/api/dashboard_views', {
        repository_id: repositoryId,
        type: 'desktop',
        name: 'Board',
      });
      return { url: `/api/dashboard_views/${row.id}`, created: row };
    },
    first: { name: 'Overview' },
    second: { position: 7 },
    bothApplied: { name: 'Overview', slug: 'overview', position: 7 },
    stale: { name: 'Stale' },
    staleField: 'name',
  },
  {
    kind: 'repository settings',
    create: async () => {
      const id = await createRepositoryAs(owner, 'Settings race');
      const listed: TRecord[] = (await owner.call('GET', '/api/repositories')).json();
      const row = listed.find((repository) => repository.id === id) as TRecord;
      return { url: `/api/repositories/${id}`, created: row };
    },
    first: { name: 'Settings raced' },
    second: { settings: { readonly: true } },
    bothApplied: { name: 'Settings raced', settings: expect.objectContaining({ readonly: true }) },
    stale: { name: 'Stale settings' },
    staleField: 'name',
  },
];

describe.each(cases)('updating a $kind', (entity) => {
  it('two simultaneous partial PUTs both land; a stale version answers 409 and writes nothing', async () => {
    const { url, created: row } = await entity.create();
    expect(row.version).toBe(1);

    const answers = await Promise.all([
      owner.call('PUT', url, entity.first),
      owner.call('PUT', url, entity.second),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const versions = answers.map((answer) => answer.json().version).sort();
    expect(versions).toEqual([2, 3]);
    const last = answers.map((answer) => answer.json()).find((body) => body.version === 3);
    expect(last).toMatchObject(entity.bothApplied);

    const refused = await owner.call('PUT', url, { ...entity.stale, version: 2 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'STALE_VERSION',
      message: ErrorMessage.STALE_VERSION,
      details: { current_version: 3 },
    });

    // The current version is accepted, and shows the refused change was not written.
    const current = await owner.call('PUT', url, { ...entity.required, version: 3 });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ ...entity.bothApplied, version: 4 });
    expect(current.json()[entity.staleField]).not.toBe(entity.stale[entity.staleField]);
  });
});

describe("an asset's tags", () => {
  it('changed on their own (assign, reassign, remove) raise the asset version, so a form holding the old one is refused', async () => {
    const assetId = await createStockAs(owner, repositoryId, 'TAGS');
    const region = await created('/api/tags', {
      repository_id: repositoryId,
      tag_name: 'Zone',
      tag_value: 'North',
    });
    const south = await created('/api/tags', {
      repository_id: repositoryId,
      tag_name: 'Zone',
      tag_value: 'South',
    });
    const versionOf = async () => (await owner.call('GET', `/api/assets/${assetId}`)).json().version;
    expect(await versionOf()).toBe(1);
    const link = await created('/api/asset_tags', { asset_id: assetId, tag_id: region.id });
    expect(await versionOf()).toBe(2);
    expect((await owner.call('PUT', `/api/asset_tags/${link.id}`, { tag_id: south.id })).statusCode).toBe(
      200,
    );
    expect(await versionOf()).toBe(3);
    // A form loaded before the tag changes would write its old tag list back.
    const stale = await owner.call('PUT', `/api/assets/${assetId}`, { tags: [], version: 1 });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_VERSION']);
    expect((await owner.call('DELETE', `/api/asset_tags/${link.id}`)).statusCode).toBe(200);
    expect(await versionOf()).toBe(4);
  });
});

describe('If-Match', () => {
  const put = (url: string, ifMatch: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url,
      headers: {
        origin: TEST_PUBLIC_URL,
        cookie: owner.browser.cookieHeader(),
        'content-type': 'application/json',
        'if-match': ifMatch,
      },
      payload: JSON.stringify(body),
    });

  it('carries the version as an entity tag: a stale one is 409, the current one (or *) lands', async () => {
    const { url } = await cases[0]!.create();
    expect((await put(url, '"2"', { description: 'Stale' })).json()).toMatchObject({
      code: 'STALE_VERSION',
    });
    const landed = await put(url, '"1"', { description: 'First' });
    expect([landed.statusCode, landed.json().version]).toEqual([200, 2]);
    const weak = await put(url, 'W/"2"', { description: 'Second' });
    expect([weak.statusCode, weak.json().version]).toEqual([200, 3]);
    const any = await put(url, '*', { description: 'Third' });
    expect([any.statusCode, any.json().version]).toEqual([200, 4]);
    expect((await owner.call('GET', url)).json()).toMatchObject({ description: 'Third', version: 4 });
  });

  it('refuses a malformed one, or one the body version contradicts, with a 400 that says so', async () => {
    const { url } = await cases[0]!.create();
    const malformed = await put(url, 'abc', { description: 'x' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'If-Match must be the version of the record, like "3"',
    });
    const contradicted = await put(url, '"1"', { description: 'x', version: 2 });
    expect(contradicted.statusCode).toBe(400);
    expect(contradicted.json().message).toBe('If-Match "1" and version 2 disagree');
    expect((await owner.call('GET', url)).json()).toMatchObject({ description: null, version: 1 });
  });
});
