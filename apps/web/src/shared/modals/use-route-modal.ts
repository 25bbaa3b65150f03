import { useEffect, useRef } from 'react';
import { modals, type TModalInput, type TModalStore } from './modal-store.ts';

export interface TRouteModal extends TModalInput {
  id: string;
  /** False while the route cannot show the modal yet (no repository, no permission). */
  isShown: boolean;
  /** What the modal shows (e.g. the record id): a new key swaps the content in place. */
  contentKey: string;
  /** The user closed the modal (close button, Escape, a click outside): the route follows. */
  onClosed: () => void;
}

/**
 * A modal on the stack that lives as long as a route. Leaving the route removes it at once: an asynchronous
 * close there would land after the route's next subscription and be taken for the user closing it, which sent
 * a freshly opened `/transactions/:id` back to the list.
 */
export function useRouteModal(input: TRouteModal, store: TModalStore = modals): void {
  const latest = useRef(input);
  latest.current = input;
  const { id, isShown, contentKey } = input;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new content key is the trigger to swap the content.
  useEffect(() => {
    if (!isShown) return;
    // Opening again with the same id swaps the content (another record, or a new one just saved).
    const { isShown: _shown, contentKey: _key, onClosed: _closed, ...modal } = latest.current;
    store.open(modal);
  }, [store, isShown, contentKey]);

  useEffect(() => {
    if (!isShown) return;
    const isOpen = () => store.getSnapshot().some((entry) => entry.id === id);
    let wasOpen = isOpen();
    const unsubscribe = store.subscribe(() => {
      const open = isOpen();
      if (wasOpen && !open) latest.current.onClosed();
      wasOpen = open;
    });
    return () => {
      unsubscribe();
      store.remove(id);
    };
  }, [store, id, isShown]);
}
