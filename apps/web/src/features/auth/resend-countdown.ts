/** Seed §4: resending a code waits a delay counted from the last send. */
export const RESEND_DELAY_SECONDS = 60;

export type TCodePurpose = 'sign-up' | 'password-reset';

/** Whole seconds until the code may be sent again; 0 when it may be sent now. */
export function secondsUntilResend(
  lastSentAt: number | null,
  now: number,
  delaySeconds: number = RESEND_DELAY_SECONDS,
): number {
  if (lastSentAt === null) return 0;
  const remainingMs = lastSentAt + delaySeconds * 1000 - now;
  return remainingMs <= 0 ? 0 : Math.ceil(remainingMs / 1000);
}

function storageKey(purpose: TCodePurpose, email: string): string {
  return `strata-code-sent:${purpose}:${email.trim().toLowerCase()}`;
}

/**
 * The last send time per address and purpose, in session storage so a reload keeps the countdown while a
 * new tab (or sign-out, which clears storage) starts fresh.
 */
export function createCodeSendLog(storage: Storage) {
  return {
    lastSentAt(purpose: TCodePurpose, email: string): number | null {
      const value = Number(storage.getItem(storageKey(purpose, email)));
      return Number.isFinite(value) && value > 0 ? value : null;
    },
    markSent(purpose: TCodePurpose, email: string, now: number): void {
      storage.setItem(storageKey(purpose, email), String(now));
    },
  };
}
