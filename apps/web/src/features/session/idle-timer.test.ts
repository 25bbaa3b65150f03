import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleTimer, DEFAULT_IDLE_MINUTES, idleMsFromMinutes, SIGN_OUT_GRACE_MS } from './idle-timer.ts';

const MINUTE = 60_000;

function setup(idleMinutes = 20) {
  const onWarn = vi.fn();
  const onTimeout = vi.fn();
  const timer = createIdleTimer({ idleMs: idleMinutes * MINUTE, onWarn, onTimeout });
  return { timer, onWarn, onTimeout };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T09:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createIdleTimer', () => {
  it('warns after the idle time, with the sign-out deadline 5 minutes later', () => {
    const { timer, onWarn, onTimeout } = setup();
    vi.advanceTimersByTime(20 * MINUTE - 1);
    expect(onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarn).toHaveBeenCalledExactlyOnceWith(Date.now() + SIGN_OUT_GRACE_MS);
    expect(timer.getState()).toBe('warning');
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('signs out when the grace period ends without an answer', () => {
    const { timer, onTimeout } = setup();
    vi.advanceTimersByTime(20 * MINUTE + 5 * MINUTE - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledOnce();
    expect(timer.getState()).toBe('timed-out');
  });

  it('counts the idle period from the last activity', () => {
    const { timer, onWarn } = setup();
    vi.advanceTimersByTime(15 * MINUTE);
    timer.recordActivity();
    vi.advanceTimersByTime(10 * MINUTE);
    expect(onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10 * MINUTE);
    expect(onWarn).toHaveBeenCalledOnce();
  });

  it('ignores activity while the warning shows: only Stay signed in keeps the session', () => {
    const { timer, onWarn, onTimeout } = setup();
    vi.advanceTimersByTime(20 * MINUTE);
    timer.recordActivity();
    vi.advanceTimersByTime(5 * MINUTE);
    expect(onTimeout).toHaveBeenCalledOnce();
    expect(onWarn).toHaveBeenCalledOnce();
  });

  it('Stay signed in closes the warning and restarts the full idle period', () => {
    const { timer, onWarn, onTimeout } = setup();
    vi.advanceTimersByTime(22 * MINUTE);
    timer.stay();
    expect(timer.getState()).toBe('active');
    expect(timer.getDeadline()).toBeNull();
    vi.advanceTimersByTime(19 * MINUTE);
    expect(onWarn).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(MINUTE);
    expect(onWarn).toHaveBeenCalledTimes(2);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('signs out at once when the timer fires after the whole window passed (sleeping laptop)', () => {
    const { onWarn, onTimeout } = setup();
    // The clock jumps without the timer firing, as when the device sleeps.
    vi.setSystemTime(Date.now() + 60 * MINUTE);
    vi.advanceTimersByTime(20 * MINUTE);
    expect(onTimeout).toHaveBeenCalledOnce();
    expect(onWarn).not.toHaveBeenCalled();
  });

  it('does nothing after stop', () => {
    const { timer, onWarn, onTimeout } = setup(1);
    timer.stop();
    vi.advanceTimersByTime(60 * MINUTE);
    expect(onWarn).not.toHaveBeenCalled();
    expect(onTimeout).not.toHaveBeenCalled();
    timer.stay();
    expect(timer.getState()).toBe('stopped');
  });
});

describe('idleMsFromMinutes', () => {
  it('uses the setting, or the default of 20 minutes when it is missing', () => {
    expect(idleMsFromMinutes(3)).toBe(3 * MINUTE);
    expect(idleMsFromMinutes(undefined)).toBe(DEFAULT_IDLE_MINUTES * MINUTE);
    expect(DEFAULT_IDLE_MINUTES).toBe(20);
  });
});
