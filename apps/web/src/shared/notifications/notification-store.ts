export type TNotificationType = 'error' | 'success' | 'warn' | 'timeout' | 'progress';

export interface TNotificationLink {
  to: string;
  label?: string;
}

export interface TNotificationAction {
  label: string;
  onClick: () => void;
}

export interface TNotificationInput {
  type: TNotificationType;
  message?: string;
  /** Error code, shown when there is no message (seed: fall back to the code, then 'Undefined code'). */
  code?: string;
  description?: string;
  link?: TNotificationLink;
  errors?: string[];
  actions?: TNotificationAction[];
  /** Milliseconds until it closes by itself; null keeps it until closed. Defaults per type. */
  autoCloseMs?: number | null;
}

export interface TNotification {
  id: string;
  type: TNotificationType;
  message: string;
  code?: string;
  description?: string;
  link?: TNotificationLink;
  errors?: string[];
  actions?: TNotificationAction[];
  duplicates_count: number;
  createdAt: number;
  /** Notifications with actions wait for a choice: not closable, and they dim the page. */
  isClosable: boolean;
  isActionRequired: boolean;
}

export const UNDEFINED_CODE_MESSAGE = 'Undefined code';
export const MIN_NOTIFICATION_LIFETIME_MS = 500;
export const MAX_ERROR_DETAILS = 5;
/**
 * At most this many on screen: a newer one pushes out the oldest that may close by itself (never one that
 * waits for a choice, nor a running progress).
 */
export const MAX_VISIBLE_NOTIFICATIONS = 5;

/**
 * Everything but progress leaves on its own; errors stay longest, long enough to read twice. An error that
 * asks for a choice (it has actions) stays until answered, whatever its type's default.
 */
export const DEFAULT_AUTO_CLOSE_MS: Record<TNotificationType, number | null> = {
  error: 15_000,
  success: 5000,
  warn: 8000,
  timeout: 8000,
  progress: null,
};

export function notificationMessage(input: Pick<TNotificationInput, 'message' | 'code'>): string {
  if (input.message && input.message.trim() !== '') return input.message;
  if (input.code && input.code.trim() !== '') return input.code;
  return UNDEFINED_CODE_MESSAGE;
}

/** At most five error entries, then '...' (seed, linked §8). */
export function visibleErrorDetails(errors: readonly string[] | undefined): string[] {
  if (!errors || errors.length === 0) return [];
  if (errors.length <= MAX_ERROR_DETAILS) return [...errors];
  return [...errors.slice(0, MAX_ERROR_DETAILS), '...'];
}

