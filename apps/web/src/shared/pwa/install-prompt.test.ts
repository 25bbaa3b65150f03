import { describe, expect, it, vi } from 'vitest';
import { createInstallPrompt } from './install-prompt.ts';

/** What Chromium dispatches when the app meets its installability criteria. */
function fakeInstallEvent(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: () => Promise<void>;
    userChoice: Promise<{ outcome: string; platform: string }>;
  };
  event.prompt = vi.fn(async () => {});
  event.userChoice = Promise.resolve({ outcome, platform: 'web' });
  return event;
}

describe('the install prompt', () => {
  it('keeps the browser’s offer (and stops its own mini-infobar) until the user installs', async () => {
    const target = new EventTarget() as Window;
    const prompt = createInstallPrompt(target);
    const changes = vi.fn();
    prompt.subscribe(changes);
    expect(prompt.canInstall()).toBe(false);
    expect(await prompt.install()).toBe('unavailable');

    const event = fakeInstallEvent('accepted');
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(prompt.canInstall()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);

    expect(await prompt.install()).toBe('accepted');
    expect(event.prompt).toHaveBeenCalledTimes(1);
    // The event can be used once.
    expect(prompt.canInstall()).toBe(false);
  });

  it('says when the user declined, and forgets the offer once the app is installed another way', async () => {
    const target = new EventTarget() as Window;
    const prompt = createInstallPrompt(target);
    target.dispatchEvent(fakeInstallEvent('dismissed'));
    expect(await prompt.install()).toBe('dismissed');

    target.dispatchEvent(fakeInstallEvent());
    target.dispatchEvent(new Event('appinstalled'));
    expect(prompt.canInstall()).toBe(false);
  });
});
