import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  shareRepository,
  type TTestUser,
} from './testing/repository-test-kit.ts';

// Seed §5: 'name unique among the user's repositories' = among the repositories the user owns
// (docs/repositories.md). Create, rename, import and accepting an invite agree on it.
const NAME_TAKEN = 'This name of the repository already exists. Try something else';

let t: TIdentityTestApp;
let owner: TTestUser;
let member: TTestUser;
let sharedId: string;

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'names-owner@example.com');
  member = await createTestUser(t, 'names-member@example.com');
  sharedId = await createRepositoryAs(owner, 'Family');
  await shareRepository(owner, member, sharedId, 2);
});
afterAll(async () => {
  await t?.close();
});

describe('repository names are unique among the repositories the user owns', () => {
  it('a member may create a repository named like one shared with them (any case)', async () => {
    const created = await member.call('POST', '/api/repositories', { name: 'FAMILY', currency: 'USD' });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('a member may rename their own repository like one shared with them, not like another of their own', async () => {
    const pension = await createRepositoryAs(owner, 'Pension');
    await shareRepository(owner, member, pension, 1);
    const own = await createRepositoryAs(member, 'Savings');
    await createRepositoryAs(member, 'Holiday');

    const likeShared = await member.call('PUT', `/api/repositories/${own}`, { name: 'pension' });
    expect(likeShared.statusCode, likeShared.body).toBe(200);
    const likeOwn = await member.call('PUT', `/api/repositories/${own}`, { name: 'HOLIDAY' });
    expect(likeOwn.statusCode).toBe(409);
    expect(likeOwn.json().message).toBe(NAME_TAKEN);
  });

  it('an owner still cannot have two repositories of one name', async () => {
    const again = await owner.call('POST', '/api/repositories', { name: ' family ', currency: 'EUR' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NAME_TAKEN);
  });

  it('accepting an invite to a repository named like one of mine works, and the list tells them apart by owner', async () => {
    await createRepositoryAs(member, 'Twin');
    const other = await createTestUser(t, 'names-other@example.com');
    const otherId = await createRepositoryAs(other, 'Twin');
    await shareRepository(other, member, otherId, 1);

    const list = await member.call('GET', '/api/repositories');
    const sameName = (list.json() as { name: string; owner: string }[])
      .filter((repository) => repository.name === 'Twin')
      .map((repository) => repository.owner)
      .sort();
    expect(sameName).toEqual(['names-member@example.com', 'names-other@example.com']);
  });
});
