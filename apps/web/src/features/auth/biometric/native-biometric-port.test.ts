import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createNativeBiometricPort } from './native-biometric-port.ts';

// The Capacitor plugin is the boundary that cannot run here (no device): faked with the plugin's own answers
// and rejections as its definitions describe them.
const plugin = vi.hoisted(() => ({
  isAvailable: vi.fn(),
  verifyIdentity: vi.fn(),
  isCredentialsSaved: vi.fn(),
  getCredentials: vi.fn(),
  setCredentials: vi.fn(),
  deleteCredentials: vi.fn(),
}));
vi.mock('@capgo/capacitor-native-biometric', () => ({ NativeBiometric: plugin }));

const SERVER = 'https://strata.example.com';

beforeEach(() => {
  for (const fn of Object.values(plugin)) fn.mockReset();
});

describe('the native biometric port', () => {
  it('a failed, locked-out or cancelled check is false, never an error', async () => {
    const port = createNativeBiometricPort(SERVER);
    plugin.verifyIdentity.mockRejectedValueOnce(
      Object.assign(new Error('Authentication failed'), { code: '10' }),
    );
    expect(await port.verify('Sign in to Strata')).toBe(false);
    plugin.verifyIdentity.mockRejectedValueOnce(new Error('User cancelled'));
    expect(await port.verify('Sign in to Strata')).toBe(false);
    plugin.verifyIdentity.mockResolvedValueOnce(undefined);
    expect(await port.verify('Sign in to Strata')).toBe(true);
    expect(plugin.verifyIdentity).toHaveBeenLastCalledWith(
      expect.objectContaining({ reason: 'Sign in to Strata' }),
    );
  });

  it('keeps the sign-in per server, and reads a missing or refused one as none', async () => {
    const port = createNativeBiometricPort(SERVER);
    await port.saveSignIn({ email: 'ada@example.com', password: 'pw' });
    expect(plugin.setCredentials).toHaveBeenCalledWith({
      username: 'ada@example.com',
      password: 'pw',
      server: SERVER,
    });
    plugin.getCredentials.mockResolvedValueOnce({ username: 'ada@example.com', password: 'pw' });
    expect(await port.loadSignIn()).toEqual({ email: 'ada@example.com', password: 'pw' });
    plugin.getCredentials.mockRejectedValueOnce(new Error('No credentials found'));
    expect(await port.loadSignIn()).toBeNull();
    plugin.isCredentialsSaved.mockResolvedValueOnce({ isSaved: true });
    expect(await port.hasSavedSignIn()).toBe(true);
    expect(plugin.isCredentialsSaved).toHaveBeenCalledWith({ server: SERVER });
  });

  it('a device without biometrics, or a plugin error, is "not available"', async () => {
    const port = createNativeBiometricPort(SERVER);
    plugin.isAvailable.mockResolvedValueOnce({ isAvailable: false, biometryType: 0 });
    expect(await port.isAvailable()).toBe(false);
    plugin.isAvailable.mockRejectedValueOnce(new Error('not implemented'));
    expect(await port.isAvailable()).toBe(false);
    plugin.isAvailable.mockResolvedValueOnce({ isAvailable: true, biometryType: 3 });
    expect(await port.isAvailable()).toBe(true);
  });

  it('forgetting a sign-in that is not there is not an error', async () => {
    plugin.deleteCredentials.mockRejectedValueOnce(new Error('No credentials found'));
    await expect(createNativeBiometricPort(SERVER).forgetSignIn()).resolves.toBeUndefined();
  });
});
