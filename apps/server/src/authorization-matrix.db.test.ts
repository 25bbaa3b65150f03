import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listApiRoutes } from './build-app.ts';
import { analyticsMatrix } from './features/analytics/analytics.matrix.fixture.ts';
import { assetPricesMatrix } from './features/asset-prices/asset-prices.matrix.fixture.ts';
import { assetsMatrix } from './features/assets/assets.matrix.fixture.ts';
import { assistantMatrix } from './features/assistant/assistant.matrix.fixture.ts';
import { authProvidersMatrix } from './features/auth/auth-providers.matrix.fixture.ts';
import { createIdentityTestApp, type TIdentityTestApp } from './features/auth/testing/identity-test-app.ts';
import { chatMatrix } from './features/chat/chat.matrix.fixture.ts';
import { clientConfigMatrix } from './features/client-config/client-config.matrix.fixture.ts';
import { collaborationMatrix } from './features/collaboration/collaboration.matrix.fixture.ts';
import { contactsMatrix } from './features/contacts/contacts.matrix.fixture.ts';
import { dashboardsMatrix } from './features/dashboards/dashboards.matrix.fixture.ts';
import { documentsMatrix } from './features/documents/documents.matrix.fixture.ts';
import { journalImportsMatrix } from './features/journal-imports/journal-imports.matrix.fixture.ts';
import { linkedBalancesMatrix } from './features/linked-data/linked-balances.matrix.fixture.ts';
import { linkedConnectorsMatrix } from './features/linked-data/linked-connectors.matrix.fixture.ts';
import { linkedDataMatrix } from './features/linked-data/linked-data.matrix.fixture.ts';
import { linkedPositionsMatrix } from './features/linked-data/linked-positions.matrix.fixture.ts';
import { linkedTransactionsMatrix } from './features/linked-data/linked-transactions.matrix.fixture.ts';
import { linkedProvidersMatrix } from './features/linked-data/providers/linked-providers.matrix.fixture.ts';
import { marketDataMatrix } from './features/market-data/market-data.matrix.fixture.ts';
import { repositoriesMatrix } from './features/repositories/repositories.matrix.fixture.ts';
import { importRepository } from './features/repositories/repository-transfer.ts';
import {
  anonymousCall,
  createRepositoryAs,
  createTestUser,
  setSubscription,
  shareRepository,
  type TTestUser,
} from './features/repositories/testing/repository-test-kit.ts';
import { rulesMatrix } from './features/rules/rules.matrix.fixture.ts';
import { searchMatrix } from './features/search/search.matrix.fixture.ts';
import { ROUTE_PLAN_RULES } from './features/subscription/route-plan-features.ts';
import { subscriptionMatrix } from './features/subscription/subscription.matrix.fixture.ts';
import { tagsMatrix } from './features/tags/tags.matrix.fixture.ts';
import { tasksMatrix } from './features/tasks/tasks.matrix.fixture.ts';
import { transactionsMatrix } from './features/transactions/transactions.matrix.fixture.ts';
import { uploadsMatrix } from './features/uploads/uploads.matrix.fixture.ts';
import { userSettingsMatrix } from './features/user-settings/user-settings.matrix.fixture.ts';
import {
  PERSONAS,
  type TMatrixCase,
  type TPersona,
  type TPlanExpected,
  type TScene,
} from './testing/authorization-matrix/matrix-kit.ts';

/**
 * The authorization matrix: every /api route (read from the server's route table) × every persona →
 * the expected status. A route without a case fails the test, so a new route must say who may call it:
 * add the feature's `<feature>.matrix.fixture.ts` to MATRIX below. Each case runs on a fresh scene, so mutating
 * calls do not leak.
 */
const MATRIX: TMatrixCase[] = [
  ...authProvidersMatrix,
  ...userSettingsMatrix,
  ...repositoriesMatrix,
  ...collaborationMatrix,
  ...subscriptionMatrix,
  ...tasksMatrix,
  ...uploadsMatrix,
  ...assetsMatrix,
  ...assetPricesMatrix,
  ...tagsMatrix,
  ...transactionsMatrix,
  ...analyticsMatrix,
  ...dashboardsMatrix,
  ...contactsMatrix,
  ...documentsMatrix,
  ...linkedDataMatrix,
  ...linkedConnectorsMatrix,
  ...rulesMatrix,
  ...linkedTransactionsMatrix,
  ...linkedPositionsMatrix,
  ...searchMatrix,
  ...marketDataMatrix,
  ...linkedProvidersMatrix,
  ...linkedBalancesMatrix,
  ...journalImportsMatrix,
  ...assistantMatrix,
  ...clientConfigMatrix,
  ...chatMatrix,
];

/** Routes outside the matrix: better-auth's own (tested in features/auth) and the OpenAPI documents. */
function isExempt(route: { method: string; url: string }): boolean {
  return (
    route.method === 'HEAD' ||
    route.method === 'OPTIONS' ||
    route.url === '/api/docs' ||
    route.url.startsWith('/api/docs/') ||
    route.url.startsWith('/api/auth/')
  );
}

let t: TIdentityTestApp;
let users: TScene['users'];
let outsider: TTestUser;
let secret: { id: string; name: string; fileKey: string };
let caseNumber = 0;

