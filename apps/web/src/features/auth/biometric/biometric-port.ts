import { isNativePlatform } from '../../../shared/platform/native-platform.ts';

/** A sign-in kept on the device for biometric sign-in (the seed's "saved credentials"). */
export interface TSavedSignIn {
  email: string;
  password: string;
}

/**
 * What the sign-in page needs of the device: the native app's biometric check and secure credential store
 * (docs/mobile.md). On the web there is none — passkeys are the web's biometric sign-in.
 */
export interface TBiometricPort {
  /** Whether a fingerprint or face check can run now (hardware present, enrolled, allowed). */
  isAvailable(): Promise<boolean>;
  /** The system's check. A failure or a cancel is `false`, never an error (seed §1). */
  verify(reason: string): Promise<boolean>;
  hasSavedSignIn(): Promise<boolean>;
  /** The saved sign-in, or null when there is none or the store refuses it. */
  loadSignIn(): Promise<TSavedSignIn | null>;
  saveSignIn(signIn: TSavedSignIn): Promise<void>;
  forgetSignIn(): Promise<void>;
}

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
