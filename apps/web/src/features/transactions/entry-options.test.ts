import type { TAsset } from '@strata/contracts/assets';
import type { TTag } from '@strata/contracts/tags';
import { describe, expect, it } from 'vitest';
import { entryOptions, entrySummary } from './entry-options.ts';

const asset = (id: string, name: string, type: string, extra: Partial<TAsset> = {}) =>
  ({ id, name, type, ticker: name, tags: [], deleted_at: null, ...extra }) as unknown as TAsset;
const tag = (id: string, tag_name: string, tag_value: string) => ({ id, tag_name, tag_value }) as TTag;

describe('transaction form options', () => {
  const tags = [tag('t1', 'Category', 'cash dividend'), tag('t2', 'Category', 'current income')];
  const assets = [
    asset('a', 'Broker', 'investment account'),
    asset('b', 'Cash dividend', 'income account', { tags: ['t1'] }),
    asset('c', 'Salary', 'income account', { tags: ['t2'] }),
    asset('d', 'Apple', 'stock', { ticker: 'AAPL' }),
    asset('e', 'Old', 'stock', { deleted_at: '2026-01-01T00:00:00.000Z' }),
  ];

  it('offers live assets of the allowed types, named with their ticker when it differs', () => {
    expect(entryOptions({ includes: ['stock', 'etf'] }, assets, tags)).toEqual([
      { value: 'd', label: 'Apple (AAPL)' },
    ]);
  });

  it('keeps to the account whose Category the type fixes', () => {
    expect(entryOptions({ includes: ['income account'], value: 'cash dividend' }, assets, tags)).toEqual([
      { value: 'b', label: 'Cash dividend' },
    ]);
  });

  it('summarises an entry', () => {
    const names = new Map([
      ['a', 'Broker'],
      ['d', 'AAPL'],
    ]);
    expect(entrySummary({ account_id: 'a', asset_id: 'd', amount: '10' }, names)).toBe('10 AAPL @ Broker');
    expect(entrySummary(undefined, names)).toBe('');
  });
});
