import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createAssetAs,
  createRepositoryAs,
  createStockAs,
  createTestUser,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { taskQueueOf } from '../tasks/index.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';
import { MARKET_DATA_SCHEDULE_QUEUE, queueScheduledMarketDataSyncs } from './market-data-schedule.ts';
import { createMarketDataProviders } from './providers/provider-registry.ts';
import type { TLoopbackProvider } from './testing/loopback-provider.ts';
import { startMarketDataTestProvider } from './testing/market-data-test-provider.ts';

// The scheduled 'market data sync' (MARKET_DATA_SYNC_CRON): which repositories it syncs, once per cron
// occurrence however many workers handle that occurrence, and what the status says of it. The queueing is
// driven with a given `now`; the cron job itself goes through pg-boss on the test database.

const env = (url: string) => ({
  MARKET_DATA_PROVIDER: 'yahoo' as const,
  YAHOO_BASE_URL: url,
  FX_PROVIDER: 'ecb' as const,
  ECB_BASE_URL: url,
  MARKET_DATA_START: '2024-01-01',
});

let provider: TLoopbackProvider;
let t: TIdentityTestApp;
let owner: TTestUser;
let linkedRepository: string;
let fxRepository: string;
let plainRepository: string;

const CRON = '30 22 * * 1-5';
const runSyncs = () => t.app.jobs.runPending(taskQueueOf('market_data_sync'));
const schedule = (now: string) =>
  queueScheduledMarketDataSyncs({
    db: t.app.db,
    tasks: t.app.tasks,
    providers: createMarketDataProviders(env(provider.baseUrl)),
    cron: CRON,
    now: new Date(now),
  });

