import { notifications } from '../../shared/notifications/notification-store.ts';
import { createUpdateNotice } from './update-notice.ts';

/**
 * Registers the service worker after the page has loaded, from its own chunk: the registration code and
 * workbox-window stay out of the shell's first load. `vite dev` has no service worker (devOptions off), so
 * development never serves stale code.
 */
export function registerPwaAfterLoad(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = async () => {
    const { registerSW } = await import('virtual:pwa-register');
    let updateServiceWorker: (reloadPage?: boolean) => Promise<void> = async () => {};
    const notice = createUpdateNotice(notifications, () => updateServiceWorker(true));
    updateServiceWorker = registerSW({ immediate: true, onNeedRefresh: () => notice.onNeedRefresh() });
  };
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
