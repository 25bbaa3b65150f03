import type { TNotificationStore } from '../../shared/notifications/notification-store.ts';

export const UPDATE_NOTICE_MESSAGE = 'A new version of Strata is available';
export const UPDATE_NOTICE_DESCRIPTION =
  'Reload to use it. Anything you have not saved on this page would be lost.';

export interface TUpdateNotice {
  /** The service worker of a newer build is installed and waits: offer the reload, once. */
  onNeedRefresh(): void;
}

/**
 * The toast that offers a newer build. The new service worker only takes over when the user chooses
 * 'Reload' (registerType 'prompt'), so a half-filled form is never reloaded under the user; 'Later' keeps
 * the running build until the next visit.
 */
export function createUpdateNotice(
  store: TNotificationStore,
  applyUpdate: () => Promise<void>,
): TUpdateNotice {
  let isShown = false;
  return {
    onNeedRefresh() {
      if (isShown) return;
      isShown = true;
      store.show({
        type: 'success',
        message: UPDATE_NOTICE_MESSAGE,
        description: UPDATE_NOTICE_DESCRIPTION,
        actions: [
          { label: 'Reload', onClick: () => void applyUpdate() },
          { label: 'Later', onClick: () => {} },
        ],
      });
    },
  };
}
