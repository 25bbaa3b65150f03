import { MESSAGES } from '@strata/core/validation/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createStockAs,
  createTestUser,
  shareRepository,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';

let t: TIdentityTestApp;
let owner: TTestUser;
let reader: TTestUser;
let stranger: TTestUser;
let repositoryId: string;
let otherRepositoryId: string;
let fundId: string;
let stockId: string;
let otherStockId: string;

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'contacts-owner@example.com');
  reader = await createTestUser(t, 'contacts-reader@example.com');
  stranger = await createTestUser(t, 'contacts-stranger@example.com');
  repositoryId = await createRepositoryAs(owner, 'Contacts');
  await shareRepository(owner, reader, repositoryId, 1);
  otherRepositoryId = await createRepositoryAs(stranger, 'Other contacts');
  fundId = await createStockAs(owner, repositoryId, 'NGF3');
  stockId = await createStockAs(owner, repositoryId, 'AAPL');
  otherStockId = await createStockAs(stranger, otherRepositoryId, 'MSFT');
});
afterAll(async () => {
  await t?.close();
});

const maria = (extra: Record<string, unknown> = {}) => ({
  repository_id: repositoryId,
  name: 'Maria Jensen',
  email: 'maria.jensen@northwind.example',
  phone: '+1 212 555 0147',
  company: 'Northwind Capital Partners',
  notes: 'Investor relations for Fund III',
  ...extra,
});

describe('contacts (contact_info)', () => {
  it("needs a name and limits the other fields (the seed's messages)", async () => {
    const noName = await owner.call('POST', '/api/contact_info', maria({ name: '   ' }));
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: `name: ${MESSAGES.REQUIRED}` });
    const long = await owner.call(
      'POST',
      '/api/contact_info',
      maria({ email: `${'a'.repeat(250)}@example.com` }),
    );
    expect(long.json().details.fieldErrors).toEqual({ email: [MESSAGES.TOO_LONG] });
    const notAnAddress = await owner.call('POST', '/api/contact_info', maria({ email: 'nope' }));
    expect(notAnAddress.statusCode).toBe(400);
    expect(notAnAddress.json().details.fieldErrors).toEqual({ email: ['Must be an e-mail address'] });
  });

  it('creates a contact linked to assets, lists it by asset, edits and deletes it', async () => {
    const created = await owner.call('POST', '/api/contact_info', maria({ assets: [fundId] }));
    expect(created.statusCode).toBe(201);
    const contact = created.json();
    expect(contact).toMatchObject({
      name: 'Maria Jensen',
      email: 'maria.jensen@northwind.example',
      company: 'Northwind Capital Partners',
      assets: [fundId],
      created_by: owner.id,
    });

    const byFund = await reader.call(
      'GET',
      `/api/contact_info?repository_id=${repositoryId}&asset_id=${fundId}`,
    );
    expect(byFund.json().map((item: { id: string }) => item.id)).toEqual([contact.id]);
    const byStock = await reader.call(
      'GET',
      `/api/contact_info?repository_id=${repositoryId}&asset_id=${stockId}`,
    );
    expect(byStock.json()).toEqual([]);

    const edited = await owner.call('PUT', `/api/contact_info/${contact.id}`, {
      phone: '+1 212 555 0100',
      assets: [fundId, stockId],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Maria Jensen',
      email: 'maria.jensen@northwind.example',
      phone: '+1 212 555 0100',
      assets: [fundId, stockId].sort(),
    });
    const cleared = await owner.call('PUT', `/api/contact_info/${contact.id}`, { notes: null, assets: [] });
    expect(cleared.json()).toMatchObject({ notes: null, assets: [] });
    expect((await owner.call('PUT', `/api/contact_info/${contact.id}`, { name: '' })).statusCode).toBe(400);

    expect((await reader.call('GET', `/api/contact_info/${contact.id}`)).json().name).toBe('Maria Jensen');
    const deleted = await owner.call('DELETE', `/api/contact_info/${contact.id}`);
    expect(deleted.json()).toEqual({ message: 'Contact Maria Jensen deleted' });
    expect((await owner.call('GET', `/api/contact_info/${contact.id}`)).statusCode).toBe(404);
  });

  it("links only live assets of the contact's own repository", async () => {
    const foreign = await owner.call('POST', '/api/contact_info', maria({ assets: [otherStockId] }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details.fieldErrors).toEqual({ assets: [MESSAGES.UNKNOWN_ASSET] });
    const trashed = await createStockAs(owner, repositoryId, 'GONE');
    await owner.call('DELETE', `/api/assets/${trashed}`);
    const toTrash = await owner.call('POST', '/api/contact_info', maria({ assets: [trashed] }));
    expect(toTrash.json().details.fieldErrors).toEqual({ assets: [MESSAGES.UNKNOWN_ASSET] });
  });

  it('goes with its asset when the asset is deleted for good', async () => {
    const doomed = await createStockAs(owner, repositoryId, 'DOOM');
    const contact = (
      await owner.call('POST', '/api/contact_info', maria({ assets: [doomed, fundId] }))
    ).json();
    const hard = await owner.call('DELETE', `/api/assets/${doomed}?is_hard=1`);
    expect(hard.statusCode).toBe(200);
    expect((await owner.call('GET', `/api/contact_info/${contact.id}`)).json().assets).toEqual([fundId]);
  });

  it('lets a reader read only, and hides contacts from other repositories', async () => {
    const contact = (await owner.call('POST', '/api/contact_info', maria())).json();
    expect((await reader.call('POST', '/api/contact_info', maria())).statusCode).toBe(403);
    expect((await reader.call('PUT', `/api/contact_info/${contact.id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await reader.call('DELETE', `/api/contact_info/${contact.id}`)).statusCode).toBe(403);
    for (const [method, url] of [
      ['GET', `/api/contact_info/${contact.id}`],
      ['GET', `/api/contact_info?repository_id=${repositoryId}`],
      ['PUT', `/api/contact_info/${contact.id}`],
      ['DELETE', `/api/contact_info/${contact.id}`],
    ] as const) {
      const response = await stranger.call(method, url, method === 'PUT' ? { name: 'Mine' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const theirs = await stranger.call('GET', `/api/contact_info?repository_id=${otherRepositoryId}`);
    expect(theirs.json()).toEqual([]);

    const frozen = await createRepositoryAs(owner, 'Frozen contacts');
    await owner.call('PUT', `/api/repositories/${frozen}`, { settings: { readonly: true } });
    expect((await owner.call('POST', '/api/contact_info', maria({ repository_id: frozen }))).statusCode).toBe(
      403,
    );
  });
});
