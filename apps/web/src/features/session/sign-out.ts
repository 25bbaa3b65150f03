import type { QueryClient } from '@tanstack/react-query';
import { clearStorageExceptColorScheme } from '../../shared/lib/storage.ts';
import { modals } from '../../shared/modals/modal-store.ts';
import { notifications } from '../../shared/notifications/notification-store.ts';
import { recentItems } from '../../shared/recent/recent-items.ts';

export const SIGN_OUT_ERROR = 'Error during signout';
export const IDLE_SIGN_OUT_MESSAGE = 'You were automatically signed out due to inactivity';
/** A session that ended on the server (signed out elsewhere, revoked by a password change, expired). */
export const SESSION_ENDED_MESSAGE =
  'Your session has ended: it was signed out on another device, revoked by a password change, or expired. Please sign in again.';
export const SIGN_IN_PATH = '/login';

/** Work that must finish (or may veto) before the user leaves, e.g. saving a draft. Reject to abort. */
export type TSignOutBlocker = () => Promise<void> | void;

export interface TSignOutOptions {
  /**
   * The session is over whatever happens (idle timeout, a 401 that refresh could not fix): blockers
   * still run but cannot abort, and a failed server call does not keep the user in.
   */
  isForced?: boolean;
  /** Shown after everything was cleared (e.g. the idle message). */
  message?: string;
}

/**
 * What the API client's lost session becomes: always forced; a session the server ended is said so on the
 * sign-in page, a lost connection has its own 'Unexpected error' toast already.
 */
export function forcedSignOutFor(reason: 'session-ended' | 'unreachable'): TSignOutOptions {
  return { isForced: true, message: reason === 'session-ended' ? SESSION_ENDED_MESSAGE : undefined };
}

export interface TSignOutDeps {
  queryClient: QueryClient | null;
  navigate: (to: string) => void;
  /** Ends the session on the server (better-auth `POST /sign-out`). */
  serverSignOut: () => Promise<void>;
  localStorage: Storage;
  sessionStorage: Storage;
  closeModals: () => void;
  notifyError: (message: string, description?: string) => void;
  notifyInfo: (message: string) => void;
  /** Written just before the session query is emptied, so the sign-in guard does not wait for the server. */
  sessionQueryKey: readonly unknown[];
}

export interface TSignOutService {
  registerBlocker(blocker: TSignOutBlocker): () => void;
  signOut(options?: TSignOutOptions): Promise<boolean>;
  configure(patch: Partial<TSignOutDeps>): void;
}

function describe(error: unknown): string | undefined {
  return error instanceof Error ? error.message : undefined;
}

/**
 * Seed §4: registered blockers run first (abort if one fails), then the session ends on the server, then
 * every cache, store, local and session storage entry except the colour scheme is cleared, then sign-in.
 * Resolves true when the user was signed out.
 */
export function createSignOutService(initial: Partial<TSignOutDeps> = {}): TSignOutService {
  const deps: TSignOutDeps = {
    queryClient: null,
    navigate: (to) => window.location.assign(to),
    serverSignOut: async () => {},
    localStorage: globalThis.localStorage,
    sessionStorage: globalThis.sessionStorage,
    closeModals: () => modals.closeAll(),
    notifyError: (message, description) => notifications.error(message, { description }),
    notifyInfo: (message) => notifications.warn(message, { autoCloseMs: null }),
    sessionQueryKey: ['auth', 'session'],
    ...initial,
  };
  const blockers = new Set<TSignOutBlocker>();
  let running: Promise<boolean> | null = null;

  async function run({ isForced = false, message }: TSignOutOptions): Promise<boolean> {
    for (const blocker of [...blockers]) {
      try {
        await blocker();
      } catch (error) {
        if (!isForced) {
          deps.notifyError(SIGN_OUT_ERROR, describe(error));
          return false;
        }
      }
    }
    try {
      await deps.serverSignOut();
    } catch (error) {
      if (!isForced) {
        deps.notifyError(SIGN_OUT_ERROR, describe(error));
        return false;
      }
    }
    deps.closeModals();
    deps.queryClient?.cancelQueries();
    deps.queryClient?.clear();
    deps.queryClient?.setQueryData(deps.sessionQueryKey, null);
    clearStorageExceptColorScheme(deps.localStorage, deps.sessionStorage);
    recentItems.forget();
    deps.navigate(SIGN_IN_PATH);
    if (message) deps.notifyInfo(message);
    return true;
  }

  return {
    registerBlocker(blocker) {
      blockers.add(blocker);
      return () => {
        blockers.delete(blocker);
      };
    },
    signOut(options = {}) {
      // A second click (or an idle timeout during a manual sign-out) joins the one under way.
      running ??= run(options).finally(() => {
        running = null;
      });
      return running;
    },
    configure(patch) {
      Object.assign(deps, patch);
    },
  };
}

/** The app's sign-out; `main.tsx` configures the query client, router navigation and server call. */
export const signOutService = createSignOutService();

export function registerSignOutBlocker(blocker: TSignOutBlocker): () => void {
  return signOutService.registerBlocker(blocker);
}

export function signOut(options?: TSignOutOptions): Promise<boolean> {
  return signOutService.signOut(options);
}

export function configureSignOut(patch: Partial<TSignOutDeps>): void {
  signOutService.configure(patch);
}
