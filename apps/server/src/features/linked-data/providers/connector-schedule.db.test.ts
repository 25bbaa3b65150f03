import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  shareRepository,
  type TTestUser,
} from '../../repositories/testing/repository-test-kit.ts';
import { taskQueueOf } from '../../tasks/index.ts';
import { createTasksTestApp } from '../../tasks/testing/tasks-test-app.ts';
import { createProviderRegistry } from './provider-registry.ts';
import { createProviderSchedules, type TProviderSchedules } from './provider-schedule.ts';
import {
  PLAID_ERRORS,
  startPlaidServer,
  type TPlaidItem,
  type TPlaidServer,
} from './testing/plaid-protocol-server.ts';

// Scheduled syncs of a provider connector (issue 24) against the local Plaid (API 2020-09-14): off by default,
// set by writers, the scheduler's tick driven with a given `now` (as the pg-boss cron job calls it with the
// clock), one sync per due connector however many workers tick, backoff after failures, and no retry of a
// connector whose login the bank refused until it is re-linked and synced.

const HOUR = 3_600_000;
const KEY = Buffer.alloc(32, 5).toString('base64');

let t: TIdentityTestApp;
let plaid: TPlaidServer;
let owner: TTestUser;
let reader: TTestUser;
let home: string;
let connectorId: string;
let item: TPlaidItem;
let scheduler: TProviderSchedules;
/** A second worker's scheduler: its own registry on the same database. */
let otherScheduler: TProviderSchedules;

const runSyncs = () => t.app.jobs.runPending(taskQueueOf('sync_linked_account'));

interface TScheduleAnswer {
  schedule: string;
  every_hours: number | null;
  next_sync_at: string | null;
  last_synced_at: string | null;
  failures: number;
  is_login_required: boolean;
}

