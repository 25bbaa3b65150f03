import type { BrowserContext } from 'playwright-core';
import type { RunningApp } from './app-server.ts';
import { waitForMailedCode } from './outbox.ts';

export interface TE2eUser {
  id: string;
  email: string;
  password: string;
  name: string;
  /** The session cookies better-auth set (name and value). */
  cookies: Array<{ name: string; value: string }>;
}

function readCookies(response: Response): Array<{ name: string; value: string }> {
  return response.headers.getSetCookie().map((header) => {
    const pair = header.split(';')[0] ?? '';
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}

async function postAuth(app: RunningApp, path: string, body: unknown): Promise<Response> {
  // better-auth checks the origin of state-changing calls against PUBLIC_URL.
  const response = await fetch(`${app.baseUrl}/api/auth${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.baseUrl },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

/**
 * Signs a user up through the API the way the sign-up page does: the e-mailed code from the app's
 * outbox confirms the address and signs the user in.
 */
export async function createUser(
  app: RunningApp,
  { email, name, password = 'correct horse battery' }: { email: string; name: string; password?: string },
): Promise<TE2eUser> {
  await postAuth(app, '/sign-up/email', { email, password, name });
  const otp = await waitForMailedCode(app.dataDir, email, { subjectIncludes: 'verification code' });
  const verified = await postAuth(app, '/email-otp/verify-email', { email, otp });
  const body = (await verified.json()) as { user: { id: string } };
  const cookies = readCookies(verified);
  if (!cookies.some((cookie) => cookie.name.includes('session_token'))) {
    throw new Error('verify-email set no session cookie');
  }
  return { id: body.user.id, email, password, name, cookies };
}

/** Puts the user's session cookies into the browser, so pages open signed in. */
export async function signInBrowser(context: BrowserContext, app: RunningApp, user: TE2eUser): Promise<void> {
  await context.clearCookies();
  await context.addCookies(user.cookies.map((cookie) => ({ ...cookie, url: app.baseUrl })));
}

/** An API call as the user (cookie session), answering the parsed JSON body. */
export async function apiAs<T = unknown>(
  app: RunningApp,
  user: TE2eUser,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method,
    headers: {
      cookie: user.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
      origin: app.baseUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** Signs an existing user in with a password through the API (as the sign-in page does). */
export async function signInUser(app: RunningApp, email: string, password: string): Promise<TE2eUser> {
  const response = await postAuth(app, '/sign-in/email', { email, password });
  const body = (await response.json()) as { user: { id: string; name: string } };
  return { id: body.user.id, email, password, name: body.user.name, cookies: readCookies(response) };
}
