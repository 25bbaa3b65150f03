import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../shared/api/api-client.ts';
import { NotificationRenderer } from '../../../shared/notifications/notification-renderer.tsx';
import { Component as LoginPage } from '../routes/login-page.tsx';
import type { TBiometricPort, TSavedSignIn } from './biometric-types.ts';

// The device is faked at its port: the module wrapping the Capacitor plugin (native-biometric-port.ts) is the
// only thing replaced. Everything above it — the hook, the page, better-auth's client over fetch — is real.
const device = vi.hoisted(() => ({
  isAvailable: true,
  verifies: true,
  saved: null as TSavedSignIn | null,
  verifyReasons: [] as string[],
}));
vi.mock('./native-biometric-port.ts', () => ({
  createNativeBiometricPort: (): TBiometricPort => ({
    isAvailable: async () => device.isAvailable,
    verify: async (reason) => {
      device.verifyReasons.push(reason);
      return device.verifies;
    },
    hasSavedSignIn: async () => device.saved !== null,
    loadSignIn: async () => device.saved,
    saveSignIn: async (signIn) => {
      device.saved = signIn;
    },
    forgetSignIn: async () => {
      device.saved = null;
    },
  }),
}));

const ADA = { email: 'ada@example.com', password: 'correct-horse-1' };

/** The server: better-auth's sign-in and session, and the subscription the landing path reads. */
function serve(acceptedPassword: string) {
  const signIns: unknown[] = [];
  const respond = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchStub = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/api/auth/sign-in/email')) {
      const body = JSON.parse(String(input instanceof Request ? await input.text() : init?.body));
      signIns.push(body);
      return body.password === acceptedPassword
        ? respond(200, { redirect: false, token: 't', user: { id: 'u1', email: ADA.email } })
        : respond(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    }
    if (url.endsWith('/api/auth/get-session')) {
      return respond(200, {
        session: { id: 's1', userId: 'u1', expiresAt: '2030-01-01T00:00:00Z' },
        user: { id: 'u1', email: ADA.email, name: 'Ada' },
      });
    }
    if (url.includes('/api/subscription')) return respond(200, { is_active: true });
    return respond(200, { emailPassword: true, passkey: true, oidc: null });
  }) as typeof fetch;
  vi.stubGlobal('fetch', fetchStub);
  configureApiClient({ fetch: fetchStub, logError: () => {} });
  return signIns;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/dashboards', element: <p>dashboards</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <NotificationRenderer />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

async function typePassword(password: string) {
  await userEvent.type(screen.getByLabelText(/E-mail/), ADA.email);
  await userEvent.type(screen.getByLabelText(/Password/), password);
}

beforeEach(() => {
  vi.stubGlobal('Capacitor', { isNativePlatform: () => true });
  Object.assign(device, { isAvailable: true, verifies: true, saved: null, verifyReasons: [] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  configureApiClient({
    fetch: (...args) => globalThis.fetch(...args),
    logError: (entry) => console.error(entry),
  });
});

describe('biometric sign-in in the native app', () => {
  it('offers to save the sign-in after a password sign-in, behind a biometric check', async () => {
    serve(ADA.password);
    renderAt('/login');
    const remember = await screen.findByRole('checkbox', {
      name: 'Use fingerprint or face to sign in next time',
    });
    expect(screen.queryByRole('button', { name: 'Sign in with fingerprint or face' })).toBeNull();
    await typePassword(ADA.password);
    await userEvent.click(remember);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('dashboards')).toBeTruthy();
    expect(device.verifyReasons).toEqual(['Confirm to sign in with fingerprint or face next time']);
    expect(device.saved).toEqual(ADA);
  });

  it('saves nothing when the check at saving fails', async () => {
    serve(ADA.password);
    device.verifies = false;
    renderAt('/login');
    await userEvent.click(await screen.findByRole('checkbox', { name: /next time/ }));
    await typePassword(ADA.password);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('dashboards')).toBeTruthy();
    expect(device.saved).toBeNull();
  });

  it('signs in with the saved sign-in once the check passes', async () => {
    const signIns = serve(ADA.password);
    device.saved = ADA;
    renderAt('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with fingerprint or face' }));
    expect(await screen.findByText('dashboards')).toBeTruthy();
    expect(device.verifyReasons).toEqual(['Sign in to Strata']);
    expect(signIns).toEqual([ADA]);
  });

  it('a failed or cancelled check is simply false: no call, the password form stays', async () => {
    const signIns = serve(ADA.password);
    device.saved = ADA;
    device.verifies = false;
    renderAt('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with fingerprint or face' }));
    await waitFor(() => expect(device.verifyReasons).toHaveLength(1));
    expect(signIns).toEqual([]);
    expect(screen.getByLabelText(/Password/)).toBeTruthy();
    expect(screen.queryByText('Signin error')).toBeNull();
    expect(device.saved).toEqual(ADA);
  });

  it('forgets a saved sign-in the server refuses (the password changed) and says so', async () => {
    serve('a-new-password-2');
    device.saved = ADA;
    renderAt('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with fingerprint or face' }));
    expect(await screen.findByText('Your saved sign-in no longer works')).toBeTruthy();
    expect(device.saved).toBeNull();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Sign in with fingerprint or face' })).toBeNull(),
    );
  });

  it('unticking the option forgets the saved sign-in at the next password sign-in', async () => {
    serve(ADA.password);
    device.saved = ADA;
    renderAt('/login');
    const remember = await screen.findByRole('checkbox', { name: /next time/ });
    await waitFor(() => expect((remember as HTMLInputElement).checked).toBe(true));
    await userEvent.click(remember);
    await typePassword(ADA.password);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('dashboards')).toBeTruthy();
    expect(device.saved).toBeNull();
  });

  it('a device without biometrics shows neither the option nor the button', async () => {
    serve(ADA.password);
    device.isAvailable = false;
    device.saved = ADA;
    renderAt('/login');
    await screen.findByRole('button', { name: 'Sign in' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('checkbox', { name: /next time/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in with fingerprint or face' })).toBeNull();
  });
});

describe('in a browser', () => {
  it('offers no biometric option (passkeys are the web’s)', async () => {
    vi.stubGlobal('Capacitor', undefined);
    serve(ADA.password);
    device.saved = ADA;
    renderAt('/login');
    await screen.findByRole('button', { name: 'Sign in with a passkey' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('checkbox', { name: /next time/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in with fingerprint or face' })).toBeNull();
  });
});