async function scheduleOf(): Promise<TScheduleAnswer> {
  const answer = await owner.call('GET', `/api/linked_data/connectors/${connectorId}/schedule`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function syncTasks() {
  return (
    t.app.db
      .selectFrom('tasks')
      .select(['id', 'status', 'user_id', 'payload', 'error'])
      // The connector's first fetch is its link ('link account'), then each sync.
      .where('type', 'in', ['link_account', 'sync_linked_account'])
      .where('repository_id', '=', home)
      .orderBy('created_at')
      .execute()
  );
}

beforeAll(async () => {
  plaid = await startPlaidServer();
  const env = {
    PLAID_CLIENT_ID: plaid.clientId,
    PLAID_SECRET: plaid.secret,
    PLAID_BASE_URL: plaid.url,
    CONNECTOR_SECRETS_KEY: KEY,
    PROVIDER_RETRIES: '1',
    PROVIDER_RETRY_BASE_MS: '1',
    PROVIDER_RETRY_MAX_MS: '5',
  };
  t = await createTasksTestApp({ isWorker: false, env });
  const make = () =>
    createProviderSchedules({
      db: t.app.db,
      tasks: t.app.tasks,
      providers: createProviderRegistry(t.app.config),
    });
  scheduler = make();
  otherScheduler = make();
  owner = await createTestUser(t, 'schedule-owner@example.com');
  reader = await createTestUser(t, 'schedule-reader@example.com');
  home = await createRepositoryAs(owner, 'Scheduled bank');
  await shareRepository(owner, reader, home, 1);

  const added = plaid.addItem({
    accounts: [
      {
        account_id: 'acc-chk',
        name: 'Plaid Checking',
        mask: '0000',
        type: 'depository',
        subtype: 'checking',
        balances: { available: 1, current: 1, iso_currency_code: 'USD', unofficial_currency_code: null },
      },
    ],
    pages: [{ added: [] }],
  });
  item = added.item;
  const made = await owner.call('POST', '/api/linked_data/connectors', {
    repository_id: home,
    name: 'Platypus Bank',
    access_method: 'plaid',
    public_token: added.publicToken,
  });
  expect(made.statusCode, made.body).toBe(201);
  connectorId = made.json().id;
  expect(await t.app.jobs.runPending(taskQueueOf('link_account'))).toBe(1);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await plaid?.close();
});

describe('a connector sync schedule', () => {
  it('is off by default: the scheduler never queues it', async () => {
    const schedule = await scheduleOf();
    expect(schedule).toMatchObject({
      schedule: 'off',
      every_hours: null,
      next_sync_at: null,
      failures: 0,
      is_login_required: false,
    });
    expect(schedule.last_synced_at).not.toBeNull();
    const yearLater = new Date(Date.now() + 365 * 24 * HOUR);
    expect(await scheduler.queueDue(yearLater)).toEqual({ queued: [], skipped: [] });
    expect(await syncTasks()).toHaveLength(1);
  });

  it('is set by writers only, and every N hours needs N', async () => {
    const url = `/api/linked_data/connectors/${connectorId}/schedule`;
    expect((await reader.call('PUT', url, { schedule: 'daily' })).statusCode).toBe(403);
    expect((await reader.call('GET', url)).statusCode).toBe(200);
    const missing = await owner.call('PUT', url, { schedule: 'every_n_hours' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual({ fieldErrors: { every_hours: ['Field is required'] } });
    expect((await owner.call('PUT', url, { schedule: 'every_n_hours', every_hours: 25 })).statusCode).toBe(
      400,
    );

    const daily = await owner.call('PUT', url, { schedule: 'daily' });
    expect(daily.statusCode, daily.body).toBe(200);
    const body = daily.json() as TScheduleAnswer;
    expect(body).toMatchObject({ schedule: 'daily', every_hours: 24, failures: 0 });
    // Due a day after the first sync.
    expect(Date.parse(body.next_sync_at as string)).toBe(
      Date.parse(body.last_synced_at as string) + 24 * HOUR,
    );
  });

  it('queues one sync when due, however many workers tick at that moment', async () => {
    const due = new Date((await scheduleOf()).next_sync_at as string);
    expect(await scheduler.queueDue(new Date(due.getTime() - 60_000))).toEqual({ queued: [], skipped: [] });

    const [first, second] = await Promise.all([scheduler.queueDue(due), otherScheduler.queueDue(due)]);
    const queued = [...first.queued, ...second.queued];
    expect(queued.map((row) => row.connector_id)).toEqual([connectorId]);
    const tasks = await syncTasks();
    expect(tasks).toHaveLength(2);
    expect(tasks[1]).toMatchObject({
      id: queued[0]?.task_id,
      status: 'waiting',
      user_id: owner.id,
      payload: { provider: 'plaid', connector_id: connectorId, repository_id: home },
    });
    // Claimed: due again a day after the tick.
    expect((await scheduleOf()).next_sync_at).toBe(new Date(due.getTime() + 24 * HOUR).toISOString());

    expect(await runSyncs()).toBe(1);
    expect((await syncTasks())[1]?.status).toBe('succeeded');
    // The same moment ticked again after that sync finished (a late worker): nothing more.
    expect((await scheduler.queueDue(due)).queued).toEqual([]);
    // A sync that succeeded is due a day after it.
    const after = await scheduleOf();
    expect(Date.parse(after.next_sync_at as string)).toBe(
      Date.parse(after.last_synced_at as string) + 24 * HOUR,
    );
  });

  it('backs off after failures in a row: two days, then four', async () => {
    for (const [failures, waitHours] of [
      [1, 48],
      [2, 96],
    ] as const) {
      const due = new Date((await scheduleOf()).next_sync_at as string);
      expect((await scheduler.queueDue(due)).queued).toHaveLength(1);
      plaid.failNext('/transactions/sync', PLAID_ERRORS.internal(), PLAID_ERRORS.internal());
      const before = Date.now();
      expect(await runSyncs()).toBe(1);
      const after = Date.now();
      expect((await syncTasks()).at(-1)?.status).toBe('failed');
      const schedule = await scheduleOf();
      expect(schedule.failures).toBe(failures);
      const next = Date.parse(schedule.next_sync_at as string);
      expect(next).toBeGreaterThanOrEqual(before + waitHours * HOUR);
      expect(next).toBeLessThanOrEqual(after + waitHours * HOUR);
    }
  });

  it("stops for 'login required' until the connector is re-linked and synced", async () => {
    const due = new Date((await scheduleOf()).next_sync_at as string);
    expect((await scheduler.queueDue(due)).queued).toHaveLength(1);
    item.loginRequired = true;
    expect(await runSyncs()).toBe(1);
    expect(await scheduleOf()).toMatchObject({ failures: 3, is_login_required: true, next_sync_at: null });
    const yearLater = new Date(Date.now() + 365 * 24 * HOUR);
    expect(await scheduler.queueDue(yearLater)).toEqual({ queued: [], skipped: [] });

    // Re-linked at the bank (Link's update mode), then 'sync now': the schedule resumes.
    item.loginRequired = false;
    const now = await owner.call('POST', `/api/linked_data/connectors/${connectorId}/sync`);
    expect(now.statusCode, now.body).toBe(200);
    expect(await runSyncs()).toBe(1);
    const resumed = await scheduleOf();
    expect(resumed).toMatchObject({ failures: 0, is_login_required: false });
    expect(Date.parse(resumed.next_sync_at as string)).toBe(
      Date.parse(resumed.last_synced_at as string) + 24 * HOUR,
    );
    expect((await scheduler.queueDue(yearLater)).queued).toHaveLength(1);
    expect(await runSyncs()).toBe(1);
  });

  it('turned off, it is never due again', async () => {
    const off = await owner.call('PUT', `/api/linked_data/connectors/${connectorId}/schedule`, {
      schedule: 'off',
    });
    expect(off.json()).toMatchObject({ schedule: 'off', every_hours: null, next_sync_at: null });
    expect(await scheduler.queueDue(new Date(Date.now() + 365 * 24 * HOUR))).toEqual({
      queued: [],
      skipped: [],
    });
  });
});
