import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  setSubscription,
  shareRepository,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';

let t: TIdentityTestApp;
let owner: TTestUser;
let reader: TTestUser;
let repositoryId: string;

const widget = (id: string, kind: string, x = 0, w = 4) => ({
  id,
  kind,
  layout: { x, y: 0, w, h: 3 },
  settings: {},
});

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'dash-owner@example.com');
  reader = await createTestUser(t, 'dash-reader@example.com');
  repositoryId = await createRepositoryAs(owner, 'Dashboards');
  await shareRepository(owner, reader, repositoryId, 1);
});
afterAll(async () => {
  await t?.close();
});

describe('dashboard views', () => {
  it('starts every member with a desktop and a mobile overview of their own', async () => {
    const list = (await owner.call('GET', `/api/dashboard_views?repository_id=${repositoryId}`)).json();
    expect(list.map((view: { type: string; slug: string }) => `${view.type}/${view.slug}`)).toEqual([
      'desktop/overview',
      'mobile/overview',
    ]);
    expect(list[0].widgets.map((w: { kind: string }) => w.kind)).toContain('Value Change Snapshot');
    expect(list[1].widgets.every((w: { layout: { w: number } }) => w.layout.w === 4)).toBe(true);
    const theirs = (
      await reader.call('GET', `/api/dashboard_views?repository_id=${repositoryId}&type=mobile`)
    ).json();
    expect(theirs).toHaveLength(1);
    expect(theirs[0].id).not.toBe(list[1].id);
  });

  it('adds, renames with a free slug, saves widgets and deletes', async () => {
    const created = await owner.call('POST', '/api/dashboard_views', {
      repository_id: repositoryId,
      type: 'desktop',
      name: 'Overview',
      widgets: [widget('a', 'Value Pie', 8, 4)],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ slug: 'overview-2', position: 1 });
    const id = created.json().id;
    const renamed = await owner.call('PUT', `/api/dashboard_views/${id}`, {
      name: 'Private markets',
      widgets: [widget('a', 'Commitments', 0, 12), widget('b', 'IRR and MOIC', 0, 6)],
    });
    expect(renamed.json()).toMatchObject({ name: 'Private markets', slug: 'private-markets' });
    expect(renamed.json().widgets).toHaveLength(2);
    expect((await owner.call('DELETE', `/api/dashboard_views/${id}`)).json()).toEqual({
      message: 'Dashboard Private markets deleted',
    });
  });

  it('refuses bad layouts and unknown kinds with 400, and kinds outside the plan with 403', async () => {
    const bad = await owner.call('POST', '/api/dashboard_views', {
      repository_id: repositoryId,
      type: 'mobile',
      name: '',
      widgets: [widget('a', 'Value Pie', 2, 4), widget('b', 'Crystal Ball')],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fieldErrors).toEqual({
      name: ['Field is required'],
      'widgets.0.layout': ['Must fit the 4 columns of a mobile dashboard'],
      'widgets.1.kind': ['Unknown widget kind: Crystal Ball'],
    });
    const limited = await createTestUser(t, 'dash-collaborator@example.com');
    await setSubscription(t.app.db, limited.id, 'collaborator', 'active');
    await shareRepository(owner, limited, repositoryId, 1);
    const refused = await limited.call('POST', '/api/dashboard_views', {
      repository_id: repositoryId,
      type: 'desktop',
      name: 'Mine',
      widgets: [widget('a', 'Value Pie'), widget('b', 'Performance Pivot', 0, 12)],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: 'Performance Pivot is not available on your plan',
      details: { reason: 'PLAN_LIMIT', plan_id: 'collaborator', kinds: ['Performance Pivot'] },
    });
  });

  it("hides other members' dashboards", async () => {
    const mine = (await owner.call('GET', `/api/dashboard_views?repository_id=${repositoryId}`)).json()[0];
    expect((await reader.call('PUT', `/api/dashboard_views/${mine.id}`, { name: 'x' })).statusCode).toBe(404);
    expect((await reader.call('DELETE', `/api/dashboard_views/${mine.id}`)).statusCode).toBe(404);
  });
});
