import { isNativePlatform } from '../../../shared/platform/native-platform.ts';
import type { TBiometricPort } from './biometric-types.ts';

export const NO_BIOMETRICS: TBiometricPort = {
  isAvailable: async () => false,
  verify: async () => false,
  hasSavedSignIn: async () => false,
  loadSignIn: async () => null,
  saveSignIn: async () => {},
  forgetSignIn: async () => {},
};

/** The device's port: the plugin's code is loaded only inside the native app. */
export async function loadBiometricPort(): Promise<TBiometricPort> {
  if (!isNativePlatform()) return NO_BIOMETRICS;
  const { createNativeBiometricPort } = await import('./native-biometric-port.ts');
  // Saved sign-ins are kept per server: the same app may be pointed at another Strata later.
  return createNativeBiometricPort(globalThis.location.origin);
}
