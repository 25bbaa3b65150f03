import { describe, expect, it } from 'vitest';
import { generateRepository } from '../testing/generate-repository.ts';
import type { TAnalyticsInput, TAnalyticsRequest } from './analytics-types.ts';
import { computeAnalytics } from './compute-analytics.ts';
import { createPassMemo } from './pass-memo.ts';
import { example, input, price, tx } from './scenarios/fixture.ts';

function ask(
  memo: ReturnType<typeof createPassMemo>,
  dataKey: string,
  data: TAnalyticsInput,
  reads: string[],
) {
  return memo.compute({
    dataKey,
    request: data.request,
    today: data.today,
    currency: data.currency,
    input: () => {
      reads.push(dataKey);
      return data;
    },
  });
}

describe('pass memo: one ledger pass per data and timeline', () => {
  const generated = generateRepository({ seed: 7, transactions: 1_200, assets: 12, years: 3 }).input;
  // An asset held at the end with no price at all: the pass notes it missing, and the position view notes
  // it again each time it reads it — a kept pass must not count the reads of earlier requests.
  const unpriced = {
    ...generated,
    assets: [
      ...generated.assets,
      { id: 'unpriced', name: 'Unpriced', type: 'stock', currency: 'USD', tags: [] },
    ],
    transactions: [
      ...generated.transactions,
      tx('buy', generated.transactions.at(-1)!.date, [
        ['us-brokerage', 'unpriced', '3'],
        ['us-brokerage', 'usd', '-30'],
      ]),
    ],
  };
  const requests: Partial<TAnalyticsRequest>[] = [
    { datasets: ['value_view', 'position_view'] },
    { datasets: ['irr_moic_view'], scope_kinds: ['repository', 'account', 'tag'] },
    {
      datasets: ['irr_moic_view'],
      scope_kinds: ['repository', 'account', 'asset', 'tag'],
      irr_scope_kinds: ['repository', 'account', 'asset', 'tag'],
    },
    { datasets: ['position_view', 'income_view', 'performance_view', 'tree_view', 'commitments_view'] },
    { datasets: ['value_view', 'position_view'] },
  ];

  it('answers every request on the kept pass exactly as a fresh compute does, with one pass', () => {
    const memo = createPassMemo();
    const reads: string[] = [];
    for (const asked of requests) {
      const data = { ...unpriced, request: { ...unpriced.request, ...asked } };
      expect(ask(memo, 'v1', data, reads)).toEqual(computeAnalytics(data));
    }
    expect(memo.passes).toBe(1);
    expect(reads).toEqual(['v1']);
  });

  it('makes a new pass when the timeline, currency, scope or cost method differ', () => {
    const memo = createPassMemo();
    const reads: string[] = [];
    const variants: Partial<TAnalyticsRequest>[] = [
      {},
      { periods: 6 },
      { currency: 'EUR' },
      { cost_method: 'fifo' },
      { scope: ['us-brokerage'] },
      { freq: 'week', periods: 10 },
    ];
    for (const asked of variants) {
      const data = {
        ...generated,
        request: { ...generated.request, ...asked, datasets: ['value_view' as const] },
      };
      expect(ask(memo, 'v1', data, reads)).toEqual(computeAnalytics(data));
    }
    expect(memo.passes).toBe(variants.length);
  });

  it('answers from the new data once the data key changes (a write between two computes)', () => {
    // docs/domain.md's opening deposit: Checking +10,000 on 2024-01-02; a second deposit of 500 is the write.
    const before = input({ transactions: [example('deposit')], request: { datasets: ['value_view'] } });
    const after = {
      ...before,
      transactions: [...before.transactions, tx('deposit', '2024-03-04', [['bank', 'usd', '500']])],
    };
    const memo = createPassMemo();
    const reads: string[] = [];
    const repositoryValue = (data: TAnalyticsInput, key: string) =>
      ask(memo, key, data, reads)
        .value_view!.filter((row) => row.scope_kind === 'repository')
        .map((row) => row.value_end);
    expect(repositoryValue(before, 'repository-1|1')).toEqual(Array(12).fill(10_000));
    expect(repositoryValue(after, 'repository-1|2')).toEqual([10_000, 10_000, ...Array(10).fill(10_500)]);
    expect(reads).toEqual(['repository-1|1', 'repository-1|2']);
  });

  it('lets go of the kept pass on clear', () => {
    const memo = createPassMemo();
    const reads: string[] = [];
    const data = input({
      transactions: [example('deposit'), example('transfer'), example('buy')],
      prices: [price('acme', '2024-03-01', 150)],
    });
    ask(memo, 'v1', data, reads);
    memo.clear();
    ask(memo, 'v1', data, reads);
    expect(reads).toEqual(['v1', 'v1']);
  });
});
