import { useRef } from 'react';
import { notifications, type TNotificationInput, type TNotificationStore } from './notification-store.ts';

type TAttemptErrorOptions = Omit<TNotificationInput, 'type' | 'message'>;

/**
 * The error of a form the user tries again (a code, a password): shown on failure, and taken away by the
 * attempt that succeeds, so an 'Invalid OTP' toast does not outlive the confirmation that followed it.
 */
export function useAttemptError(store: TNotificationStore = notifications) {
  const shown = useRef<string | null>(null);
  return {
    fail(message: string, options?: TAttemptErrorOptions) {
      shown.current = store.error(message, options);
    },
    succeed() {
      if (shown.current) store.remove(shown.current);
      shown.current = null;
    },
  };
}
