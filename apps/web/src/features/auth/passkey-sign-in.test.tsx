import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  renderSignIn,
  requestJson,
  respondJson,
  restoreApiClient,
  serveSignIn,
} from './testing/sign-in-harness.tsx';

// The browser's WebAuthn is faked at navigator.credentials (the authenticator cannot run here), and the server at
// fetch. Everything between — the page, @simplewebauthn/browser with its one-request-per-page abort, better-auth's
// client — is real. The fake server keeps one challenge per browser, as better-auth's cookie does.

const toBase64Url = (text: string) => Buffer.from(text).toString('base64url');

interface TPendingGet {
  mediation: string | undefined;
  isAborted: boolean;
  resolve: () => void;
  /** The user closes the browser's dialog. */
  dismiss: () => void;
}

/** A browser that offers passkeys in autofill (conditional mediation). */
const FakePublicKeyCredential = Object.assign(function PublicKeyCredential() {}, {
  isConditionalMediationAvailable: async () => true,
});

function fakeWebAuthn() {
  const gets: TPendingGet[] = [];
  const credentials = {
    get: (options: CredentialRequestOptions & { mediation?: string }) =>
      new Promise((resolve, reject) => {
        const challenge = Buffer.from(options.publicKey?.challenge as ArrayBuffer).toString('base64url');
        const pending: TPendingGet = {
          mediation: options.mediation,
          isAborted: false,
          resolve: () =>
            resolve({
              id: 'credential-1',
              rawId: new Uint8Array([1]).buffer,
              type: 'public-key',
              authenticatorAttachment: 'platform',
              response: {
                authenticatorData: new Uint8Array([2]).buffer,
                clientDataJSON: new TextEncoder().encode(JSON.stringify({ challenge })).buffer,
                signature: new Uint8Array([3]).buffer,
                userHandle: null,
              },
              getClientExtensionResults: () => ({}),
            }),
          dismiss: () => reject(new DOMException('The operation was cancelled.', 'NotAllowedError')),
        };
        options.signal?.addEventListener('abort', () => {
          pending.isAborted = true;
          reject(new DOMException('The operation was aborted.', 'AbortError'));
        });
        gets.push(pending);
      }),
  };
  Object.defineProperty(globalThis.navigator, 'credentials', { value: credentials, configurable: true });
  vi.stubGlobal('PublicKeyCredential', FakePublicKeyCredential);
  return gets;
}

/** better-auth's passkey endpoints, with one challenge per browser as its cookie keeps it. */
function serve() {
  let issued = 0;
  let cookieChallenge: string | null = null;
  const heldOptions: Array<() => void> = [];
  const state = { holdNextOptions: true, verified: [] as string[] };
  serveSignIn(async (url, input, init) => {
    if (url.includes('/api/auth/passkey/generate-authenticate-options')) {
      issued += 1;
      const challenge = toBase64Url(`challenge-${issued}`);
      if (state.holdNextOptions) {
        state.holdNextOptions = false;
        await new Promise<void>((release) => heldOptions.push(release));
      }
      cookieChallenge = challenge;
      return respondJson(200, {
        challenge,
        rpId: 'localhost',
        allowCredentials: [],
        userVerification: 'preferred',
      });
    }
    if (url.endsWith('/api/auth/passkey/verify-authentication')) {
      const body = (await requestJson(input, init)) as { response: { response: { clientDataJSON: string } } };
      const clientData = JSON.parse(
        Buffer.from(body.response.response.clientDataJSON, 'base64url').toString(),
      );
      if (clientData.challenge !== cookieChallenge)
        return respondJson(400, { message: 'Challenge not found' });
      state.verified.push(clientData.challenge);
      return respondJson(200, { session: { id: 's1' }, user: { id: 'u1' } });
    }
    return null;
  });
  return { state, heldOptions };
}

let gets: TPendingGet[];
beforeEach(() => {
  gets = fakeWebAuthn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(globalThis.navigator, 'credentials');
  restoreApiClient();
});

describe('passkeys on the sign-in page', () => {
  it('signs in through the autofill offer when the user picks the passkey there', async () => {
    const server = serve();
    server.state.holdNextOptions = false;
    renderSignIn();
    await waitFor(() => expect(gets).toHaveLength(1));
    expect(gets[0]?.mediation).toBe('conditional');
    gets[0]?.resolve();
    expect(await screen.findByText('dashboards')).toBeTruthy();
    expect(server.state.verified).toEqual([toBase64Url('challenge-1')]);
  });

  it('a press on the button while the autofill offer is being prepared is not lost', async () => {
    const server = serve();
    renderSignIn();
    // The autofill's challenge is on its way when the user presses the button.
    await waitFor(() => expect(server.heldOptions).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    server.heldOptions[0]?.();
    // The browser's passkey dialog is answered by the user a moment later.
    await waitFor(() => expect(gets.some((get) => get.mediation === undefined)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const dialog = gets.find((get) => get.mediation === undefined);
    expect(dialog?.isAborted).toBe(false);
    dialog?.resolve();
    expect(await screen.findByText('dashboards')).toBeTruthy();
    expect(server.state.verified).toEqual([toBase64Url('challenge-2')]);
    expect(gets.filter((get) => get.mediation === 'conditional')).toEqual([]);
  });

  it('offers the passkeys in the autofill again once the button’s dialog was closed without a sign-in', async () => {
    const server = serve();
    server.state.holdNextOptions = false;
    renderSignIn();
    await waitFor(() => expect(gets).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(gets).toHaveLength(2));
    expect(gets[0]?.isAborted).toBe(true);
    gets[1]?.dismiss();
    // Not signed in, and nothing to report: the autofill offers the passkeys again, and picking one signs in.
    await waitFor(() => expect(gets).toHaveLength(3));
    expect(gets[2]?.mediation).toBe('conditional');
    expect(screen.queryByText('Signin error')).toBeNull();
    gets[2]?.resolve();
    expect(await screen.findByText('dashboards')).toBeTruthy();
    expect(server.state.verified).toEqual([toBase64Url('challenge-3')]);
  });
});
