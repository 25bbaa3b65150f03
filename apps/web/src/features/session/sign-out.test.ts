import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { COLOR_SCHEME_STORAGE_KEY } from '../../shared/lib/storage.ts';
import {
  createSignOutService,
  forcedSignOutFor,
  IDLE_SIGN_OUT_MESSAGE,
  SIGN_OUT_ERROR,
  type TSignOutDeps,
} from './sign-out.ts';

function setup(overrides: Partial<TSignOutDeps> = {}) {
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'dark');
  window.localStorage.setItem('grid-state', '{}');
  window.sessionStorage.setItem('draft', 'x');
  const queryClient = new QueryClient();
  queryClient.setQueryData(['repositories'], [{ id: 'r1' }]);
  queryClient.setQueryData(['auth', 'session'], { user: { id: 'u1' } });
  const calls: string[] = [];
  const deps = {
    queryClient,
    navigate: vi.fn((to: string) => calls.push(`navigate ${to}`)),
    serverSignOut: vi.fn(async () => {
      calls.push('server');
    }),
    localStorage: window.localStorage,
    sessionStorage: window.sessionStorage,
    closeModals: vi.fn(() => calls.push('modals')),
    notifyError: vi.fn(),
    notifyInfo: vi.fn((message: string) => calls.push(`info ${message}`)),
    sessionQueryKey: ['auth', 'session'],
    ...overrides,
  } satisfies TSignOutDeps;
  return { service: createSignOutService(deps), deps, queryClient, calls };
}

function storageSnapshot() {
  return {
    local: Object.keys(window.localStorage),
    session: Object.keys(window.sessionStorage),
  };
}

describe('sign-out', () => {
  it('runs the blockers, ends the server session, clears everything but the colour scheme, then goes to sign-in', async () => {
    const { service, queryClient, calls } = setup();
    service.registerBlocker(async () => {
      calls.push('blocker');
    });

    await expect(service.signOut()).resolves.toBe(true);

    expect(calls).toEqual(['blocker', 'server', 'modals', 'navigate /login']);
    expect(storageSnapshot()).toEqual({ local: [COLOR_SCHEME_STORAGE_KEY], session: [] });
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    expect(queryClient.getQueryData(['repositories'])).toBeUndefined();
    // The sign-in guard reads "signed out" from the cache instead of asking the server.
    expect(queryClient.getQueryData(['auth', 'session'])).toBeNull();
  });

  it('aborts when a blocker rejects: toast, no server call, nothing cleared', async () => {
    const { service, deps, queryClient } = setup();
    service.registerBlocker(() => Promise.reject(new Error('Draft could not be saved')));

    await expect(service.signOut()).resolves.toBe(false);

    expect(deps.notifyError).toHaveBeenCalledWith(SIGN_OUT_ERROR, 'Draft could not be saved');
    expect(deps.serverSignOut).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
    expect(storageSnapshot().local).toContain('grid-state');
    expect(queryClient.getQueryData(['repositories'])).toEqual([{ id: 'r1' }]);
  });

  it('aborts when the server cannot end the session, so the user is not left half signed in', async () => {
    const { service, deps } = setup({
      serverSignOut: vi.fn(() => Promise.reject(new Error('offline'))),
    });
    await expect(service.signOut()).resolves.toBe(false);
    expect(deps.notifyError).toHaveBeenCalledWith(SIGN_OUT_ERROR, 'offline');
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('a forced sign-out (idle) cannot be vetoed and shows its message after clearing', async () => {
    const { service, deps, calls } = setup({
      serverSignOut: vi.fn(() => Promise.reject(new Error('offline'))),
    });
    service.registerBlocker(() => Promise.reject(new Error('busy')));

    await expect(service.signOut({ isForced: true, message: IDLE_SIGN_OUT_MESSAGE })).resolves.toBe(true);

    expect(deps.notifyError).not.toHaveBeenCalled();
    expect(calls).toEqual(['modals', 'navigate /login', `info ${IDLE_SIGN_OUT_MESSAGE}`]);
    expect(storageSnapshot()).toEqual({ local: [COLOR_SCHEME_STORAGE_KEY], session: [] });
  });

  it('an unregistered blocker no longer runs', async () => {
    const { service } = setup();
    const blocker = vi.fn();
    const unregister = service.registerBlocker(blocker);
    unregister();
    await service.signOut();
    expect(blocker).not.toHaveBeenCalled();
  });

  it('a second sign-out while one runs joins it', async () => {
    const { service, deps } = setup();
    const [first, second] = [service.signOut(), service.signOut()];
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
    expect(deps.serverSignOut).toHaveBeenCalledOnce();
  });
});

describe('a session lost by the API client', () => {
  it('is said so on the sign-in page when the server ended it, and not for a lost connection', () => {
    expect(forcedSignOutFor('session-ended')).toEqual({
      isForced: true,
      message:
        'Your session has ended: it was signed out on another device, revoked by a password change, or expired. Please sign in again.',
    });
    expect(forcedSignOutFor('unreachable')).toEqual({ isForced: true, message: undefined });
  });
});
