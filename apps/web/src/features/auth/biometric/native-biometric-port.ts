import { NativeBiometric } from '@capgo/capacitor-native-biometric';
import type { TBiometricPort } from './biometric-types.ts';

/** The port on @capgo/capacitor-native-biometric: Keychain (iOS) / Keystore (Android) behind the system's check. */
export function createNativeBiometricPort(server: string): TBiometricPort {
  return {
    async isAvailable() {
      try {
        return (await NativeBiometric.isAvailable()).isAvailable;
      } catch {
        return false;
      }
    },
    async verify(reason) {
      try {
        await NativeBiometric.verifyIdentity({ reason, title: 'Strata', negativeButtonText: 'Use password' });
        return true;
      } catch {
        // Not recognised, too many attempts, cancelled: all the same to the user — sign in with the password.
        return false;
      }
    },
    async hasSavedSignIn() {
      try {
        return (await NativeBiometric.isCredentialsSaved({ server })).isSaved;
      } catch {
        return false;
      }
    },
    async loadSignIn() {
      try {
        const { username, password } = await NativeBiometric.getCredentials({ server });
        return username && password ? { email: username, password } : null;
      } catch {
        return null;
      }
    },
    async saveSignIn({ email, password }) {
      await NativeBiometric.setCredentials({ username: email, password, server });
    },
    async forgetSignIn() {
      await NativeBiometric.deleteCredentials({ server }).catch(() => {});
    },
  };
}
