import type { ReactNode } from 'react';
import { MODAL_BASE_Z_INDEX } from '../ui/layers.ts';

export type TModalKind = 'slidepanel' | 'dialog' | 'action-dialog';
export type TModalState = 'opened' | 'hidden';
export type TModalSize = 'sm' | 'md' | 'lg' | 'xl';

export interface TModalInput {
  /** Reusing an id re-opens (and raises) that modal instead of stacking a copy. */
  id?: string;
  kind: TModalKind;
  /** A node may follow live data (e.g. a repository's current name). */
  title: ReactNode;
  size?: TModalSize;
  render: (controls: TModalControls) => ReactNode;
  /**
   * Asked before closing (Escape, close button, `close`); resolve false to keep it open. Forms plug the
   * unsaved-changes guard in here.
   */
  canClose?: () => boolean | Promise<boolean>;
}

export interface TModalControls {
  id: string;
  close: () => Promise<boolean>;
  hide: () => void;
}

export interface TModalEntry {
  id: string;
  kind: TModalKind;
  title: ReactNode;
  size: TModalSize;
  state: TModalState;
  zIndex: number;
  render: TModalInput['render'];
  canClose?: TModalInput['canClose'];
}

export interface TModalStore {
  getSnapshot(): readonly TModalEntry[];
  subscribe(listener: () => void): () => void;
  open(input: TModalInput): string;
  /** Minimises: kept with its state, listed for restoring. */
  hide(id: string): void;
  /** Shows a minimised modal again, on top of the stack. */
  restore(id: string): void;
  /** Closes after `canClose` agrees; resolves whether it closed. */
  close(id: string): Promise<boolean>;
  /**
   * Closes at once without asking `canClose`: for a caller that already asked (a route left through the
   * navigation guard). Synchronous, so a listener subscribed right after never sees it close late.
   */
  remove(id: string): void;
  /** The top opened (not minimised) modal, if any. */
  top(): TModalEntry | undefined;
  closeTop(): Promise<boolean>;
  closeAll(): void;
}

export function createModalStore(): TModalStore {
  let entries: readonly TModalEntry[] = [];
  const listeners = new Set<() => void>();
  // Seed §9: layering starts at 100 and rises by one per opening, so the newest is always on top.
  let nextZIndex = MODAL_BASE_Z_INDEX;
  let sequence = 0;

  const set = (next: readonly TModalEntry[]) => {
    entries = next;
    for (const listener of listeners) listener();
  };
  const raise = (id: string, patch: Partial<TModalEntry>) => {
    const zIndex = nextZIndex++;
    set(entries.map((entry) => (entry.id === id ? { ...entry, ...patch, state: 'opened', zIndex } : entry)));
  };
  const top = () =>
    entries
      .filter((entry) => entry.state === 'opened')
      .reduce<TModalEntry | undefined>(
        (best, entry) => (!best || entry.zIndex > best.zIndex ? entry : best),
        undefined,
      );

  const store: TModalStore = {
    getSnapshot: () => entries,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    open(input) {
      const existing = input.id ? entries.find((entry) => entry.id === input.id) : undefined;
      if (existing) {
        raise(existing.id, { title: input.title, render: input.render, canClose: input.canClose });
        return existing.id;
      }
      sequence += 1;
      const id = input.id ?? `modal-${sequence}`;
      set([
        ...entries,
        {
          id,
          kind: input.kind,
          title: input.title,
          size: input.size ?? (input.kind === 'slidepanel' ? 'lg' : 'md'),
          state: 'opened',
          zIndex: nextZIndex++,
          render: input.render,
          canClose: input.canClose,
        },
      ]);
      return id;
    },
    hide(id) {
      if (entries.some((entry) => entry.id === id)) {
        set(entries.map((entry) => (entry.id === id ? { ...entry, state: 'hidden' } : entry)));
      }
    },
    restore(id) {
      if (entries.some((entry) => entry.id === id)) raise(id, {});
    },
    async close(id) {
      const entry = entries.find((candidate) => candidate.id === id);
      if (!entry) return true;
      if (entry.canClose && !(await entry.canClose())) return false;
      set(entries.filter((candidate) => candidate.id !== id));
      return true;
    },
    remove(id) {
      if (entries.some((entry) => entry.id === id)) set(entries.filter((entry) => entry.id !== id));
    },
    top,
    async closeTop() {
      const entry = top();
      return entry ? store.close(entry.id) : false;
    },
    closeAll() {
      set([]);
    },
  };
  return store;
}

export function controlsFor(store: TModalStore, id: string): TModalControls {
  return { id, close: () => store.close(id), hide: () => store.hide(id) };
}

/** The app's modal stack. */
export const modals = createModalStore();
