import { describe, expect, it } from 'vitest';
import { toDecimal } from '../money/decimal.ts';
import { PRE_CREATED_ACCOUNTS } from '../repositories/initial-content.ts';
import { findTransactionType } from '../transactions/catalogue.ts';
import { type TAssetRef, validateTransaction } from '../transactions/validate-transaction.ts';
import { buildDemoRepository } from './demo-repository.ts';

const TODAY = '2026-11-20';
const demo = buildDemoRepository({ today: TODAY });

function assetRefs(): Map<string, TAssetRef> {
  const refs = new Map<string, TAssetRef>();
  for (const asset of demo.assets) {
    const category = asset.tags.find((tag) => tag.tag_name === 'Category')?.tag_value ?? null;
    refs.set(asset.key, { type: asset.type, name: asset.name, category });
  }
  for (const account of PRE_CREATED_ACCOUNTS) {
    refs.set(account.name, { type: account.type, name: account.name, category: account.category });
  }
  return refs;
}

describe('the demo repository', () => {
  it('is the same on every run for the same day and seed', () => {
    expect(buildDemoRepository({ today: TODAY })).toEqual(demo);
    expect(buildDemoRepository({ today: TODAY, seed: 8 }).prices).not.toEqual(demo.prices);
  });

  it('passes the catalogue validation unchanged: types, slots, allowed assets and signs', () => {
    const refs = assetRefs();
    for (const transaction of demo.transactions) {
      const result = validateTransaction(
        {
          type: transaction.type,
          date: transaction.date,
          description: transaction.description,
          entries: transaction.entries.map((entry) => ({
            account_id: entry.account,
            asset_id: entry.asset,
            amount: entry.amount,
            pos_id: entry.pos ?? null,
          })),
        },
        refs,
      );
      if (!result.ok)
        throw new Error(`${transaction.type} ${transaction.date}: ${JSON.stringify(result.errors)}`);
      expect(result.value.entries.map((entry) => entry.amount)).toEqual(
        transaction.entries.map((entry) => toDecimal(entry.amount).toFixed()),
      );
    }
  });

  it('holds three years of weekday prices for every listed stock and the euro', () => {
    for (const key of ['EUR', 'AAPL', 'MSFT', 'VOO', 'SAP', 'ASML']) {
      const dates = demo.prices.filter((price) => price.asset === key).map((price) => price.date);
      expect(dates.length).toBeGreaterThan(3 * 250);
      expect(dates.length).toBeLessThan(3 * 262 + 23);
      expect(dates.at(-1)! <= TODAY).toBe(true);
      expect(new Set(dates).size).toBe(dates.length);
    }
    expect(demo.prices.every((price) => Number(price.close) > 0)).toBe(true);
  });

  it('never sells more than it holds and never overdraws an account', () => {
    const balance = new Map<string, ReturnType<typeof toDecimal>>();
    for (const transaction of demo.transactions) {
      const slots = findTransactionType(transaction.type)?.entries ?? [];
      for (const [slot, entry] of transaction.entries.entries()) {
        // Only position entries change holdings; commitments, income and expenses do not.
        if (slots[slot]?.role !== 'position') continue;
        const key = `${entry.account}|${entry.asset}`;
        const next = (balance.get(key) ?? toDecimal(0)).plus(entry.amount);
        balance.set(key, next);
        expect(next.isNegative(), `${key} on ${transaction.date}`).toBe(false);
      }
    }
  });

  it('has a private fund with a commitment, calls, NAV marks and a distribution, and a contact and a document', () => {
    const types = new Set(demo.transactions.map((transaction) => transaction.type));
    for (const type of [
      'subscribe and commit',
      'capital call',
      'fund fees',
      'capital return',
      'dividend',
      'sell',
    ]) {
      expect(types.has(type), type).toBe(true);
    }
    expect(demo.prices.filter((price) => price.asset === 'NGF3' && price.source === 'manual').length).toBe(
      13,
    );
    expect(demo.contacts[0]?.assets).toEqual(['NGF3']);
    expect(demo.documents[0]?.url).toMatch(/^https:\/\//);
  });
});
