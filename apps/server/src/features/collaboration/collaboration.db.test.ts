import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  shareRepository,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';

let t: TIdentityTestApp;
let owner: TTestUser;
let ann: TTestUser;
let ben: TTestUser;
let repositoryId: string;

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'co-owner@example.com');
  ann = await createTestUser(t, 'ann@example.com');
  ben = await createTestUser(t, 'ben@example.com');
  repositoryId = await createRepositoryAs(owner, 'Shared');
});
afterAll(async () => {
  await t?.close();
});

const invite = (by: TTestUser, email: string, accessType: number, id = repositoryId) =>
  by.call('POST', '/api/invites', { email, access_type: accessType, repository_id: id });
const countOf = async (user: TTestUser) =>
  (await user.call('GET', '/api/repositories')).json().find((r: { id: string }) => r.id === repositoryId)
    ?.collaborators_count;

describe('invites', () => {
  it('invites, refuses a second invite, lists it to the addressee, and accepting makes a member', async () => {
    const first = await invite(owner, 'Ann@Example.com', 2);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      email: 'ann@example.com',
      status: 'pending',
      accepted: false,
      access_type: 2,
    });
    const again = await invite(owner, 'ann@example.com', 1);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('User ann@example.com was already invited');

    const mine = (await ann.call('GET', '/api/invites')).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ repository_name: 'Shared', invited_by: 'co-owner@example.com' });
    expect((await ben.call('GET', '/api/invites')).json()).toEqual([]);
    expect((await ben.call('PUT', `/api/invites/${mine[0].id}/accept`)).statusCode).toBe(404);

    const accepted = await ann.call('PUT', `/api/invites/${mine[0].id}/accept`);
    expect(accepted.json()).toMatchObject({ status: 'accepted', accepted: true });
    expect((await ann.call('PUT', `/api/invites/${mine[0].id}/accept`)).statusCode).toBe(409);
    expect(await countOf(owner)).toBe(1);
    expect(await countOf(ann)).toBe(1);

    const member = await invite(owner, 'ann@example.com', 1);
    expect(member.statusCode).toBe(409);
    expect(member.json().message).toBe('User ann@example.com is already a collaborator');
    const self = await invite(owner, 'co-owner@example.com', 1);
    expect(self.json().message).toBe('User co-owner@example.com is already a collaborator');
  });

  it('never grants the owner level and validates the fields', async () => {
    const owner3 = await invite(owner, 'x@example.com', 3);
    expect(owner3.statusCode).toBe(400);
    expect(owner3.json().details.fieldErrors.access_type).toEqual(['Must be one of: 1, 2']);
    const empty = await owner.call('POST', '/api/invites', {
      email: '',
      access_type: 1,
      repository_id: repositoryId,
    });
    expect(empty.json().details.fieldErrors.email).toEqual(['Field is required']);
  });

  it('a declined user can be invited again', async () => {
    const first = await invite(owner, 'ben@example.com', 1);
    const declined = await ben.call('PUT', `/api/invites/${first.json().id}/decline`);
    expect(declined.json().status).toBe('declined');
    const collaborators = (
      await owner.call('GET', `/api/collaborators?repository_id=${repositoryId}`)
    ).json();
    expect(collaborators.find((row: { email: string }) => row.email === 'ben@example.com').status).toBe(
      'declined',
    );
    const again = await invite(owner, 'ben@example.com', 2);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ status: 'pending', access_type: 2 });
    expect((await ben.call('DELETE', `/api/invites/${again.json().id}`)).statusCode).toBe(200);
    expect((await ben.call('GET', '/api/invites')).json()).toEqual([]);
  });
});

