import { passkeyClient } from '@better-auth/passkey/client';
import { WEAK_PASSWORD } from '@strata/contracts/auth-passwords';
import { createAuthClient } from 'better-auth/client';
import { emailOTPClient, twoFactorClient } from 'better-auth/client/plugins';

export const AUTH_BASE_PATH = '/api/auth';

/**
 * better-auth's browser client for the flows that need its plugins (WebAuthn ceremonies, OTP and TOTP
 * endpoints). TanStack Query owns the session (`api/get-session.ts`), so the client's own session atom
 * never refetches on focus.
 */
export const authClient = createAuthClient({
  baseURL: typeof window === 'undefined' ? undefined : window.location.origin,
  basePath: AUTH_BASE_PATH,
  sessionOptions: { refetchOnWindowFocus: false },
  // better-auth keeps the fetch it finds at creation; look it up per call so page tests can answer for the server.
  fetchOptions: { customFetchImpl: (input, init) => globalThis.fetch(input, init) },
  plugins: [emailOTPClient(), twoFactorClient(), passkeyClient()],
});

/** A failed better-auth call: HTTP status, better-auth's code (e.g. `INVALID_EMAIL_OR_PASSWORD`) and text. */
export class AuthRequestError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(status: number, code: string | undefined, message: string | undefined) {
    super(message && message.trim() !== '' ? message : `Request failed (${status})`);
    this.name = 'AuthRequestError';
    this.status = status;
    this.code = code;
  }
}

export function isAuthRequestError(error: unknown): error is AuthRequestError {
  return error instanceof AuthRequestError;
}

interface TAuthErrorBody {
  status: number;
  code?: string | undefined;
  message?: string | undefined;
}

type TAuthResult<T> = { data: T; error: null } | { data: null; error: TAuthErrorBody };

/** better-auth answers `{ data, error }`; the app's code prefers a value or a thrown error. */
export async function authCall<T>(call: Promise<TAuthResult<T>>): Promise<T> {
  const result = await call;
  if (result.error) throw new AuthRequestError(result.error.status, result.error.code, result.error.message);
  return result.data as T;
}

/** A better-auth endpoint that no client method wraps, called as `authCall` calls the others. */
export function authFetch<T>(path: string, options: { method: 'GET' | 'POST'; body?: object }): Promise<T> {
  return authCall(authClient.$fetch<T>(path, options) as Promise<TAuthResult<T>>);
}

/** Text for a toast's description: better-auth's message, or a hint that the server was not reached. */
export function authErrorDescription(error: unknown): string | undefined {
  if (isAuthRequestError(error)) {
    // The server says which limit (per address, or per account with a longer wait).
    if (error.status === 429) return error.message || 'Too many attempts. Please wait and try again.';
    return error.message;
  }
  if (error instanceof TypeError) return 'The server could not be reached. Check your connection.';
  return error instanceof Error ? error.message : undefined;
}

/** The server's refusal of an easily guessed new password: its text belongs under the password field. */
export function weakPasswordMessage(error: unknown): string | undefined {
  return isAuthRequestError(error) && error.code === WEAK_PASSWORD.code ? error.message : undefined;
}
