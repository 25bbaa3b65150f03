// Positions and monthly market values against hledger on the same data (fixture made by
// bench/analytics/hledger-oracle.ts; hledger's version is in fixtures/hledger/meta.json).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../money/decimal.ts';
import type { TAnalyticsInput } from './analytics-types.ts';
import { computeAnalytics, computePositions } from './compute-analytics.ts';

const dir = join(import.meta.dirname, 'fixtures/hledger');
const input = JSON.parse(readFileSync(join(dir, 'repository.json'), 'utf8')) as TAnalyticsInput;
const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as { start: string; end: string };

/** hledger CSV: quoted fields, comma separated, one record per line. */
function csv(name: string): string[][] {
  return readFileSync(join(dir, name), 'utf8')
    .trim()
    .split('\n')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"')));
}

const ACCOUNT_OF: Record<string, string> = {
  'assets:checking': 'checking',
  'assets:investments:us-brokerage': 'us-brokerage',
  'assets:investments:eu-brokerage': 'eu-brokerage',
};
const assetOfCommodity = new Map(input.assets.filter((a) => a.ticker).map((a) => [a.ticker!, a.id]));

describe('oracle: hledger', () => {
  it('positions at the end equal hledger’s balances unit for unit', () => {
    const hledger = csv('positions.csv')
      .slice(1)
      .filter(([account]) => account !== 'total')
      .map(
        ([account, commodity, balance]) =>
          `${ACCOUNT_OF[account!]} ${assetOfCommodity.get(commodity!)} ${new Decimal(balance!).toFixed()}`,
      )
      .sort();
    const ours = computePositions(input, { date: meta.end })
      .positions.map((p) => `${p.account_id} ${p.asset_id} ${new Decimal(p.amount).toFixed()}`)
      .sort();
    expect(ours).toEqual(hledger);
    expect(ours.length).toBeGreaterThan(5);
  });

  it('monthly market values per account and in total equal hledger’s to the cent', () => {
    const [header, ...rows] = csv('monthly-values.csv');
    const months = header!.slice(1);
    const result = computeAnalytics({
      ...input,
      request: {
        ...input.request,
        periods: months.length,
        end: meta.end,
        datasets: ['value_view'],
        scope_kinds: ['repository', 'account'],
      },
    });
    expect(result.missing).toEqual([]);
    let compared = 0;
    for (const [account, ...cells] of rows) {
      const scope =
        account === 'total'
          ? { kind: 'repository', id: 'repository' }
          : { kind: 'account', id: ACCOUNT_OF[account!]! };
      const ourRows = result.value_view!.filter(
        (r) => r.scope_kind === scope.kind && r.scope_id === scope.id,
      );
      expect(ourRows.map((r) => r.end.slice(0, 7))).toEqual(months);
      cells.forEach((cell, i) => {
        const theirs = cell === '0' || cell === '' ? 0 : Number(cell.replace(/ USD$/, ''));
        expect(Math.abs(ourRows[i]!.value_end! - theirs)).toBeLessThanOrEqual(0.005 + 1e-9);
        compared++;
      });
    }
    expect(compared).toBe(4 * months.length);
  });
});
