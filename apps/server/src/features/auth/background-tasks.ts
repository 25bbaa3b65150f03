export interface TBackgroundTaskLogger {
  error(object: object, message: string): void;
}

export interface TBackgroundTasks {
  /** Starts nothing: tracks an already running promise and logs its failure. */
  run(promise: Promise<unknown>): void;
  /** Resolves once every tracked task (and any task they started meanwhile) has settled. */
  idle(): Promise<void>;
}

/**
 * better-auth's `advanced.backgroundTasks.handler`. Mail goes out after the response, so an answer takes
 * as long for an unknown e-mail (no mail) as for a known one (slow SMTP): no timing hint of who exists.
 * `idle()` lets shutdown (and tests) wait for the mails still on their way.
 */
export function createBackgroundTasks(logger: TBackgroundTaskLogger): TBackgroundTasks {
  const pending = new Set<Promise<unknown>>();
  return {
    run(promise) {
      const tracked: Promise<unknown> = promise
        .catch((error: unknown) => logger.error({ err: error }, 'Background task failed'))
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
