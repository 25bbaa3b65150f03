import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createModalStore } from './modal-store.ts';
import { type TRouteModal, useRouteModal } from './use-route-modal.ts';

const render = () => null;
const props = (patch: Partial<TRouteModal>): TRouteModal => ({
  id: 'record',
  kind: 'slidepanel',
  title: 'Record',
  render,
  canClose: async () => true,
  isShown: true,
  contentKey: 'a',
  onClosed: () => {},
  ...patch,
});
const flush = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

describe('a modal bound to a route', () => {
  it('opens with the route and tells the route once when the user closes it', async () => {
    const store = createModalStore();
    const onClosed = vi.fn();
    renderHook(() => useRouteModal(props({ onClosed }), store));
    expect(store.getSnapshot().map((entry) => entry.id)).toEqual(['record']);
    await act(async () => void (await store.close('record')));
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('stays open when the route hides and shows it again, without sending the user away', async () => {
    // A repository that reloads turns `isShown` off and on: the old asynchronous close landed after the new
    // subscription and read as the user closing the panel.
    const store = createModalStore();
    const onClosed = vi.fn();
    const { rerender } = renderHook(
      (shown: boolean) => useRouteModal(props({ isShown: shown, onClosed }), store),
      {
        initialProps: true,
      },
    );
    rerender(false);
    expect(store.getSnapshot()).toEqual([]);
    rerender(true);
    await flush();
    expect(store.getSnapshot().map((entry) => entry.id)).toEqual(['record']);
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('keeps the modal when only the callbacks change identity between renders', async () => {
    const store = createModalStore();
    const calls: string[] = [];
    const { rerender } = renderHook(
      (n: number) => useRouteModal(props({ onClosed: () => calls.push(`closed ${n}`) }), store),
      { initialProps: 1 },
    );
    rerender(2);
    rerender(3);
    await flush();
    expect(store.getSnapshot().map((entry) => entry.id)).toEqual(['record']);
    await act(async () => void (await store.close('record')));
    expect(calls).toEqual(['closed 3']);
  });

  it('swaps the content in place for another key and removes the modal when the route goes', async () => {
    const store = createModalStore();
    const onClosed = vi.fn();
    const { rerender, unmount } = renderHook(
      (key: string) => useRouteModal(props({ contentKey: key, title: key, onClosed }), store),
      {
        initialProps: 'a',
      },
    );
    rerender('b');
    expect(store.getSnapshot().map((entry) => [entry.id, entry.title])).toEqual([['record', 'b']]);
    unmount();
    await flush();
    expect(store.getSnapshot()).toEqual([]);
    expect(onClosed).not.toHaveBeenCalled();
  });
});
