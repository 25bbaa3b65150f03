import { useSyncExternalStore } from 'react';

/** Chromium's event (not in TypeScript's DOM types): the browser would install the app; `prompt()` asks the user. */
export interface TBeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export type TInstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

export interface TInstallPrompt {
  /** Whether the browser offered installation and it has not been used yet. */
  canInstall(): boolean;
  subscribe(listener: () => void): () => void;
  /** Shows the browser's install dialog; the event can be used once, so afterwards it is gone either way. */
  install(): Promise<TInstallOutcome>;
}

/**
 * Keeps the browser's `beforeinstallprompt` so the app can offer 'Install Strata' itself (the user menu, the
 * phone banner) instead of the browser's own mini-infobar. The event fires early, often before React has
 * drawn anything, so this listens from the moment the module is imported (main.tsx imports it first).
 * Browsers without the event (Safari, Firefox) never offer it: there the browser's own 'Add to Home Screen' is
 * the way (docs/web.md).
 */
export function createInstallPrompt(target: Window): TInstallPrompt {
  let deferred: TBeforeInstallPromptEvent | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as TBeforeInstallPromptEvent;
    notify();
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });

  return {
    canInstall: () => deferred !== null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async install() {
      const event = deferred;
      if (!event) return 'unavailable';
      deferred = null;
      notify();
      await event.prompt();
      return (await event.userChoice).outcome;
    },
  };
}

export const installPrompt = createInstallPrompt(window);

/** Re-renders when the browser offers installation, or the offer is used. */
export function useCanInstall(prompt: TInstallPrompt = installPrompt): boolean {
  return useSyncExternalStore(prompt.subscribe, prompt.canInstall, () => false);
}
