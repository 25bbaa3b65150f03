import { useEffect, useState } from 'react';
import { BIOMETRIC_MESSAGES } from '../auth-messages.ts';
import { loadBiometricPort, NO_BIOMETRICS } from './biometric-port.ts';
import type { TBiometricPort, TSavedSignIn } from './biometric-types.ts';

interface TDeviceState {
  isAvailable: boolean;
  hasSavedSignIn: boolean;
}

/**
 * The sign-in page's biometric side (native app only): whether to offer the biometric button and the
 * "next time" option, what to do after a password sign-in, and reading the saved sign-in back.
 */
export function useBiometricSignIn() {
  const [port, setPort] = useState<TBiometricPort>(NO_BIOMETRICS);
  const [device, setDevice] = useState<TDeviceState>({ isAvailable: false, hasSavedSignIn: false });
  const [remember, setRemember] = useState(false);

  useEffect(() => {
    let isActive = true;
    void (async () => {
      const loaded = await loadBiometricPort();
      const isAvailable = await loaded.isAvailable();
      const hasSavedSignIn = isAvailable && (await loaded.hasSavedSignIn());
      if (!isActive) return;
      setPort(loaded);
      setDevice({ isAvailable, hasSavedSignIn });
      setRemember(hasSavedSignIn);
    })();
    return () => {
      isActive = false;
    };
  }, []);

  /** After the password was accepted: keep it behind the biometric check if asked to, forget it if not. */
  async function afterPasswordSignIn(signIn: TSavedSignIn): Promise<void> {
    if (!device.isAvailable) return;
    if (!remember) {
      if (device.hasSavedSignIn) await port.forgetSignIn();
      return;
    }
    // The check first, so a saved password always belongs to the person holding the device.
    if (await port.verify(BIOMETRIC_MESSAGES.saveReason)) await port.saveSignIn(signIn);
  }

  /** The saved sign-in once the check passes; null when it fails or is cancelled (the form stays). */
  async function readSavedSignIn(): Promise<TSavedSignIn | null> {
    if (!(await port.verify(BIOMETRIC_MESSAGES.signInReason))) return null;
    const signIn = await port.loadSignIn();
    if (!signIn) setDevice((state) => ({ ...state, hasSavedSignIn: false }));
    return signIn;
  }

  /** The server refused the saved sign-in (password changed): forget it. */
  async function forgetSavedSignIn(): Promise<void> {
    await port.forgetSignIn();
    setDevice((state) => ({ ...state, hasSavedSignIn: false }));
    setRemember(false);
  }

  return { device, remember, setRemember, afterPasswordSignIn, readSavedSignIn, forgetSavedSignIn };
}
