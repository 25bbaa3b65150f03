import { ZWidgetPlanLimitDetails } from '@strata/contracts/dashboards';
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
let otherRepositoryId: string;

interface TView {
  id: string;
  repository_id: string;
  type: string;
  name: string;
  slug: string;
  position: number;
  widgets: Array<{
    id: string;
    kind: string;
    layout: Record<string, number>;
    settings: Record<string, unknown>;
  }>;
}

const widget = (id: string, kind: string, x = 0, w = 4, settings: Record<string, unknown> = {}) => ({
  id,
  kind,
  layout: { x, y: 0, w, h: 3 },
  settings,
});

const listUrl = (repository: string, type?: string) =>
  `/api/dashboard_views?repository_id=${repository}${type ? `&type=${type}` : ''}`;

async function list(user: TTestUser, repository = repositoryId, type?: string): Promise<TView[]> {
  const response = await user.call('GET', listUrl(repository, type));
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function create(user: TTestUser, body: Record<string, unknown>): Promise<TView> {
  const response = await user.call('POST', '/api/dashboard_views', {
    repository_id: repositoryId,
    type: 'desktop',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function countRows(userId: string): Promise<number> {
  const rows = await t.app.db
    .selectFrom('dashboard_views')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return rows.length;
}

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'dash-owner@example.com');
  reader = await createTestUser(t, 'dash-reader@example.com');
  repositoryId = await createRepositoryAs(owner, 'Dashboards');
  otherRepositoryId = await createRepositoryAs(owner, 'Elsewhere');
  await shareRepository(owner, reader, repositoryId, 1);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/dashboard_views', () => {
  it('starts every member with a desktop and a mobile overview of their own, once', async () => {
    const views = await list(owner);
    expect(views.map((view) => `${view.type}/${view.slug}/${view.name}`)).toEqual([
      'desktop/overview/Overview',
      'mobile/overview/Overview',
    ]);
    expect(views[0]?.widgets.map((w) => w.kind)).toEqual([
      'Value Change Snapshot',
      'Value Pie',
      'IRR and MOIC',
      'Value History Bars',
      'Income Table',
    ]);
    expect(views[1]?.widgets.every((w) => w.layout.x === 0 && w.layout.w === 4)).toBe(true);
    expect(views[0]?.widgets[0]?.settings).toMatchObject({ precision: 0, scope_id: 'repository' });
    expect((await list(owner)).map((view) => view.id)).toEqual(views.map((view) => view.id));

    const theirs = await list(reader, repositoryId, 'mobile');
    expect(theirs).toHaveLength(1);
    expect(theirs[0]?.id).not.toBe(views[1]?.id);
  });

  it('makes one starter set when two first reads arrive together', async () => {
    const member = await createTestUser(t, 'dash-twice@example.com');
    await shareRepository(owner, member, repositoryId, 2);
    const [a, b] = await Promise.all([list(member), list(member)]);
    expect(a.map((view) => view.id)).toEqual(b.map((view) => view.id));
    expect(await countRows(member.id)).toBe(2);
  });

  it("fills a plan's starter with the kinds it allows", async () => {
    const guest = await createTestUser(t, 'dash-guest@example.com');
    await setSubscription(t.app.db, guest.id, 'collaborator', 'active');
    await shareRepository(owner, guest, repositoryId, 1);
    const [desktop] = await list(guest, repositoryId, 'desktop');
    expect(desktop?.widgets.map((w) => w.kind)).toEqual(['Value Pie', 'Income Table', 'Value Table']);
  });

  it('brings back an overview of a type whose last dashboard was deleted, and only of that type', async () => {
    const member = await createTestUser(t, 'dash-reset@example.com');
    await shareRepository(owner, member, repositoryId, 1);
    const [desktop, mobile] = await list(member);
    await create(member, { name: 'Second desktop' });
    expect((await member.call('DELETE', `/api/dashboard_views/${mobile?.id}`)).statusCode).toBe(200);
    const after = await list(member);
    expect(after.map((view) => `${view.type}/${view.slug}`)).toEqual([
      'desktop/overview',
      'desktop/second-desktop',
      'mobile/overview',
    ]);
    expect(after[0]?.id).toBe(desktop?.id);
    expect(after[2]?.id).not.toBe(mobile?.id);
  });

  it('filters by type and refuses a bad query with 400', async () => {
    expect((await list(owner, repositoryId, 'desktop')).every((view) => view.type === 'desktop')).toBe(true);
    expect((await owner.call('GET', listUrl(repositoryId, 'tablet'))).statusCode).toBe(400);
    expect((await owner.call('GET', '/api/dashboard_views')).statusCode).toBe(400);
    expect((await owner.call('GET', listUrl('not-an-id'))).statusCode).toBe(400);
  });

  it("lists only the repository asked for: another repository's dashboards stay out", async () => {
    const here = await list(owner, repositoryId);
    const there = await list(owner, otherRepositoryId);
    expect(there.every((view) => view.repository_id === otherRepositoryId)).toBe(true);
    expect(there.some((view) => here.some((mine) => mine.id === view.id))).toBe(false);
    // The reader is no member of the other repository: as absent as a missing one.
    const leak = await reader.call('GET', listUrl(otherRepositoryId));
    expect(leak.statusCode).toBe(404);
    expect(leak.json().message).toBe('Repository not found');
  });
});

describe('POST /api/dashboard_views', () => {
  it('adds a dashboard with a slug from its name, at the end of its type', async () => {
    const before = await list(owner, repositoryId, 'desktop');
    const created = await create(owner, {
      name: '  Private Markets — Q1! ',
      widgets: [widget('a', 'Commitments', 0, 12, { title: 'Funds', precision: 2 })],
    });
    expect(created).toMatchObject({
      name: 'Private Markets — Q1!',
      slug: 'private-markets-q1',
      type: 'desktop',
      repository_id: repositoryId,
      position: Math.max(...before.map((view) => view.position)) + 1,
      widgets: [widget('a', 'Commitments', 0, 12, { title: 'Funds', precision: 2 })],
    });
    expect((await list(owner, repositoryId, 'desktop')).at(-1)?.id).toBe(created.id);
  });

  it('keeps slugs unique per user, repository and type', async () => {
    const first = await create(owner, { name: 'Income' });
    const second = await create(owner, { name: 'income' });
    const third = await create(owner, { name: 'INCOME!' });
    expect([first.slug, second.slug, third.slug]).toEqual(['income', 'income-2', 'income-3']);
    // The same name elsewhere takes the plain slug: another type, another user, another repository.
    expect((await create(owner, { name: 'Income', type: 'mobile' })).slug).toBe('income');
    expect((await create(reader, { name: 'Income' })).slug).toBe('income');
    expect((await create(owner, { name: 'Income', repository_id: otherRepositoryId })).slug).toBe('income');
    expect((await create(owner, { name: '!!!' })).slug).toBe('dashboard');
  });

  it('gives dashboards saved at the same instant with one name different slugs', async () => {
    const member = await createTestUser(t, 'dash-race@example.com');
    await shareRepository(owner, member, repositoryId, 1);
    const views = await Promise.all(Array.from({ length: 4 }, () => create(member, { name: 'Race' })));
    expect(views.map((view) => view.slug).sort()).toEqual(['race', 'race-2', 'race-3', 'race-4']);
  });

  it('refuses a bad name, layout, kind or settings with 400 naming each field, and writes nothing', async () => {
    const rows = await countRows(owner.id);
    const bad = await owner.call('POST', '/api/dashboard_views', {
      repository_id: repositoryId,
      type: 'mobile',
      name: ' ',
      widgets: [
        widget('a', 'Value Pie', 2, 4),
        widget('b', 'Crystal Ball'),
        widget('b', 'Value Table', 0, 4, { precision: 9, grouping: 'colour', colour: 'red' }),
        { ...widget('d', 'Value Pie'), layout: { x: 0, y: 0, w: 0, h: 3 } },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fieldErrors).toEqual({
      name: ['Field is required'],
      'widgets.0.layout': ['Must fit the 4 columns of a mobile dashboard (x + w at most 4)'],
      'widgets.1.kind': ['Unknown widget kind: Crystal Ball'],
      'widgets.2.id': ['Widget ids must be unique'],
      'widgets.2.settings.precision': ['Must be a whole number from 0 to 8'],
      'widgets.2.settings.grouping': ['Must be one of: account, asset, tag'],
      'widgets.2.settings.colour': ['Unknown setting'],
      'widgets.3.layout': ['x and y must be whole numbers from 0, w and h from 1'],
    });
    expect(bad.json().message).toContain('name: Field is required');
    const desktopTooWide = await owner.call('POST', '/api/dashboard_views', {
      repository_id: repositoryId,
      type: 'desktop',
      name: 'Wide',
      widgets: [widget('a', 'Value Table', 6, 8)],
    });
    expect(desktopTooWide.json().details.fieldErrors).toEqual({
      'widgets.0.layout': ['Must fit the 12 columns of a desktop dashboard (x + w at most 12)'],
    });
    const shapeless = await owner.call('POST', '/api/dashboard_views', {
      repository_id: repositoryId,
      type: 'tablet',
      name: 'Shapeless',
      widgets: [{ id: 'a', kind: 'Value Pie', layout: { x: 0 } }],
    });
    expect(shapeless.statusCode).toBe(400);
    expect(shapeless.json().details.fieldErrors).toHaveProperty('type');
    expect(await countRows(owner.id)).toBe(rows);
  });

  it("refuses kinds outside the caller's plan with 403 PLAN_LIMIT and the plan to upgrade to", async () => {
    const limited = await createTestUser(t, 'dash-collaborator@example.com');
    await setSubscription(t.app.db, limited.id, 'collaborator', 'active');
    await shareRepository(owner, limited, repositoryId, 1);
    await list(limited);
    const rows = await countRows(limited.id);
    const standardKind = await limited.call('POST', '/api/dashboard_views', {
      repository_id: repositoryId,
      type: 'desktop',
      name: 'Mine',
      widgets: [widget('a', 'Value Pie'), widget('b', 'Value Change Snapshot', 4, 4)],
    });
    expect(standardKind.statusCode).toBe(403);
    expect(standardKind.json()).toMatchObject({
      message: 'Value Change Snapshot is not available on your plan',
      details: {
        reason: 'PLAN_LIMIT',
        plan_id: 'collaborator',
        kinds: ['Value Change Snapshot'],
        upgrade_plan: 'standard',
        upgrade_message: 'These widgets are available on the Standard plan.',
      },
    });
    expect(ZWidgetPlanLimitDetails.safeParse(standardKind.json().details).success).toBe(true);
    const proKinds = await limited.call('POST', '/api/dashboard_views', {
      repository_id: repositoryId,
      type: 'desktop',
      name: 'Mine',
      widgets: [
        widget('a', 'Performance Pivot', 0, 12),
        widget('b', 'Value Change Snapshot'),
        widget('c', 'Performance Pivot', 0, 12),
      ],
    });
    expect(proKinds.json()).toMatchObject({
      message: 'Performance Pivot, Value Change Snapshot are not available on your plan',
      details: { kinds: ['Performance Pivot', 'Value Change Snapshot'], upgrade_plan: 'professional' },
    });
    expect(await countRows(limited.id)).toBe(rows);
    // The repository owner's larger plan does not lend its kinds: the dashboard is the caller's.
    expect((await create(limited, { name: 'Allowed', widgets: [widget('a', 'Value Table')] })).slug).toBe(
      'allowed',
    );
  });

  it('lets a read-only member and anyone on a read-only repository keep their own dashboards', async () => {
    const frozenId = await createRepositoryAs(owner, 'Frozen');
    await shareRepository(owner, reader, frozenId, 1);
    const frozen = await owner.call('PUT', `/api/repositories/${frozenId}`, { settings: { readonly: true } });
    expect(frozen.json().settings.readonly).toBe(true);
    for (const user of [owner, reader]) {
      const view = await create(user, { repository_id: frozenId, name: 'Still mine' });
      const saved = await user.call('PUT', `/api/dashboard_views/${view.id}`, {
        widgets: [widget('a', 'Value Table', 0, 12)],
      });
      expect(saved.statusCode).toBe(200);
      expect((await user.call('DELETE', `/api/dashboard_views/${view.id}`)).statusCode).toBe(200);
    }
    // A repository data write is still refused there: the exception is dashboards only.
    const tag = await owner.call('POST', '/api/tags', {
      repository_id: frozenId,
      tag_name: 'Region',
      tag_value: 'EU',
    });
    expect(tag.statusCode).toBe(403);
  });
});

describe('PUT /api/dashboard_views/:id', () => {
  it('renames (a new free slug), reorders and saves widgets with their settings', async () => {
    await create(owner, { name: 'Taken' });
    const view = await create(owner, { name: 'Draft' });
    const renamed = await owner.call('PUT', `/api/dashboard_views/${view.id}`, {
      name: 'Taken',
      position: 0,
      widgets: [
        widget('a', 'Value Pivot', 0, 12, {
          pivot: {
            rows: 'asset',
            columns: 'period',
            value: 'value_end',
            filter: { field: 'asset', values: ['X'] },
          },
        }),
        widget('b', 'Section Delimiter', 0, 12, { title: 'Income' }),
      ],
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Taken', slug: 'taken-2', position: 0 });
    const stored = (await list(owner, repositoryId, 'desktop')).find((item) => item.id === view.id);
    expect(stored?.widgets.map((w) => w.kind)).toEqual(['Value Pivot', 'Section Delimiter']);
    expect(stored?.widgets[0]?.settings).toEqual({
      pivot: {
        rows: 'asset',
        columns: 'period',
        value: 'value_end',
        filter: { field: 'asset', values: ['X'] },
      },
    });
    // Same name again keeps the slug; a name change of case only keeps its own slug free of suffixes.
    const same = await owner.call('PUT', `/api/dashboard_views/${view.id}`, { name: 'Taken' });
    expect(same.json().slug).toBe('taken-2');
    const cased = await owner.call('PUT', `/api/dashboard_views/${view.id}`, { name: 'TAKEN too' });
    expect(cased.json().slug).toBe('taken-too');
    // Leaving out widgets keeps them.
    expect(cased.json().widgets).toHaveLength(2);
  });

  it('refuses bad input with 400 and leaves the view unchanged', async () => {
    const view = await create(owner, {
      type: 'mobile',
      name: 'Phone',
      widgets: [widget('a', 'Value Pie', 0, 4)],
    });
    const bad = await owner.call('PUT', `/api/dashboard_views/${view.id}`, {
      name: '',
      widgets: [widget('a', 'Value Pie', 0, 12)],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fieldErrors).toEqual({
      name: ['Field is required'],
      'widgets.0.layout': ['Must fit the 4 columns of a mobile dashboard (x + w at most 4)'],
    });
    const negative = await owner.call('PUT', `/api/dashboard_views/${view.id}`, { position: -1 });
    expect(negative.statusCode).toBe(400);
    const after = (await list(owner, repositoryId, 'mobile')).find((item) => item.id === view.id);
    expect(after).toMatchObject({ name: 'Phone', widgets: [widget('a', 'Value Pie', 0, 4)] });
  });

  it('after a downgrade keeps the widgets already saved but refuses new kinds outside the plan', async () => {
    const member = await createTestUser(t, 'dash-downgrade@example.com');
    await shareRepository(owner, member, repositoryId, 2);
    const view = await create(member, { name: 'Pro', widgets: [widget('p', 'Performance Pivot', 0, 12)] });
    await setSubscription(t.app.db, member.id, 'collaborator', 'active');
    const moved = await member.call('PUT', `/api/dashboard_views/${view.id}`, {
      widgets: [
        { ...widget('p', 'Performance Pivot', 0, 12), layout: { x: 0, y: 4, w: 12, h: 6 } },
        widget('t', 'Value Table', 0, 12),
      ],
    });
    expect(moved.statusCode).toBe(200);
    const added = await member.call('PUT', `/api/dashboard_views/${view.id}`, {
      widgets: [widget('p', 'Performance Pivot', 0, 12), widget('c', 'Commitments', 0, 12)],
    });
    expect(added.statusCode).toBe(403);
    expect(added.json().details).toMatchObject({ reason: 'PLAN_LIMIT', kinds: ['Commitments'] });
    // Turning a saved widget into another kind is adding that kind.
    const swapped = await member.call('PUT', `/api/dashboard_views/${view.id}`, {
      widgets: [widget('p', 'IRR and MOIC', 0, 12)],
    });
    expect(swapped.json().details).toMatchObject({ kinds: ['IRR and MOIC'], upgrade_plan: 'standard' });
  });
});

describe("another user's dashboards", () => {
  it('are 404 to every other user, member or not, and stay unchanged', async () => {
    const [mine] = await list(owner);
    const stranger = await createTestUser(t, 'dash-stranger@example.com');
    for (const user of [reader, stranger]) {
      const put = await user.call('PUT', `/api/dashboard_views/${mine?.id}`, { name: 'x' });
      expect(put.statusCode).toBe(404);
      expect(put.json().message).toBe('Dashboard not found');
      expect((await user.call('DELETE', `/api/dashboard_views/${mine?.id}`)).statusCode).toBe(404);
    }
    expect((await list(reader)).some((view) => view.id === mine?.id)).toBe(false);
    expect((await list(owner)).find((view) => view.id === mine?.id)?.name).toBe('Overview');
  });

  it('answers 404 for a missing id, 400 for a malformed one', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await owner.call('PUT', `/api/dashboard_views/${missing}`, { name: 'x' })).statusCode).toBe(404);
    expect((await owner.call('DELETE', `/api/dashboard_views/${missing}`)).statusCode).toBe(404);
    expect((await owner.call('DELETE', '/api/dashboard_views/nope')).statusCode).toBe(400);
  });

  it('are gone for a member who leaves: their own views of that repository answer 404', async () => {
    const leaver = await createTestUser(t, 'dash-leaver@example.com');
    await shareRepository(owner, leaver, repositoryId, 1);
    const view = await create(leaver, { name: 'Before leaving' });
    const left = await owner.call(
      'DELETE',
      `/api/collaborators/${encodeURIComponent(leaver.email)}?repository_id=${repositoryId}`,
    );
    expect(left.statusCode, left.body).toBe(200);
    expect((await leaver.call('PUT', `/api/dashboard_views/${view.id}`, { name: 'x' })).statusCode).toBe(404);
    expect((await leaver.call('GET', listUrl(repositoryId))).statusCode).toBe(404);
  });
});

describe('DELETE /api/dashboard_views/:id', () => {
  it('deletes only that view', async () => {
    const view = await create(owner, { name: 'Short lived' });
    const before = await countRows(owner.id);
    expect((await owner.call('DELETE', `/api/dashboard_views/${view.id}`)).json()).toEqual({
      message: 'Dashboard Short lived deleted',
    });
    expect(await countRows(owner.id)).toBe(before - 1);
    expect((await owner.call('DELETE', `/api/dashboard_views/${view.id}`)).statusCode).toBe(404);
  });

  it("goes with the repository: deleting it removes every member's dashboards of it", async () => {
    const doomedId = await createRepositoryAs(reader, 'Doomed dashboards');
    await list(reader, doomedId);
    expect((await reader.call('DELETE', `/api/repositories/${doomedId}`)).statusCode).toBe(200);
    const left = await t.app.db
      .selectFrom('dashboard_views')
      .select('id')
      .where('repository_id', '=', doomedId)
      .execute();
    expect(left).toEqual([]);
  });
});
