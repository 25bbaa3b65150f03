import { PRE_CREATED_ACCOUNTS } from '@strata/core/repositories/initial-content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  anonymousCall,
  createRepositoryAs,
  createTestUser,
  setSubscription,
  shareRepository,
  type TTestUser,
} from './testing/repository-test-kit.ts';

let t: TIdentityTestApp;
let owner: TTestUser;
let reader: TTestUser;
let writer: TTestUser;
let stranger: TTestUser;

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'owner@example.com');
  reader = await createTestUser(t, 'reader@example.com');
  writer = await createTestUser(t, 'writer@example.com');
  stranger = await createTestUser(t, 'stranger@example.com');
});
afterAll(async () => {
  await t?.close();
});

const FORBIDDEN = { code: 'FORBIDDEN', message: 'You don`t have permissions for this action' };

describe('POST /api/repositories', () => {
  it('creates a repository owned by the caller with USD and default settings', async () => {
    const response = await owner.call('POST', '/api/repositories', { name: 'Family' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      name: 'Family',
      currency: 'USD',
      owner: 'owner@example.com',
      access_type: 3,
      collaborators_count: 0,
      plan: 'professional',
      currency_asset: null,
      settings: { init_default_tags: true, readonly: false },
      user_repo_settings: {
        access_type: 3,
        periods: 1,
        freq: 'day',
        end_is_today: true,
        end: null,
        ui_settings: null,
      },
    });
  });

  it('requires name and currency, with the field messages', async () => {
    const missing = await owner.call('POST', '/api/repositories', { currency: 'EUR' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.fieldErrors.name).toEqual(['Field is required']);
    const blank = await owner.call('POST', '/api/repositories', { name: '   ', currency: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details.fieldErrors).toMatchObject({
      name: ['Field is required'],
      currency: ['Field is required'],
    });
    const unknown = await owner.call('POST', '/api/repositories', { name: 'X', currency: 'ABC' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.fieldErrors.currency).toEqual(['Unknown currency']);
  });

  it('refuses a name the user already has, ignoring case', async () => {
    const response = await owner.call('POST', '/api/repositories', { name: ' fAMILY ', currency: 'EUR' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'This name of the repository already exists. Try something else',
    });
  });

  it('lets another user use the same name', async () => {
    const response = await stranger.call('POST', '/api/repositories', { name: 'Family', currency: 'EUR' });
    expect(response.statusCode).toBe(201);
  });

  it('is 401 for an anonymous caller', async () => {
    const response = await anonymousCall(t)('POST', '/api/repositories', { name: 'Nope' });
    expect(response.statusCode).toBe(401);
  });
});

describe('plan limit', () => {
  it('refuses the repository past max_repos_number with 403 and the seed message', async () => {
    const limited = await createTestUser(t, 'limited@example.com');
    await setSubscription(t.app.db, limited.id, 'collaborator', 'active');
    await createRepositoryAs(limited, 'One');
    const second = await limited.call('POST', '/api/repositories', { name: 'Two' });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You have reached the maximum number of 1 repositories.',
      details: { reason: 'PLAN_LIMIT', limit: 1, plan_id: 'collaborator', upgrade_plan: 'standard' },
    });
    expect(second.json().details.upgrade_message).toBe('You can add more repositories on the Standard plan.');
  });

  it('does not count shared repositories, only owned active ones', async () => {
    const limited = await createTestUser(t, 'limited2@example.com');
    await setSubscription(t.app.db, limited.id, 'collaborator', 'active');
    const shared = await createRepositoryAs(owner, 'Shared with limited2');
    await shareRepository(owner, limited, shared, 2);
    expect((await limited.call('POST', '/api/repositories', { name: 'Mine' })).statusCode).toBe(201);
  });
});

describe('inactive subscription', () => {
  it('answers 402 on repository data calls but still lists repositories', async () => {
    const lapsed = await createTestUser(t, 'lapsed@example.com');
    const id = await createRepositoryAs(lapsed, 'Lapsed');
    for (const status of ['paused', 'cancelled', 'inactive']) {
      await setSubscription(t.app.db, lapsed.id, 'professional', status);
      const list = await lapsed.call('GET', '/api/repositories');
      expect(list.statusCode).toBe(200);
      expect(list.json().map((repository: { id: string }) => repository.id)).toEqual([id]);
      for (const [method, url] of [
        ['GET', `/api/repositories/${id}/export`],
        ['POST', `/api/repositories/${id}/initialize`],
        ['DELETE', `/api/cache/analytics/${id}`],
        ['GET', `/api/collaborators?repository_id=${id}`],
      ] as const) {
        const response = await lapsed.call(method, url);
        expect(response.statusCode).toBe(402);
        expect(response.json()).toEqual({
          code: 'PAYMENT_REQUIRED',
          message: 'You need to activate the subscription to access the resource',
        });
      }
      expect((await lapsed.call('POST', '/api/repositories', { name: 'More' })).statusCode).toBe(402);
      expect((await lapsed.call('GET', '/api/subscription')).statusCode).toBe(200);
    }
    await setSubscription(t.app.db, lapsed.id, 'professional', 'non_renewing');
    expect((await lapsed.call('GET', `/api/repositories/${id}/export`)).statusCode).toBe(200);
  });
});

describe('GET /api/repositories', () => {
  it("lists the caller's owned and shared repositories sorted by name, with roles and counts", async () => {
    const user = await createTestUser(t, 'lister@example.com');
    await createRepositoryAs(user, 'zeta');
    await createRepositoryAs(user, 'Alpha');
    const shared = await createRepositoryAs(owner, 'beta shared');
    await shareRepository(owner, user, shared, 1);
    await shareRepository(owner, writer, shared, 2);
    const list = (await user.call('GET', '/api/repositories')).json();
    expect(list.map((repository: { name: string }) => repository.name)).toEqual([
      'Alpha',
      'beta shared',
      'zeta',
    ]);
    const sharedView = list[1];
    expect(sharedView).toMatchObject({ owner: 'owner@example.com', access_type: 1, collaborators_count: 2 });
    expect(sharedView.user_repo_settings.access_type).toBe(1);
    expect(list[0].collaborators_count).toBe(0);
  });
});

describe('POST /api/repositories/:id/initialize', () => {
  it('creates the read-only income and expense accounts with Category and Subcategory tags, once', async () => {
    const id = await createRepositoryAs(owner, 'Init', { isInitialized: false, currency: 'EUR' });
    const first = await owner.call('POST', `/api/repositories/${id}/initialize`);
    expect(first.statusCode).toBe(200);
    expect(first.json().created_accounts).toBe(6);
    expect(first.json().created_tags).toBeGreaterThan(12);
    const second = await owner.call('POST', `/api/repositories/${id}/initialize`);
    expect(second.json()).toMatchObject({ created_accounts: 0, created_tags: 0 });

    const accounts = await t.app.db
      .selectFrom('assets')
      .select(['id', 'name', 'type', 'currency', 'is_readonly'])
      .where('repository_id', '=', id)
      .where('type', '<>', 'currency')
      .orderBy('name')
      .execute();
    expect(accounts).toHaveLength(PRE_CREATED_ACCOUNTS.length);
    const currencies = await t.app.db
      .selectFrom('assets')
      .select(['ticker', 'currency'])
      .where('repository_id', '=', id)
      .where('type', '=', 'currency')
      .execute();
    expect(currencies).toEqual([{ ticker: 'EUR', currency: 'EUR' }]);
    expect(accounts.every((account) => account.is_readonly && account.currency === 'EUR')).toBe(true);
    expect(accounts.filter((account) => account.type === 'expense account').map((a) => a.name)).toEqual([
      'Interest expense',
    ]);
    for (const account of accounts) {
      const tags = await t.app.db
        .selectFrom('asset_tags as at')
        .innerJoin('tags', 'tags.id', 'at.tag_id')
        .select(['tags.tag_name', 'tags.tag_value'])
        .where('at.asset_id', '=', account.id)
        .orderBy('tags.tag_name')
        .execute();
      expect(tags.map((tag) => tag.tag_name)).toEqual(['Category', 'Subcategory']);
      expect(tags[0]?.tag_value).toBe(account.name.toLowerCase());
    }
  });

  it('skips the default tags when init_default_tags is false', async () => {
    const created = await owner.call('POST', '/api/repositories', {
      name: 'No default tags',
      settings: { init_default_tags: false },
    });
    const id = created.json().id;
    const result = (await owner.call('POST', `/api/repositories/${id}/initialize`)).json();
    expect(result.created_accounts).toBe(6);
    // The six categories plus the one shared Subcategory of the pre-created accounts.
    expect(result.created_tags).toBe(7);
  });
});

describe('roles', () => {
  let id: string;
  beforeAll(async () => {
    id = await createRepositoryAs(owner, 'Roles');
    await shareRepository(owner, reader, id, 1);
    await shareRepository(owner, writer, id, 2);
  });

  it('only the owner may update, export, delete, invite', async () => {
    for (const member of [reader, writer]) {
      expect((await member.call('PUT', `/api/repositories/${id}`, { name: 'Hijack' })).json()).toEqual(
        FORBIDDEN,
      );
      expect((await member.call('GET', `/api/repositories/${id}/export`)).statusCode).toBe(403);
      expect((await member.call('DELETE', `/api/repositories/${id}`)).statusCode).toBe(403);
      const invite = await member.call('POST', '/api/invites', {
        email: 'x@example.com',
        access_type: 1,
        repository_id: id,
      });
      expect(invite.statusCode).toBe(403);
      const precedence = await member.call('PUT', `/api/repositories/${id}`, {
        settings: { price_source_precedence: ['manual', 'override'] },
      });
      expect(precedence.statusCode).toBe(403);
    }
  });

  it('a stranger gets 404 for everything about the repository', async () => {
    for (const [method, url] of [
      ['PUT', `/api/repositories/${id}`],
      ['PUT', `/api/repositories/${id}/user_repo_settings`],
      ['DELETE', `/api/repositories/${id}`],
      ['GET', `/api/repositories/${id}/export`],
      ['POST', `/api/repositories/${id}/initialize`],
      ['DELETE', `/api/cache/analytics/${id}`],
      ['GET', `/api/collaborators?repository_id=${id}`],
    ] as const) {
      const response = await stranger.call(method, url, method === 'PUT' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it('every member keeps their own user_repo_settings, merged', async () => {
    const first = await reader.call('PUT', `/api/repositories/${id}/user_repo_settings`, {
      periods: 30,
      ui_settings: { pinned: true },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ periods: 30, freq: 'day', ui_settings: { pinned: true } });
    const second = await reader.call('PUT', `/api/repositories/${id}/user_repo_settings`, { freq: 'month' });
    expect(second.json()).toMatchObject({ periods: 30, freq: 'month', ui_settings: { pinned: true } });
    const ownerView = (await owner.call('GET', '/api/repositories'))
      .json()
      .find((r: { id: string }) => r.id === id);
    expect(ownerView.user_repo_settings.periods).toBe(1);
    const bad = await reader.call('PUT', `/api/repositories/${id}/user_repo_settings`, { freq: 'hourly' });
    expect(bad.statusCode).toBe(400);
  });

  it('clearing the analytics cache is open to every member', async () => {
    const response = await reader.call('DELETE', `/api/cache/analytics/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Analytics cache cleared' });
  });
});

describe('PUT /api/repositories/:id', () => {
  it('renames (refusing a taken name), changes currency and merges settings', async () => {
    const id = await createRepositoryAs(owner, 'To rename');
    await createRepositoryAs(owner, 'Taken');
    const taken = await owner.call('PUT', `/api/repositories/${id}`, { name: 'TAKEN' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This name of the repository already exists. Try something else');
    const sameName = await owner.call('PUT', `/api/repositories/${id}`, { name: 'TO RENAME' });
    expect(sameName.statusCode).toBe(200);
    const updated = await owner.call('PUT', `/api/repositories/${id}`, {
      name: 'Renamed',
      currency: 'gbp',
      settings: { price_source_precedence: ['manual', 'override', 'connector'] },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Renamed',
      currency: 'GBP',
      settings: {
        init_default_tags: true,
        readonly: false,
        price_source_precedence: ['manual', 'override', 'connector'],
      },
    });
    const duplicate = await owner.call('PUT', `/api/repositories/${id}`, {
      settings: { price_source_precedence: ['manual', 'manual'] },
    });
    expect(duplicate.statusCode).toBe(400);
  });

  it('settings.readonly makes the repository read-only for data writes, yet the owner can lift it', async () => {
    const id = await createRepositoryAs(owner, 'Frozen');
    const frozen = await owner.call('PUT', `/api/repositories/${id}`, { settings: { readonly: true } });
    expect(frozen.json().settings.readonly).toBe(true);
    const lifted = await owner.call('PUT', `/api/repositories/${id}`, { settings: { readonly: false } });
    expect(lifted.json().settings.readonly).toBe(false);
  });
});

describe('DELETE /api/repositories/:id', () => {
  it('deletes the repository and everything in it', async () => {
    const id = await createRepositoryAs(owner, 'Doomed');
    await shareRepository(owner, reader, id, 1);
    const response = await owner.call('DELETE', `/api/repositories/${id}`);
    expect(response.json()).toEqual({ message: 'Doomed repository deleted' });
    for (const table of ['assets', 'tags', 'asset_tags', 'repository_members', 'invites'] as const) {
      const rows = await t.app.db
        .selectFrom(table)
        .select('repository_id')
        .where('repository_id', '=', id)
        .execute();
      expect(rows, table).toEqual([]);
    }
    expect(
      (await reader.call('GET', '/api/repositories')).json().some((r: { id: string }) => r.id === id),
    ).toBe(false);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await owner.call('DELETE', '/api/repositories/not-an-id')).statusCode).toBe(400);
    expect(
      (await owner.call('DELETE', '/api/repositories/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/currencies', () => {
  it('lists ISO 4217 currencies with names for a signed-in user', async () => {
    const response = await stranger.call('GET', '/api/currencies');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual({ ticker: 'EUR', name: 'Euro' });
    expect(response.json().length).toBeGreaterThan(150);
    expect((await anonymousCall(t)('GET', '/api/currencies')).statusCode).toBe(401);
  });
});
