import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';
import { authCall, authClient, authFetch } from './auth-client.ts';

async function isConditionalUiAvailable(): Promise<boolean> {
  const credential = (
    globalThis as { PublicKeyCredential?: { isConditionalMediationAvailable?: () => Promise<boolean> } }
  ).PublicKeyCredential;
  return (await credential?.isConditionalMediationAvailable?.().catch(() => false)) ?? false;
}

/**
 * The sign-in page's two passkey ceremonies, one at a time. A page holds one WebAuthn request (a new one aborts
 * the one before) and the server one challenge per browser (a cookie). So a press on the passkey button while
 * the autofill request was still being prepared was aborted by it, or checked against its challenge: the press
 * was lost without a word. The button now waits for the autofill's challenge, and the autofill stands down
 * while the button's ceremony runs; the page offers it again when that ceremony ends without a sign-in.
 */
export class PasskeySignIn {
  private autofillChallenge: Promise<unknown> = Promise.resolve();
  private isButtonCeremonyRunning = false;

  /**
   * Offers passkeys in the e-mail field's autofill (conditional UI) where the browser supports it. Resolves
   * true once signed in through it, false when not offered; rejects when dismissed or aborted.
   */
  async offerInAutofill(isActive: () => boolean): Promise<boolean> {
    const isWanted = () => isActive() && !this.isButtonCeremonyRunning;
    if (!(await isConditionalUiAvailable()) || !isWanted()) return false;
    const challenge = authFetch<PublicKeyCredentialRequestOptionsJSON>(
      '/passkey/generate-authenticate-options',
      {
        method: 'GET',
      },
    );
    this.autofillChallenge = challenge.catch(() => undefined);
    const optionsJSON = await challenge;
    if (!isWanted()) return false;
    const { clientExtensionResults: _, ...response } = await startAuthentication({
      optionsJSON,
      useBrowserAutofill: true,
    });
    await authFetch('/passkey/verify-authentication', { method: 'POST', body: { response } });
    return true;
  }

  /** The passkey button: the browser's own passkey dialog, which aborts the autofill offer under way. */
  async signInWithButton(): Promise<void> {
    this.isButtonCeremonyRunning = true;
    try {
      await this.autofillChallenge;
      await authCall(authClient.signIn.passkey());
    } finally {
      this.isButtonCeremonyRunning = false;
    }
  }
}
