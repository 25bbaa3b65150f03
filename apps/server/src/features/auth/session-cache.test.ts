import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache.ts';

describe('session cache', () => {
  it('answers within the time to live and forgets after it', () => {
    const cache = createSessionCache<string>({ ttlMs: 10_000, maxEntries: 10 });
    cache.set('cookie=a', 'alice', 1_000_000, 0);
    expect(cache.get('cookie=a', 9_999)).toBe('alice');
    expect(cache.get('cookie=a', 10_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never outlives the session itself', () => {
    const cache = createSessionCache<string>({ ttlMs: 10_000, maxEntries: 10 });
    cache.set('cookie=a', 'alice', new Date(5_000), 0);
    expect(cache.get('cookie=a', 4_999)).toBe('alice');
    expect(cache.get('cookie=a', 5_000)).toBeUndefined();
    cache.set('cookie=b', 'bob', '1970-01-01T00:00:00.000Z', 1);
    expect(cache.get('cookie=b', 1)).toBeUndefined();
  });

  it('drops the oldest entry when full, and everything on clear', () => {
    const cache = createSessionCache<string>({ ttlMs: 10_000, maxEntries: 2 });
    cache.set('a', 'A', 1e12, 0);
    cache.set('b', 'B', 1e12, 0);
    cache.set('c', 'C', 1e12, 0);
    expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1)]).toEqual([undefined, 'B', 'C']);
    const before = cache.generation;
    cache.clear();
    expect(cache.get('c', 1)).toBeUndefined();
    expect(cache.generation).toBe(before + 1);
  });
});
