/** Seed §9: the warning after 20 idle minutes (`allowedInactivityTime`), then 5 minutes of grace. */
export const DEFAULT_IDLE_MINUTES = 20;
export const SIGN_OUT_GRACE_MS = 5 * 60_000;

export type TIdleState = 'active' | 'warning' | 'timed-out' | 'stopped';

export interface TIdleTimerOptions {
  idleMs: number;
  graceMs?: number;
  /** The warning opens; `deadline` is when the user will be signed out (epoch ms). */
  onWarn: (deadline: number) => void;
  onTimeout: () => void;
  now?: () => number;
}

export interface TIdleTimer {
  /** Pointer, key, scroll or touch: restarts the idle period, unless the warning is already showing. */
  recordActivity(): void;
  /** 'Stay signed in': closes the warning and restarts the idle period. */
  stay(): void;
  stop(): void;
  getState(): TIdleState;
  /** While warning: when the sign-out happens. */
  getDeadline(): number | null;
}

/**
 * The inactivity rule without any DOM: time comes from `now` and `setTimeout`, so tests drive it with
 * fake timers. Deadlines are checked against the clock when a timer fires, because browsers delay timers
 * in background tabs and a sleeping laptop fires them late: an hour asleep signs out at once.
 */
export function createIdleTimer(options: TIdleTimerOptions): TIdleTimer {
  const { idleMs, onWarn, onTimeout } = options;
  const graceMs = options.graceMs ?? SIGN_OUT_GRACE_MS;
  const now = options.now ?? Date.now;
  let state: TIdleState = 'active';
  let lastActivity = now();
  let deadline: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function clear() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function timeOut() {
    clear();
    state = 'timed-out';
    deadline = null;
    onTimeout();
  }

  function checkIdle() {
    const idleFor = now() - lastActivity;
    if (idleFor >= idleMs + graceMs) {
      timeOut();
      return;
    }
    if (idleFor < idleMs) {
      schedule(idleMs - idleFor, checkIdle);
      return;
    }
    state = 'warning';
    deadline = lastActivity + idleMs + graceMs;
    schedule(deadline - now(), checkGrace);
    onWarn(deadline);
  }

  function checkGrace() {
    if (deadline !== null && now() < deadline) {
      schedule(deadline - now(), checkGrace);
      return;
    }
    timeOut();
  }

  function schedule(delay: number, callback: () => void) {
    clear();
    timer = setTimeout(callback, Math.max(0, delay));
  }

  function restart() {
    lastActivity = now();
    state = 'active';
    deadline = null;
    schedule(idleMs, checkIdle);
  }

  restart();

  return {
    recordActivity() {
      if (state === 'active') lastActivity = now();
    },
    stay() {
      if (state === 'active' || state === 'warning') restart();
    },
    stop() {
      clear();
      state = 'stopped';
      deadline = null;
    },
    getState: () => state,
    getDeadline: () => deadline,
  };
}

export function idleMsFromMinutes(minutes: number | undefined): number {
  return (minutes && minutes > 0 ? minutes : DEFAULT_IDLE_MINUTES) * 60_000;
}
