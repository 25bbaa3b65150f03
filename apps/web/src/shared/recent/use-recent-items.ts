import { useEffect, useSyncExternalStore } from 'react';
import { recentItems, type TRecentItem, type TRecentItemsStore } from './recent-items.ts';

const NO_ITEMS: TRecentItem[] = [];

/** The repository's recently opened items, newest first. */
export function useRecentItems(repositoryId: string | undefined, store: TRecentItemsStore = recentItems) {
  return useSyncExternalStore(store.subscribe, () => (repositoryId ? store.list(repositoryId) : NO_ITEMS));
}

/**
 * An item view calls this once it knows what it shows: the browser tab and history read its name, and the
 * side panel lists it under 'Recently opened'. Nothing is recorded while the item is still loading.
 */
export function useOpenedItem(
  repositoryId: string | undefined,
  item: TRecentItem | null | undefined,
  store: TRecentItemsStore = recentItems,
) {
  const { kind, label, href } = item ?? { kind: '', label: '', href: '' };
  useEffect(() => {
    if (!repositoryId || !href || !label) return;
    store.open(repositoryId, { kind, label, href });
    const previous = document.title;
    document.title = `${label} · Strata`;
    return () => {
      document.title = previous;
    };
  }, [store, repositoryId, kind, label, href]);
}