describe('collaborators', () => {
  it('lists the owner without a status, members as accepted, open invites as pending', async () => {
    await invite(owner, 'later@example.com', 1);
    const rows = (await ann.call('GET', `/api/collaborators?repository_id=${repositoryId}`)).json();
    expect(rows).toEqual([
      { id: owner.id, email: owner.email, user: owner.id, access_type: 3, status: null, is_owner: true },
      { id: ann.id, email: ann.email, user: ann.id, access_type: 2, status: 'accepted', is_owner: false },
      expect.objectContaining({ email: 'later@example.com', user: null, access_type: 1, status: 'pending' }),
    ]);
  });

  it('the owner changes access by e-mail or id; the owner row is fixed; others may not', async () => {
    const byEmail = await owner.call('PUT', `/api/collaborators/${ann.email}`, {
      repository_id: repositoryId,
      access_type: 1,
    });
    expect(byEmail.json()).toEqual({ message: 'Access rights have been successfully changed' });
    const writeAttempt = await ann.call('PUT', `/api/repositories/${repositoryId}/user_repo_settings`, {
      periods: 3,
    });
    expect(writeAttempt.statusCode).toBe(200);
    const byId = await owner.call('PUT', `/api/collaborators/${ann.id}`, {
      repository_id: repositoryId,
      access_type: 2,
    });
    expect(byId.statusCode).toBe(200);
    const ownerRow = await owner.call('PUT', `/api/collaborators/${owner.id}`, {
      repository_id: repositoryId,
      access_type: 1,
    });
    expect(ownerRow.statusCode).toBe(403);
    const notOwner = await ann.call('PUT', `/api/collaborators/${ann.id}`, {
      repository_id: repositoryId,
      access_type: 2,
    });
    expect(notOwner.statusCode).toBe(403);
    const toOwner = await owner.call('PUT', `/api/collaborators/${ann.id}`, {
      repository_id: repositoryId,
      access_type: 3,
    });
    expect(toOwner.statusCode).toBe(400);
    const unknown = await owner.call('PUT', '/api/collaborators/nobody@example.com', {
      repository_id: repositoryId,
      access_type: 1,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('a member unlinks themselves; removing another is the owner’s; the owner cannot leave', async () => {
    const carl = await createTestUser(t, 'carl@example.com');
    await shareRepository(owner, carl, repositoryId, 1);
    expect(await countOf(owner)).toBe(2);
    const removeOther = await carl.call(
      'DELETE',
      `/api/collaborators/${ann.id}?repository_id=${repositoryId}`,
    );
    expect(removeOther.statusCode).toBe(403);
    const unlink = await carl.call(
      'DELETE',
      `/api/collaborators/${carl.email}?repository_id=${repositoryId}`,
    );
    expect(unlink.json()).toEqual({ message: 'Shared repository unlinked' });
    expect((await carl.call('GET', '/api/repositories')).json()).toEqual([]);
    expect(await countOf(owner)).toBe(1);
    const ownerLeaves = await owner.call(
      'DELETE',
      `/api/collaborators/${owner.id}?repository_id=${repositoryId}`,
    );
    expect(ownerLeaves.statusCode).toBe(403);
    const removed = await owner.call('DELETE', `/api/collaborators/${ann.id}?repository_id=${repositoryId}`);
    expect(removed.statusCode).toBe(200);
    expect(await countOf(owner)).toBe(0);
    // A removed member can be invited again.
    expect((await invite(owner, ann.email, 1)).statusCode).toBe(201);
  });

  it('the owner withdraws an invite through DELETE /collaborators or /invites', async () => {
    const withdrawn = await owner.call(
      'DELETE',
      `/api/collaborators/later@example.com?repository_id=${repositoryId}`,
    );
    expect(withdrawn.statusCode).toBe(200);
    const fresh = await invite(owner, 'dora@example.com', 1);
    const asStranger = await ben.call('DELETE', `/api/invites/${fresh.json().id}`);
    expect(asStranger.statusCode).toBe(404);
    expect((await owner.call('DELETE', `/api/invites/${fresh.json().id}`)).statusCode).toBe(200);
  });
});
