import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createNotificationStore } from './notification-store.ts';
import { useAttemptError } from './use-attempt-error.ts';

describe('useAttemptError', () => {
  it("takes a failed attempt's toast away when an attempt succeeds, and leaves other toasts", () => {
    let now = 0;
    const store = createNotificationStore({ now: () => now, setTimer: () => 0, clearTimer: () => {} });
    const { result } = renderHook(() => useAttemptError(store));
    store.error('Something else');
    act(() => result.current.fail('Sign up confirm error', { description: 'Invalid OTP' }));
    act(() => result.current.fail('Sign up confirm error', { description: 'Invalid OTP' }));
    expect(store.getSnapshot().map((n) => [n.message, n.duplicates_count])).toEqual([
      ['Something else', 0],
      ['Sign up confirm error', 1],
    ]);
    now = 1_000;
    act(() => result.current.succeed());
    expect(store.getSnapshot().map((n) => n.message)).toEqual(['Something else']);
    act(() => result.current.succeed());
    expect(store.getSnapshot().map((n) => n.message)).toEqual(['Something else']);
  });
});
