import { describe, expect, it } from 'vitest';
import { createRecentItemsStore, MAX_RECENT_ITEMS, withOpened } from './recent-items.ts';

const item = (n: number) => ({ kind: 'asset', label: `Asset ${n}`, href: `/assets/${n}` });

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('recently opened items', () => {
  it('puts the item opened last first, once, with its latest label, and keeps the eight newest', () => {
    let list = [1, 2, 3].reduce((items, n) => withOpened(items, item(n)), [] as ReturnType<typeof item>[]);
    list = withOpened(list, { ...item(1), label: 'Renamed' });
    expect(list.map((entry) => entry.label)).toEqual(['Renamed', 'Asset 3', 'Asset 2']);
    for (let n = 4; n <= 12; n += 1) list = withOpened(list, item(n));
    expect(MAX_RECENT_ITEMS).toBe(8);
    expect(list.map((entry) => entry.href)).toEqual([12, 11, 10, 9, 8, 7, 6, 5].map((n) => `/assets/${n}`));
  });

  it('keeps each repository its own list in storage and tells subscribers', () => {
    const storage = memoryStorage();
    const store = createRecentItemsStore(storage);
    let calls = 0;
    store.subscribe(() => {
      calls += 1;
    });
    store.open('repo-a', item(1));
    store.open('repo-b', item(2));
    store.open('repo-a', item(1));
    expect(calls).toBe(2);
    expect(JSON.parse(storage.data.get('strata.recent.repo-a') ?? '')).toEqual([item(1)]);
    // A fresh page reads what the last one wrote.
    const reloaded = createRecentItemsStore(storage);
    expect(reloaded.list('repo-b')).toEqual([item(2)]);
    expect(reloaded.list('repo-c')).toEqual([]);
  });

  it('ignores damaged or foreign entries instead of breaking the shell', () => {
    const storage = memoryStorage({
      'strata.recent.r': JSON.stringify([
        item(1),
        { kind: 'asset', label: 'x', href: 'https://evil.example' },
        { kind: 'a', label: 'y', href: '//evil.example/x' },
        7,
      ]),
      'strata.recent.s': '{not json',
    });
    const store = createRecentItemsStore(storage);
    expect(store.list('r')).toEqual([item(1)]);
    expect(store.list('s')).toEqual([]);
  });

  it('forgets the in-memory lists on sign-out', () => {
    const storage = memoryStorage();
    const store = createRecentItemsStore(storage);
    store.open('r', item(1));
    storage.data.clear();
    store.forget();
    expect(store.list('r')).toEqual([]);
  });
});
