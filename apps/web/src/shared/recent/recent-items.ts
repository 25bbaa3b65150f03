/** What the side panel lists under 'Recently opened', newest first. */
export interface TRecentItem {
  /** The item's kind as the user reads it ('asset', 'tag', 'transaction' …). */
  kind: string;
  label: string;
  /** The item's own address; also what makes two visits the same item. */
  href: string;
}

export const MAX_RECENT_ITEMS = 8;
const STORAGE_PREFIX = 'strata.recent.';

/** The list after opening `item`: it moves to the top (with its current label), the oldest fall off. */
export function withOpened(items: readonly TRecentItem[], item: TRecentItem): TRecentItem[] {
  return [item, ...items.filter((existing) => existing.href !== item.href)].slice(0, MAX_RECENT_ITEMS);
}

// Only an in-app item address (`/assets/<id>`): never another site, not even protocol-relative `//host`.
const ITEM_HREF = /^\/[a-z-]+\/[\w-]+$/;

function isRecentItem(value: unknown): value is TRecentItem {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, label, href } = value as Record<string, unknown>;
  return (
    typeof kind === 'string' && typeof label === 'string' && typeof href === 'string' && ITEM_HREF.test(href)
  );
}

/**
 * Recent items per repository in the browser's storage: a shared machine's next user never sees them, because
 * signing out clears the storage, and a repository switch shows that repository's own items.
 */
export function createRecentItemsStore(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined) {
  const listeners = new Set<() => void>();
  const cache = new Map<string, TRecentItem[]>();
  const read = (repositoryId: string): TRecentItem[] => {
    const cached = cache.get(repositoryId);
    if (cached) return cached;
    let items: TRecentItem[] = [];
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_PREFIX + repositoryId) ?? '[]');
      items = Array.isArray(parsed) ? parsed.filter(isRecentItem).slice(0, MAX_RECENT_ITEMS) : [];
    } catch {
      // A damaged entry starts the list again rather than breaking the shell.
    }
    cache.set(repositoryId, items);
    return items;
  };
  return {
    list: read,
    open(repositoryId: string, item: TRecentItem) {
      const current = read(repositoryId);
      if (current[0]?.href === item.href && current[0].label === item.label) return;
      const next = withOpened(current, item);
      cache.set(repositoryId, next);
      try {
        storage?.setItem(STORAGE_PREFIX + repositoryId, JSON.stringify(next));
      } catch {
        // A full or blocked storage keeps the list for this visit only.
      }
      for (const listener of listeners) listener();
    },
    /** Sign-out empties the storage; the in-memory copy must follow. */
    forget() {
      cache.clear();
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type TRecentItemsStore = ReturnType<typeof createRecentItemsStore>;

export const recentItems = createRecentItemsStore(globalThis.localStorage);
