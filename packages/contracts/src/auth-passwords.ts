/**
 * better-auth's password endpoints answer in its own `{ code, message }` shape; this is the one answer Strata
 * adds to them (a before-hook on the server), shared so the web app can put it under the password field.
 */
export const WEAK_PASSWORD = {
  code: 'PASSWORD_TOO_WEAK',
  message:
    'Password is too easy to guess: avoid common passwords, keyboard patterns, dates and your name or e-mail. A few unrelated words work well.',
} as const;
