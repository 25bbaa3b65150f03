import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  renderSignIn,
  requestJson,
  respondJson,
  restoreApiClient,
  serveSignIn,
} from '../testing/sign-in-harness.tsx';
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

/** The server: better-auth's password sign-in, answered for `acceptedPassword` only. */
function serve(acceptedPassword: string) {
  const signIns: unknown[] = [];
  serveSignIn(async (url, input, init) => {
    if (!url.endsWith('/api/auth/sign-in/email')) return null;
    const body = (await requestJson(input, init)) as { password: string };
    signIns.push(body);
    return body.password === acceptedPassword
      ? respondJson(200, { redirect: false, token: 't', user: { id: 'u1', email: ADA.email } })
      : respondJson(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
  });
  return signIns;
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
  restoreApiClient();
});

describe('biometric sign-in in the native app', () => {
  it('offers to save the sign-in after a password sign-in, behind a biometric check', async () => {
    serve(ADA.password);
    renderSignIn('/login');
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
    renderSignIn('/login');
    await userEvent.click(await screen.findByRole('checkbox', { name: /next time/ }));
    await typePassword(ADA.password);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('dashboards')).toBeTruthy();
    expect(device.saved).toBeNull();
  });

  it('signs in with the saved sign-in once the check passes', async () => {
    const signIns = serve(ADA.password);
    device.saved = ADA;
    renderSignIn('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with fingerprint or face' }));
    expect(await screen.findByText('dashboards')).toBeTruthy();
    expect(device.verifyReasons).toEqual(['Sign in to Strata']);
    expect(signIns).toEqual([ADA]);
  });

  it('a failed or cancelled check is simply false: no call, the password form stays', async () => {
    const signIns = serve(ADA.password);
    device.saved = ADA;
    device.verifies = false;
    renderSignIn('/login');
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
    renderSignIn('/login');
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
    renderSignIn('/login');
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
    renderSignIn('/login');
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
    renderSignIn('/login');
    await screen.findByRole('button', { name: 'Sign in with a passkey' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('checkbox', { name: /next time/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in with fingerprint or face' })).toBeNull();
  });
});
