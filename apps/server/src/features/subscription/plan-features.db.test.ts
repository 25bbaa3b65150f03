import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  setSubscription,
  shareRepository,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { routePlanFeaturesPlugin } from './route-plan-features.ts';

// Which plan decides a feature inside a repository: the owner's (docs/repositories.md, "Plan features").
let t: TIdentityTestApp;
let pro: TTestUser;
let adviser: TTestUser;

beforeAll(async () => {
  t = await createIdentityTestApp();
  pro = await createTestUser(t, 'features-pro@example.com');
  adviser = await createTestUser(t, 'features-adviser@example.com');
});
afterAll(async () => {
  await t?.close();
});

describe('plan features follow the repository owner', () => {
  it('a member on the Collaborator plan uses documents and contacts in a PRO owner’s repository', async () => {
    const repositoryId = await createRepositoryAs(pro, 'Family office');
    await shareRepository(pro, adviser, repositoryId, 2);
    await setSubscription(t.app.db, adviser.id, 'collaborator', 'active');

    const contact = await adviser.call('POST', '/api/contact_info', {
      repository_id: repositoryId,
      name: 'Fund administrator',
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const documents = await adviser.call('GET', `/api/documents?repository_id=${repositoryId}`);
    expect(documents.statusCode, documents.body).toBe(200);
  });

  it('a PRO member is refused documents in a Collaborator-plan owner’s repository, with the upgrade named', async () => {
    const owner = await createTestUser(t, 'features-small-owner@example.com');
    const member = await createTestUser(t, 'features-pro-member@example.com');
    const repositoryId = await createRepositoryAs(owner, 'Small');
    await shareRepository(owner, member, repositoryId, 2);
    await setSubscription(t.app.db, owner.id, 'collaborator', 'active');

    const response = await member.call('GET', `/api/documents?repository_id=${repositoryId}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'Documents is not included in the Collaborator plan.',
      details: {
        reason: 'PLAN_FEATURE',
        feature: 'documents',
        plan_id: 'collaborator',
        upgrade_plan: 'standard',
        upgrade_message: 'You can use Documents on the Standard plan.',
      },
    });
  });

  it('a stranger still gets 404, not the plan answer, for a repository they cannot see', async () => {
    const owner = await createTestUser(t, 'features-hidden-owner@example.com');
    const stranger = await createTestUser(t, 'features-stranger@example.com');
    const repositoryId = await createRepositoryAs(owner, 'Hidden');
    await setSubscription(t.app.db, owner.id, 'collaborator', 'active');

    const response = await stranger.call('GET', `/api/repositories/${repositoryId}/export`);
    expect(response.statusCode).toBe(404);
  });

  it('a repository import (file_upload) follows the caller’s own plan', async () => {
    const solo = await createTestUser(t, 'features-solo@example.com');
    await setSubscription(t.app.db, solo.id, 'collaborator', 'active');
    const response = await solo.call('POST', '/api/file_upload', {
      type: 'repository',
      repoName: 'Imported',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Repository import is not included in the Collaborator plan.');
  });
});

describe('every /api route states its plan rule', () => {
  it('refuses to register a route that is neither mapped to a feature nor declared free', async () => {
    const app = Fastify();
    const starting = (async () => {
      await app.register(routePlanFeaturesPlugin);
      await app.register(async (api) => {
        api.get('/api/forgotten', async () => ({}));
      });
      await app.ready();
    })();
    await expect(starting).rejects.toThrow(
      'GET /api/forgotten has no plan rule: map it to a plan feature or declare it free in route-plan-features.ts',
    );
    await app.close().catch(() => undefined);
  });
});
