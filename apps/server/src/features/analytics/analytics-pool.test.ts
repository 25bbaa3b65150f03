import { afterAll, describe, expect, it, vi } from 'vitest';
import type { TWorkerJob } from './analytics.worker.ts';
import { KEEP_PASS_MS } from './analytics-keep.ts';
import { createAnalyticsPool } from './analytics-pool.ts';

// A worker asked to answer from a pass it does not hold (let go after its idle time, or never made) says so
// instead of failing, and the service then reads the repository (analytics.service.ts).
const pool = createAnalyticsPool(1);
afterAll(() => pool.close());

const job: TWorkerJob = {
  source: null,
  request: {
    periods: 1,
    freq: 'month',
    end: '2026-01-31',
    include_end: true,
    datasets: ['value_view'],
    scope: 'root',
  },
  today: '2026-02-01',
  currency: 'USD',
  positionFilter: null,
  dataKey: 'repository|1',
  memoKey: 'repository|1|key',
  pricesKey: 'repository|0',
};

describe('analytics pool', () => {
  it('answers needsSource for a job without its source when the worker holds no pass', async () => {
    expect(await pool.compute(job)).toMatchObject({ ok: false, needsSource: true });
  });

  it("does not take a failed job's key for a held pass", async () => {
    expect(pool.computeHeld(job)).toBeNull();
  });

  it('answers needsSource for a source without prices when the worker kept no table of its prices version', async () => {
    const source = {
      currency: 'USD',
      assets: [],
      transactionsText: '',
      prices: null,
      precedence: [],
      request: job.request,
      today: job.today,
    };
    const withoutPrices = { ...job, dataKey: 'repository|2', memoKey: 'repository|2|key', source };
    expect(pool.holdsPrices('repository|0')).toBe(false);
    expect(await pool.compute(withoutPrices)).toMatchObject({ ok: false, needsSource: true });
    expect(await pool.compute({ ...withoutPrices, source: { ...source, prices: [] } })).toMatchObject({
      ok: true,
    });
    expect(pool.holdsPrices('repository|0')).toBe(true);
    expect(await pool.compute({ ...withoutPrices, dataKey: 'repository|3' })).toMatchObject({ ok: true });
    // Another prices version is not the kept one.
    expect(pool.holdsPrices('repository|1')).toBe(false);
    expect(
      await pool.compute({ ...withoutPrices, dataKey: 'repository|4', pricesKey: 'repository|1' }),
    ).toMatchObject({
      ok: false,
      needsSource: true,
    });
  });

  it('stops counting on a kept price table once the worker has let it go (idle for KEEP_PASS_MS)', async () => {
    const source = {
      currency: 'USD',
      assets: [],
      transactionsText: '',
      prices: [],
      precedence: [],
      request: job.request,
      today: job.today,
    };
    const kept = { ...job, dataKey: 'idle|1', memoKey: 'idle|1|key', pricesKey: 'idle|0', source };
    expect(await pool.compute(kept)).toMatchObject({ ok: true });
    expect(pool.holdsPrices('idle|0')).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + KEEP_PASS_MS);
      expect(pool.holdsPrices('idle|0')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
