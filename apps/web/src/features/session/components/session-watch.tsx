import { useEffect, useRef, useState } from 'react';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { useSession } from '../../auth/index.ts';
import { useUserSettings } from '../api/get-user-settings.ts';
import { createIdleTimer, idleMsFromMinutes, type TIdleTimer } from '../idle-timer.ts';
import { IDLE_SIGN_OUT_MESSAGE, signOut } from '../sign-out.ts';
import { IdleWarningModal } from './idle-warning-modal.tsx';

export const SETTINGS_FETCH_ERROR = 'Settings fetch error';

/** Activity per the seed: pointer, key, scroll, touch. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

/**
 * Lives in the signed-in layout: loads the user's settings after sign-in and watches for inactivity
 * with the user's `allowedInactivityTime`.
 */
export function SessionWatch() {
  const session = useSession();
  const userId = session.data?.user.id;
  const settings = useUserSettings(userId);
  const [deadline, setDeadline] = useState<number | null>(null);
  const timerRef = useRef<TIdleTimer | null>(null);

  // Seed §8: without a user id the settings cannot be read and the session is not usable.
  useEffect(() => {
    if (session.data && !session.data.user.id) {
      notifications.error(SETTINGS_FETCH_ERROR);
      void signOut({ isForced: true });
    }
  }, [session.data]);

  useEffect(() => {
    if (settings.isError) notifications.error(SETTINGS_FETCH_ERROR);
  }, [settings.isError]);

  const idleMs = idleMsFromMinutes(settings.data?.allowedInactivityTime);

  useEffect(() => {
    const timer = createIdleTimer({
      idleMs,
      onWarn: (at) => setDeadline(at),
      onTimeout: () => {
        setDeadline(null);
        void signOut({ isForced: true, message: IDLE_SIGN_OUT_MESSAGE });
      },
    });
    timerRef.current = timer;
    const onActivity = () => timer.recordActivity();
    for (const name of ACTIVITY_EVENTS) {
      window.addEventListener(name, onActivity, { passive: true, capture: true });
    }
    return () => {
      timer.stop();
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [idleMs]);

  return (
    <IdleWarningModal
      deadline={deadline}
      onStay={() => {
        timerRef.current?.stay();
        setDeadline(null);
      }}
      onSignOut={() => {
        setDeadline(null);
        void signOut();
      }}
    />
  );
}
