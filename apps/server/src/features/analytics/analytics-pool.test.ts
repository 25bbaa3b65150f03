import { unpackPriceTable } from '@strata/core/analytics/price-table-pack';
import { unpackTransactions } from '@strata/core/analytics/transaction-table-pack';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { TWorkerJob } from './analytics.worker.ts';
import { KEEP_PASS_MS } from './analytics-keep.ts';
import { createAnalyticsPool } from './analytics-pool.ts';
import { KEPT_BASE } from './analytics-source.ts';

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
  transactionsKey: 'repository|0',
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

  it('packs the price table a worker kept, and takes a packed table with the changes since as that table', async () => {
    const source = {
      currency: 'USD',
      assets: [],
      transactionsText: '',
      // 2026-01-30 and 2026-02-02 are epoch days 20483 and 20486.
      prices: [
        { asset_id: 'acme', source: 'close', days: '20483,20486', closes: '150,150.25' },
        { asset_id: 'beta', source: 'close', days: '20483', closes: '0.1' },
      ],
      precedence: [],
      request: job.request,
      today: job.today,
    };
    const columns = (table: ReturnType<typeof unpackPriceTable>) =>
      table.map(({ asset_id, days, closes }) => ({ asset_id, days: [...days], closes: [...closes] }));
    const first = { ...job, dataKey: 'pack|1', memoKey: 'pack|1|key', pricesKey: 'pack|1', source };
    expect(await pool.compute(first)).toMatchObject({ ok: true });
    // Only a table a worker keeps: none of another prices version.
    expect(pool.packPrices('pack|0')).toBeNull();
    const packed = await pool.packPrices('pack|1');
    if (!packed?.ok) throw new Error('not packed');
    expect(packed.count).toBe(3);
    expect(columns(unpackPriceTable(packed.packed))).toEqual([
      { asset_id: 'acme', days: [20483, 20486], closes: [150, 150.25] },
      { asset_id: 'beta', days: [20483], closes: [0.1] },
    ]);

    // A restart reads that table back with BETA's prices changed since: BETA's series replaced.
    const patched = {
      ...source,
      prices: null,
      packedPrices: packed.packed,
      priceChanges: {
        base: KEPT_BASE,
        assetIds: ['beta'],
        series: [{ asset_id: 'beta', source: 'close', days: '20483,20486', closes: '0.1,0.2' }],
      },
    };
    const second = {
      ...first,
      dataKey: 'pack|2',
      memoKey: 'pack|2|key',
      pricesKey: 'pack|2',
      source: patched,
    };
    expect(await pool.compute(second)).toMatchObject({ ok: true });
    const again = await pool.packPrices('pack|2');
    if (!again?.ok) throw new Error('not packed');
    expect(again.count).toBe(4);
    expect(columns(unpackPriceTable(again.packed))).toEqual([
      { asset_id: 'acme', days: [20483, 20486], closes: [150, 150.25] },
      { asset_id: 'beta', days: [20483, 20486], closes: [0.1, 0.2] },
    ]);
  });

  it('sends a source without transactions to the idle worker that keeps them, and packs and patches them', async () => {
    const two = createAnalyticsPool(2);
    try {
      const source = {
        currency: 'USD',
        assets: [],
        // Seqs 7 and 9, a deposit each (2026-01-05 and 2026-01-07 are epoch days 20458 and 20460).
        transactionsText: '7,20458,0,acct,usd,100,,deposit\n9,20460,0,acct,usd,50,,deposit',
        prices: [],
        precedence: [],
        request: job.request,
        today: job.today,
      };
      const kept = {
        ...job,
        dataKey: 'two|1',
        memoKey: 'two|1|key',
        pricesKey: 'two|0',
        transactionsKey: 'two|t1',
      };
      const other = {
        ...job,
        dataKey: 'else|1',
        memoKey: 'else|1|key',
        pricesKey: 'else|0',
        transactionsKey: 'else|0',
      };
      // Both workers started, then this job on one and a far longer one (20,000 deposits) on the other, which
      // is released last: the idle worker taken first, had the pool not looked at what each keeps.
      await Promise.all([
        two.compute({ ...other, source }),
        two.compute({ ...other, dataKey: 'else|0', memoKey: 'else|0|key', source }),
      ]);
      const longer = Array.from(
        { length: 20_000 },
        (_, index) => `${index + 100},20458,0,acct,usd,1,,deposit`,
      );
      const [first, second] = await Promise.all([
        two.compute({ ...kept, source }),
        two.compute({
          ...other,
          dataKey: 'else|2',
          memoKey: 'else|2|key',
          source: { ...source, transactionsText: longer.join('\n') },
        }),
      ]);
      expect([first.ok, second.ok]).toEqual([true, true]);
      expect(two.holdsTransactions('two|t1')).toBe(true);
      // Without its transactions and prices: only the worker that keeps both can answer it.
      const without = { ...source, transactionsText: null, prices: null };
      expect(
        await two.compute({ ...kept, dataKey: 'two|2', memoKey: 'two|2|key', source: without }),
      ).toMatchObject({
        ok: true,
      });
      // Seq 9 changed to 75 and seq 8 written between the two: patched into the kept list.
      const changes = {
        base: 'two|t1',
        seqs: [8, 9],
        text: '8,20459,0,acct,usd,25,,deposit\n9,20460,0,acct,usd,75,,deposit',
        count: 2,
      };
      expect(
        await two.compute({
          ...kept,
          dataKey: 'two|3',
          memoKey: 'two|3|key',
          transactionsKey: 'two|t2',
          source: { ...without, transactionChanges: changes },
        }),
      ).toMatchObject({ ok: true });
      const packed = await two.packTransactions('two|t2');
      if (!packed?.ok) throw new Error('not packed');
      expect(packed.count).toBe(3);
      expect(
        unpackTransactions(packed.packed).map(({ id, date, entries }) => [id, date, entries[0]?.amount]),
      ).toEqual([
        ['7', '2026-01-05', '100'],
        ['8', '2026-01-06', '25'],
        ['9', '2026-01-07', '75'],
      ]);
    } finally {
      await two.close();
    }
  });
});