export interface TNotificationClock {
  now: () => number;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

const realClock: TNotificationClock = {
  now: () => Date.now(),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

type TMessageOptions = Omit<TNotificationInput, 'type' | 'message'>;

export interface TNotificationStore {
  getSnapshot(): readonly TNotification[];
  subscribe(listener: () => void): () => void;
  show(input: TNotificationInput): string;
  error(message: string | undefined, options?: TMessageOptions): string;
  success(message: string, options?: TMessageOptions): string;
  warn(message: string, options?: TMessageOptions): string;
  timeout(message: string, options?: TMessageOptions): string;
  /** Shows a progress notification, or updates the one with this id. */
  progress(id: string, message: string, options?: TMessageOptions): string;
  /** Turns a progress notification into a success one (kept at least the minimum lifetime). */
  resolve(id: string, message: string, options?: TMessageOptions): void;
  /** Removes it, but never before it has been visible for the minimum lifetime. */
  remove(id: string): void;
  clear(): void;
}

export function createNotificationStore(clock: TNotificationClock = realClock): TNotificationStore {
  let items: readonly TNotification[] = [];
  const listeners = new Set<() => void>();
  const timers = new Map<string, unknown>();
  let sequence = 0;

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const set = (next: readonly TNotification[]) => {
    items = next;
    emit();
  };
  const cancelTimer = (id: string) => {
    if (timers.has(id)) clock.clearTimer(timers.get(id));
    timers.delete(id);
  };
  const removeNow = (id: string) => {
    cancelTimer(id);
    if (items.some((item) => item.id === id)) set(items.filter((item) => item.id !== id));
  };
  const remove = (id: string) => {
    const item = items.find((candidate) => candidate.id === id);
    if (!item) return;
    const age = clock.now() - item.createdAt;
    if (age >= MIN_NOTIFICATION_LIFETIME_MS) {
      removeNow(id);
      return;
    }
    cancelTimer(id);
    timers.set(
      id,
      clock.setTimer(() => removeNow(id), MIN_NOTIFICATION_LIFETIME_MS - age),
    );
  };
  const dropOverflow = () => {
    while (items.length > MAX_VISIBLE_NOTIFICATIONS) {
      const oldest = items.find((item) => item.isClosable && item.type !== 'progress');
      if (!oldest) return;
      removeNow(oldest.id);
    }
  };
  const scheduleAutoClose = (item: TNotification, autoCloseMs: number | null | undefined) => {
    const delay = autoCloseMs === undefined ? DEFAULT_AUTO_CLOSE_MS[item.type] : autoCloseMs;
    cancelTimer(item.id);
    // Notifications that wait for a choice never leave by themselves.
    if (delay === null || item.isActionRequired) return;
    timers.set(
      item.id,
      clock.setTimer(() => removeNow(item.id), Math.max(delay, MIN_NOTIFICATION_LIFETIME_MS)),
    );
  };
  const build = (id: string, input: TNotificationInput): TNotification => {
    const hasActions = (input.actions?.length ?? 0) > 0;
    return {
      id,
      type: input.type,
      message: notificationMessage(input),
      code: input.code,
      description: input.description,
      link: input.link,
      errors: input.errors,
      actions: input.actions,
      duplicates_count: 0,
      createdAt: clock.now(),
      isClosable: !hasActions,
      isActionRequired: hasActions,
    };
  };

  const show = (input: TNotificationInput): string => {
    const message = notificationMessage(input);
    if (input.type === 'timeout') {
      for (const earlier of items.filter((item) => item.type === 'timeout')) removeNow(earlier.id);
    } else if (input.type !== 'progress') {
      const duplicate = items.find((item) => item.type !== 'progress' && item.message === message);
      if (duplicate) {
        const bumped = { ...duplicate, duplicates_count: duplicate.duplicates_count + 1 };
        set(items.map((item) => (item.id === duplicate.id ? bumped : item)));
        scheduleAutoClose(bumped, input.autoCloseMs);
        return duplicate.id;
      }
    }
    sequence += 1;
    const item = build(`notification-${sequence}`, input);
    set([...items, item]);
    scheduleAutoClose(item, input.autoCloseMs);
    dropOverflow();
    return item.id;
  };

  return {
    getSnapshot: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show,
    error: (message, options) => show({ ...options, type: 'error', message }),
    success: (message, options) => show({ ...options, type: 'success', message }),
    warn: (message, options) => show({ ...options, type: 'warn', message }),
    timeout: (message, options) => show({ ...options, type: 'timeout', message }),
    progress(id, message, options) {
      const existing = items.find((item) => item.id === id);
      const next = { ...build(id, { ...options, type: 'progress', message }) };
      if (existing) {
        set(items.map((item) => (item.id === id ? { ...next, createdAt: existing.createdAt } : item)));
      } else {
        set([...items, next]);
      }
      cancelTimer(id);
      return id;
    },
    resolve(id, message, options) {
      const existing = items.find((item) => item.id === id);
      if (!existing) {
        show({ ...options, type: 'success', message });
        return;
      }
      const resolved = {
        ...build(id, { ...options, type: 'success', message }),
        createdAt: existing.createdAt,
      };
      set(items.map((item) => (item.id === id ? resolved : item)));
      scheduleAutoClose(resolved, options?.autoCloseMs);
    },
    remove,
    clear() {
      for (const id of timers.keys()) cancelTimer(id);
      set([]);
    },
  };
}

/** The app's notification store. */
export const notifications = createNotificationStore();
