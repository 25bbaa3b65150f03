import { useCallback, useEffect, useMemo, useState } from 'react';
import { createCodeSendLog, secondsUntilResend, type TCodePurpose } from '../resend-countdown.ts';

/** Seconds left before a code may be resent to `email`, ticking once a second while above zero. */
export function useResendCountdown(purpose: TCodePurpose, email: string) {
  const log = useMemo(() => createCodeSendLog(window.sessionStorage), []);
  const compute = useCallback(
    () => secondsUntilResend(log.lastSentAt(purpose, email), Date.now()),
    [log, purpose, email],
  );
  const [secondsLeft, setSecondsLeft] = useState(compute);
  // Bumped on each send so the ticking restarts.
  const [sendCount, setSendCount] = useState(0);

  useEffect(() => {
    void sendCount;
    setSecondsLeft(compute());
    if (compute() === 0) return;
    const interval = window.setInterval(() => {
      const next = compute();
      setSecondsLeft(next);
      if (next === 0) window.clearInterval(interval);
    }, 1000);
    return () => window.clearInterval(interval);
  }, [compute, sendCount]);

  const markSent = useCallback(() => {
    log.markSent(purpose, email, Date.now());
    setSendCount((count) => count + 1);
  }, [log, purpose, email]);

  return { secondsLeft, markSent };
}

/** Records a send outside a mounted countdown (sign-up and sign-in send before navigating). */
export function markCodeSent(purpose: TCodePurpose, email: string): void {
  createCodeSendLog(window.sessionStorage).markSent(purpose, email, Date.now());
}