beforeAll(async () => {
  provider = await startMarketDataTestProvider();
  t = await createTasksTestApp({ isWorker: false, env: env(provider.baseUrl) });
  owner = await createTestUser(t, 'schedule-owner@example.com');
  linkedRepository = await createRepositoryAs(owner, 'Linked');
  const apple = await createStockAs(owner, linkedRepository, 'AAPL');
  const linked = await owner.call('PUT', `/api/sec_master/${apple}`, {
    symbol: 'AAPL',
    apply: { name: false, type: false, ticker: false },
  });
  expect(linked.statusCode).toBe(200);
  // An asset in EUR gives this USD repository a EUR currency asset: its rate comes from the FX provider.
  fxRepository = await createRepositoryAs(owner, 'Holds euros');
  await createAssetAs(owner, fxRepository, { type: 'stock', name: 'SAP', ticker: 'SAP', currency: 'EUR' });
  // Nothing linked, nothing in another currency: nothing to sync.
  plainRepository = await createRepositoryAs(owner, 'Plain');
  await createStockAs(owner, plainRepository, 'MSFT');
  // The link's own sync, so the scheduled one is not skipped for being still open.
  expect(await runSyncs()).toBe(1);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

async function syncTasks(repositoryId: string) {
  return t.app.db
    .selectFrom('tasks')
    .select(['id', 'status', 'user_id', 'payload'])
    .where('repository_id', '=', repositoryId)
    .where('type', '=', 'market_data_sync')
    .orderBy('created_at')
    .execute();
}

describe('scheduled market data sync', () => {
  it('queues one sync per repository with linked securities or FX currencies, even from two workers at once', async () => {
    // Friday 27 November 2026, 22:31 UTC: the occurrence is 22:30. Two workers handle it at the same moment.
    const [first, second] = await Promise.all([
      schedule('2026-11-27T22:31:00Z'),
      schedule('2026-11-27T22:31:00Z'),
    ]);
    expect(first?.occurrence).toBe('2026-11-27T22:30:00.000Z');
    const queued = [...(first?.queued ?? []), ...(second?.queued ?? [])].map((row) => row.repository_id);
    expect(queued.sort()).toEqual([linkedRepository, fxRepository].sort());

    expect(await syncTasks(plainRepository)).toEqual([]);
    const tasks = await syncTasks(linkedRepository);
    // The link's sync, then the scheduled one, as the repository's owner.
    expect(tasks).toHaveLength(2);
    expect(tasks[1]).toMatchObject({
      status: 'waiting',
      user_id: owner.id,
      payload: { repository_id: linkedRepository, scheduled_for: '2026-11-27T22:30:00.000Z' },
    });
    expect(await syncTasks(fxRepository)).toHaveLength(1);

    expect(await runSyncs()).toBe(2);
    // The same occurrence handled again after its syncs finished (a job replayed): nothing more.
    const replay = await schedule('2026-11-27T23:59:00Z');
    expect(replay.queued).toEqual([]);
    expect(replay.skipped.sort()).toEqual([linkedRepository, fxRepository].sort());
  });

  it('syncs again at the next occurrence, but not while the last sync is still open', async () => {
    const monday = await schedule('2026-11-30T22:30:05Z');
    expect(monday.occurrence).toBe('2026-11-30T22:30:00.000Z');
    expect(monday.queued.map((row) => row.repository_id).sort()).toEqual(
      [linkedRepository, fxRepository].sort(),
    );
    // Tuesday's occurrence while Monday's syncs still wait: none added.
    const tuesday = await schedule('2026-12-01T22:30:00Z');
    expect(tuesday.queued).toEqual([]);
    expect(await runSyncs()).toBe(2);
    expect((await syncTasks(fxRepository)).map((task) => task.status)).toEqual(['succeeded', 'succeeded']);
    const status = (await owner.call('GET', `/api/market_data/status?repo_id=${fxRepository}`)).json();
    expect(status.last_synced_at).not.toBeNull();
  });

  it('answers the next run in the status: a weekday at 22:30 UTC, after now', async () => {
    const before = Date.now();
    const status = (await owner.call('GET', `/api/market_data/status?repo_id=${linkedRepository}`)).json();
    expect(status.sync_cron).toBe(CRON);
    const next = new Date(status.next_sync_at);
    expect(next.getTime()).toBeGreaterThan(before);
    expect(next.getTime() - before).toBeLessThanOrEqual(4 * 24 * 3600 * 1000);
    expect([next.getUTCHours(), next.getUTCMinutes(), next.getUTCSeconds()]).toEqual([22, 30, 0]);
    expect([1, 2, 3, 4, 5]).toContain(next.getUTCDay());
  });

  it("runs from the cron's job: pg-boss delivers it and the syncs are queued", async () => {
    // The job is handled at the real time: forget the made-up occurrences above, which may be later than it.
    await t.app.db.updateTable('repositories').set({ market_data_scheduled_for: null }).execute();
    await t.app.jobs.send(MARKET_DATA_SCHEDULE_QUEUE, {});
    const before = (await syncTasks(linkedRepository)).length;
    expect(await t.app.jobs.runPending(MARKET_DATA_SCHEDULE_QUEUE)).toBe(1);
    expect(await syncTasks(linkedRepository)).toHaveLength(before + 1);
    expect(await runSyncs()).toBe(2);
  });
});

describe('the schedule on pg-boss', () => {
  it('is stored by a worker process with the configured cron, and not by an API process', async () => {
    const worker = await createTasksTestApp({
      isWorker: true,
      env: { ...env(provider.baseUrl), MARKET_DATA_SYNC_CRON: '15 23 * * *' },
    });
    try {
      const rows = await worker.app.db
        .selectFrom('pgboss.schedule' as never)
        .select(['name', 'cron', 'timezone'] as never[])
        .where('name' as never, '=', MARKET_DATA_SCHEDULE_QUEUE as never)
        .execute();
      expect(rows).toEqual([{ name: MARKET_DATA_SCHEDULE_QUEUE, cron: '15 23 * * *', timezone: 'UTC' }]);
    } finally {
      await worker.close();
    }
    // This app is no worker: it stored no schedule on its database.
    const none = await t.app.db
      .selectFrom('pgboss.schedule' as never)
      .select('name' as never)
      .execute();
    expect(none).toEqual([]);
  });
});
