import { describe, expect, it } from 'vitest';
import {
  createNotificationStore,
  type TNotificationClock,
  UNDEFINED_CODE_MESSAGE,
  visibleErrorDetails,
} from './notification-store.ts';

/** A manual clock: timers run only when the test advances time. */
function manualClock() {
  let now = 1_000;
  let nextHandle = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: TNotificationClock = {
    now: () => now,
    setTimer: (run, ms) => {
      nextHandle += 1;
      timers.set(nextHandle, { at: now + ms, run });
      return nextHandle;
    },
    clearTimer: (handle) => {
      timers.delete(handle as number);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [handle, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at <= now && timers.has(handle)) {
        timers.delete(handle);
        timer.run();
      }
    }
  };
  return { clock, advance };
}

function setup() {
  const { clock, advance } = manualClock();
  const store = createNotificationStore(clock);
  return { store, advance };
}

describe('notification store', () => {
  it('adds a notification with the given fields', () => {
    const { store } = setup();
    const id = store.error('Save failed', {
      description: 'Try again',
      link: { to: '/tags/1', label: 'Open' },
    });
    expect(store.getSnapshot()).toEqual([
      expect.objectContaining({
        id,
        type: 'error',
        message: 'Save failed',
        description: 'Try again',
        link: { to: '/tags/1', label: 'Open' },
        duplicates_count: 0,
        isClosable: true,
        isActionRequired: false,
      }),
    ]);
  });

  it('counts a repeated message instead of adding another entry', () => {
    const { store } = setup();
    const first = store.error('Unexpected error');
    const second = store.error('Unexpected error');
    store.error('Unexpected error');
    expect(second).toBe(first);
    expect(store.getSnapshot()).toHaveLength(1);
    expect(store.getSnapshot()[0]?.duplicates_count).toBe(2);
  });

  it('keeps different messages apart', () => {
    const { store } = setup();
    store.error('A');
    store.error('B');
    expect(store.getSnapshot().map((n) => n.message)).toEqual(['A', 'B']);
  });

  it('replaces an earlier timeout notification with the new one', () => {
    const { store } = setup();
    store.success('Saved');
    store.timeout('Analytics calculated in 6 sec');
    store.timeout('Analytics calculated in 7 sec');
    expect(store.getSnapshot().map((n) => [n.type, n.message])).toEqual([
      ['success', 'Saved'],
      ['timeout', 'Analytics calculated in 7 sec'],
    ]);
  });

  it('updates a progress notification and resolves it to success', () => {
    const { store } = setup();
    store.progress('tag-1', 'Creating tag');
    store.progress('tag-1', 'Creating tag (2 of 3)');
    expect(store.getSnapshot()).toEqual([
      expect.objectContaining({ id: 'tag-1', type: 'progress', message: 'Creating tag (2 of 3)' }),
    ]);
    store.resolve('tag-1', 'Tag "Region: EU" created', { link: { to: '/tags/9', label: 'Open' } });
    expect(store.getSnapshot()).toEqual([
      expect.objectContaining({
        id: 'tag-1',
        type: 'success',
        message: 'Tag "Region: EU" created',
        link: { to: '/tags/9', label: 'Open' },
      }),
    ]);
  });

  it('keeps a notification at least 500 ms before removing it', () => {
    const { store, advance } = setup();
    const id = store.progress('p', 'Apply changes');
    advance(100);
    store.remove(id);
    expect(store.getSnapshot()).toHaveLength(1);
    advance(399);
    expect(store.getSnapshot()).toHaveLength(1);
    advance(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('removes at once a notification older than 500 ms', () => {
    const { store, advance } = setup();
    const id = store.progress('p', 'Apply changes');
    advance(800);
    store.remove(id);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('closes success notifications after 5 s and errors without actions after 15 s', () => {
    const { store, advance } = setup();
    store.success('Saved');
    store.error('Broken');
    advance(5_000);
    expect(store.getSnapshot().map((n) => n.message)).toEqual(['Broken']);
    advance(9_999);
    expect(store.getSnapshot().map((n) => n.message)).toEqual(['Broken']);
    advance(1);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('keeps at most five, pushing out the oldest that may close, never one waiting for a choice', () => {
    const { store } = setup();
    store.error('Choose', { actions: [{ label: 'Go', onClick: () => {} }] });
    store.progress('import', 'Importing…');
    for (const message of ['A', 'B', 'C', 'D']) store.error(message);
    expect(store.getSnapshot().map((n) => n.message)).toEqual(['Choose', 'Importing…', 'B', 'C', 'D']);
    store.success('E');
    expect(store.getSnapshot().map((n) => n.message)).toEqual(['Choose', 'Importing…', 'C', 'D', 'E']);
  });

  it('makes a notification with actions not closable and action-required, and never auto-closes it', () => {
    const { store, advance } = setup();
    store.error('Asset is soft deleted', {
      actions: [{ label: 'Go to deleted assets', onClick: () => {} }],
      autoCloseMs: 10,
    });
    advance(60_000);
    expect(store.getSnapshot()).toEqual([
      expect.objectContaining({ isClosable: false, isActionRequired: true }),
    ]);
  });

  it('falls back to the code, then to Undefined code, when there is no message', () => {
    const { store } = setup();
    store.show({ type: 'error', code: 'RATE_LIMITED' });
    store.show({ type: 'error', message: '  ' });
    expect(store.getSnapshot().map((n) => n.message)).toEqual(['RATE_LIMITED', UNDEFINED_CODE_MESSAGE]);
  });

  it('notifies subscribers and stops after unsubscribe', () => {
    const { store } = setup();
    let calls = 0;
    const unsubscribe = store.subscribe(() => {
      calls += 1;
    });
    store.success('One');
    unsubscribe();
    store.success('Two');
    expect(calls).toBe(1);
  });
});

describe('visibleErrorDetails', () => {
  it('shows up to five entries', () => {
    expect(visibleErrorDetails(['a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
  it('cuts longer lists after five with ...', () => {
    expect(visibleErrorDetails(['1', '2', '3', '4', '5', '6', '7'])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '...',
    ]);
  });
  it('gives nothing for no errors', () => {
    expect(visibleErrorDetails(undefined)).toEqual([]);
  });
});
