import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAdminCommand, type TAdminContext } from '../../admin/admin-commands.ts';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';

let t: TIdentityTestApp;
let user: TTestUser;

beforeAll(async () => {
  t = await createIdentityTestApp();
  user = await createTestUser(t, 'subscriber@example.com');
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const admin = (argv: string[]) =>
  runAdminCommand(argv, async () => ({
    ...({ db: t.app.db, auth: t.auth } as TAdminContext),
    close: async () => {},
  }));

describe('GET /api/subscription', () => {
  it('gives a new user the default: professional (PRO), active, self-hosted', async () => {
    const response = await user.call('GET', '/api/subscription');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'active',
      is_active: true,
      provider: 'self-hosted',
      plan: {
        plan_id: 'professional',
        period_unit: 'month',
        plan_schema: { name: 'PRO', max_repos_number: 25 },
      },
    });
  });

  it('follows DEFAULT_PLAN and DEFAULT_SUBSCRIPTION_STATUS for users without a record', async () => {
    vi.stubEnv('DEFAULT_PLAN', 'standard');
    vi.stubEnv('DEFAULT_SUBSCRIPTION_STATUS', 'in_trial');
    const fresh = await createTestUser(t, 'default-env@example.com');
    expect((await fresh.call('GET', '/api/subscription')).json()).toMatchObject({
      status: 'in_trial',
      is_active: true,
      plan: { plan_id: 'standard' },
    });
    vi.stubEnv('DEFAULT_SUBSCRIPTION_STATUS', 'inactive');
    expect((await fresh.call('POST', '/api/repositories', { name: 'Nope' })).statusCode).toBe(402);
  });
});

describe('plans and hosted page', () => {
  it('lists the plans of config/plans.json', async () => {
    const plans = (await user.call('GET', '/api/subscription/plans')).json();
    expect(plans.map((plan: { id: string }) => plan.id)).toEqual([
      'professional',
      'standard',
      'collaborator',
    ]);
  });

  it('has no hosted page on the self-hosted provider', async () => {
    expect((await user.call('GET', '/api/subscription/hosted_page_session')).json()).toMatchObject({
      provider: 'self-hosted',
      url: null,
    });
  });
});

describe('POST /api/subscription/switch_plan', () => {
  it('a downgrade must name the repositories to deactivate, which become read-only', async () => {
    const ids = [
      await createRepositoryAs(user, 'R1'),
      await createRepositoryAs(user, 'R2'),
      await createRepositoryAs(user, 'R3'),
      await createRepositoryAs(user, 'R4'),
    ];
    const refused = await user.call('POST', '/api/subscription/switch_plan', {
      plan_id: 'standard',
      period_unit: 'month',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toMatchObject({ max_repos_number: 3, needed: 1 });
    const switched = await user.call('POST', '/api/subscription/switch_plan', {
      plan_id: 'standard',
      period_unit: 'year',
      deactivated_repositories: [ids[3]],
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().plan).toMatchObject({ plan_id: 'standard', period_unit: 'year', price: '90.00' });
    const list = (await user.call('GET', '/api/repositories')).json();
    expect(list.find((r: { id: string }) => r.id === ids[3]).settings.readonly).toBe(true);
    // Lifting read-only would exceed the plan again.
    const lift = await user.call('PUT', `/api/repositories/${ids[3]}`, { settings: { readonly: false } });
    expect(lift.statusCode).toBe(403);
    expect(lift.json().message).toBe('You have reached the maximum number of 3 repositories.');
  });

  it('refuses an unknown plan', async () => {
    const response = await user.call('POST', '/api/subscription/switch_plan', {
      plan_id: 'gold',
      period_unit: 'month',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('npm run admin -- set-plan', () => {
  it('sets plan and status, keeps the status when none is given, and rejects bad input', async () => {
    const operator = await createTestUser(t, 'operated@example.com');
    expect(
      await admin([
        'set-plan',
        '--email',
        'operated@example.com',
        '--plan',
        'standard',
        '--status',
        'paused',
      ]),
    ).toBe('operated@example.com is now on plan standard with status paused.');
    expect((await operator.call('GET', '/api/subscription')).json()).toMatchObject({
      status: 'paused',
      is_active: false,
    });
    await admin(['set-plan', '--email', 'operated@example.com', '--plan', 'professional']);
    expect((await operator.call('GET', '/api/subscription')).json()).toMatchObject({
      status: 'paused',
      plan: { plan_id: 'professional' },
    });
    await expect(admin(['set-plan', '--email', 'nobody@example.com', '--plan', 'standard'])).rejects.toThrow(
      'no user with e-mail nobody@example.com',
    );
    await expect(admin(['set-plan', '--email', 'operated@example.com', '--plan', 'gold'])).rejects.toThrow(
      'unknown plan',
    );
    await expect(
      admin(['set-plan', '--email', 'operated@example.com', '--plan', 'standard', '--status', 'frozen']),
    ).rejects.toThrow('unknown status');
    expect(await admin(['help'])).toContain('set-plan --email E --plan P');
  });
});