beforeAll(async () => {
  t = await createIdentityTestApp();
  users = {
    stranger: await createTestUser(t, 'matrix-stranger@example.com'),
    reader: await createTestUser(t, 'matrix-reader@example.com'),
    writer: await createTestUser(t, 'matrix-writer@example.com'),
    owner: await createTestUser(t, 'matrix-owner@example.com'),
    inactive: await createTestUser(t, 'matrix-inactive@example.com'),
  };
  await setSubscription(t.app.db, users.inactive.id, 'professional', 'cancelled');
  // Another user's repository whose id and name must never show up in any answer.
  outsider = await createTestUser(t, 'matrix-outsider@example.com');
  secret = { name: 'SECRET-outsider-repository', id: '', fileKey: '' };
  secret.id = await createRepositoryAs(outsider, secret.name);
  const secretFile = await outsider.call('POST', '/api/documents', {
    repository_id: secret.id,
    name: 'SECRET file',
    source: 'file',
    filename: 'secret.pdf',
    content_type: 'application/pdf',
  });
  if (secretFile.statusCode !== 201) throw new Error(`outsider file: ${secretFile.body}`);
  secret.fileKey = secretFile.json().file;
});
afterAll(async () => {
  await t?.close();
});

async function createScene(): Promise<TScene> {
  caseNumber += 1;
  const unique = `matrix-case-${caseNumber}`;
  // Earlier scenes are gone, so the owner never meets the plan's repository limit.
  await t.app.db.deleteFrom('repositories').where('id', '!=', secret.id).execute();
  const repositoryId = await createRepositoryAs(users.owner, `Scene ${caseNumber}`);
  await shareRepository(users.owner, users.reader, repositoryId, 1);
  await shareRepository(users.owner, users.writer, repositoryId, 2);
  await shareRepository(users.owner, users.inactive, repositoryId, 2);
  const invite = await users.owner.call('POST', '/api/invites', {
    email: users.stranger.email,
    access_type: 1,
    repository_id: repositoryId,
  });
  if (invite.statusCode !== 201) throw new Error(`scene invite failed: ${invite.body}`);
  return {
    repositoryId,
    inviteId: invite.json().id,
    users,
    unique,
    outsiderFileKey: secret.fileKey,
    importAs: async (user, name, data) =>
      (await importRepository(t.app.db, t.app.fileStore, { userId: user.id, name, data })).repositoryId,
    db: t.app.db,
    fileStore: t.app.fileStore,
  };
}

function callAs(persona: TPersona) {
  return persona === 'anonymous' ? anonymousCall(t) : users[persona].call;
}

describe('authorization matrix', () => {
  it('has a case for every /api route, and every case names a real route', () => {
    const routes = listApiRoutes(t.app).filter((route) => !isExempt(route));
    const key = (method: string, url: string) => `${method} ${url}`;
    const covered = new Set(MATRIX.map((entry) => key(entry.method, entry.route)));
    const registered = new Set(routes.map((route) => key(route.method, route.url)));
    expect(
      [...registered].filter((route) => !covered.has(route)),
      'routes without a matrix case',
    ).toEqual([]);
    expect(
      [...covered].filter((route) => !registered.has(route)),
      'matrix cases without a route',
    ).toEqual([]);
  });

  for (const entry of MATRIX) {
    const name = `${entry.method} ${entry.route}${entry.label ? ` (${entry.label})` : ''}`;
    it.each(PERSONAS.map((persona) => [persona, entry.expected[persona]] as const))(
      `${name} as %s → %i`,
      async (persona, status) => {
        const scene = await createScene();
        const { url, body } = await entry.request(scene);
        const response: LightMyRequestResponse = await callAs(persona)(entry.method, url, body);
        expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
        expect(response.body).not.toContain(secret.id);
        expect(response.body).not.toContain(secret.name);
      },
    );
  }

  it('has plan rows exactly for the routes that need a plan feature', () => {
    const gated = Object.entries(ROUTE_PLAN_RULES)
      .filter(([, rule]) => rule !== 'free')
      .map(([route]) => route)
      .sort();
    const withRows = [
      ...new Set(MATRIX.filter((entry) => entry.byPlan).map((entry) => `${entry.method} ${entry.route}`)),
    ].sort();
    expect(withRows).toEqual(gated);
  });

  // Plan × route: the owner (plan holder of their repository, and caller of file_upload) on each plan.
  for (const entry of MATRIX.filter((candidate) => candidate.byPlan)) {
    const byPlan = entry.byPlan as TPlanExpected;
    const name = `${entry.method} ${entry.route}${entry.label ? ` (${entry.label})` : ''}`;
    it.each(Object.entries(byPlan))(`${name} with the owner on the %s plan → %i`, async (planId, status) => {
      const scene = await createScene();
      // Prepared on the default plan: the preparation may itself use the feature.
      const { url, body } = await entry.request(scene);
      await setSubscription(t.app.db, users.owner.id, planId, 'active');
      try {
        const response = await users.owner.call(entry.method, url, body);
        expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
        if (status === 403) {
          expect(response.json()).toMatchObject({
            code: 'FORBIDDEN',
            details: { reason: 'PLAN_FEATURE', plan_id: planId, upgrade_plan: 'standard' },
          });
        }
      } finally {
        await setSubscription(t.app.db, users.owner.id, 'professional', 'active');
      }
    });
  }
});
