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
