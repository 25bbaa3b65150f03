import { describe, expect, it } from 'vitest';
import { createModalStore } from './modal-store.ts';

const render = () => null;

describe('modal store', () => {
  it('starts layering at 100 and rises by one per opening', () => {
    const store = createModalStore();
    const a = store.open({ kind: 'slidepanel', title: 'Asset', render });
    const b = store.open({ kind: 'dialog', title: 'Tag', render });
    const c = store.open({ kind: 'action-dialog', title: 'Confirm', render });
    expect(store.getSnapshot().map((m) => [m.id, m.kind, m.zIndex])).toEqual([
      [a, 'slidepanel', 100],
      [b, 'dialog', 101],
      [c, 'action-dialog', 102],
    ]);
    expect(store.top()?.id).toBe(c);
  });

  it('hides (minimises) a modal and restores it on top', () => {
    const store = createModalStore();
    const a = store.open({ kind: 'slidepanel', title: 'Account', render });
    const b = store.open({ kind: 'dialog', title: 'Tag', render });
    store.hide(a);
    expect(store.getSnapshot().find((m) => m.id === a)?.state).toBe('hidden');
    expect(store.top()?.id).toBe(b);
    store.hide(b);
    expect(store.top()).toBeUndefined();
    store.restore(a);
    expect(store.getSnapshot().find((m) => m.id === a)).toMatchObject({ state: 'opened', zIndex: 102 });
    expect(store.top()?.id).toBe(a);
  });

  it('closes the top opened modal, skipping minimised ones', async () => {
    const store = createModalStore();
    const a = store.open({ kind: 'dialog', title: 'A', render });
    const b = store.open({ kind: 'dialog', title: 'B', render });
    store.hide(b);
    await expect(store.closeTop()).resolves.toBe(true);
    expect(store.getSnapshot().map((m) => m.id)).toEqual([b]);
    expect(a).not.toBe(b);
  });

  it('keeps a modal open when canClose refuses', async () => {
    const store = createModalStore();
    let isAllowed = false;
    const id = store.open({ kind: 'slidepanel', title: 'Form', render, canClose: () => isAllowed });
    await expect(store.close(id)).resolves.toBe(false);
    expect(store.getSnapshot()).toHaveLength(1);
    isAllowed = true;
    await expect(store.close(id)).resolves.toBe(true);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('re-raises instead of duplicating when opened with an existing id', () => {
    const store = createModalStore();
    store.open({ id: 'asset-1', kind: 'slidepanel', title: 'Asset', render });
    store.open({ kind: 'dialog', title: 'Other', render });
    store.open({ id: 'asset-1', kind: 'slidepanel', title: 'Asset', render });
    expect(store.getSnapshot()).toHaveLength(2);
    expect(store.top()?.id).toBe('asset-1');
  });

  it('has nothing to close when the stack is empty', async () => {
    await expect(createModalStore().closeTop()).resolves.toBe(false);
  });
});
