import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createInstallPrompt } from '../../shared/pwa/install-prompt.ts';
import { INSTALL_BANNER_DISMISSED_KEY, INSTALL_BANNER_TEXT, InstallBanner } from './install-banner.tsx';

function fakeInstallEvent() {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: () => Promise<void>;
    userChoice: Promise<{ outcome: string; platform: string }>;
  };
  event.prompt = vi.fn(async () => {});
  event.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
  return event;
}

function renderBanner() {
  const target = new EventTarget() as Window;
  const prompt = createInstallPrompt(target);
  const view = render(
    <MantineProvider>
      <InstallBanner prompt={prompt} />
    </MantineProvider>,
  );
  return { target, prompt, view };
}

beforeEach(() => window.localStorage.clear());

describe('the install banner (phones)', () => {
  it('appears only once the browser offers installation, and Install opens the browser’s dialog', async () => {
    const { target } = renderBanner();
    expect(screen.queryByText(INSTALL_BANNER_TEXT)).toBeNull();
    const event = fakeInstallEvent();
    act(() => {
      target.dispatchEvent(event);
    });
    expect(screen.getByText(INSTALL_BANNER_TEXT)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    // Used: the offer is gone, so is the banner.
    expect(screen.queryByText(INSTALL_BANNER_TEXT)).toBeNull();
  });

  it('remembers Not now on this browser', async () => {
    const first = renderBanner();
    act(() => {
      first.target.dispatchEvent(fakeInstallEvent());
    });
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByText(INSTALL_BANNER_TEXT)).toBeNull();
    expect(window.localStorage.getItem(INSTALL_BANNER_DISMISSED_KEY)).toBe('1');
    first.view.unmount();

    // Another visit: the browser offers again, the banner stays away.
    const second = renderBanner();
    act(() => {
      second.target.dispatchEvent(fakeInstallEvent());
    });
    expect(second.prompt.canInstall()).toBe(true);
    expect(screen.queryByText(INSTALL_BANNER_TEXT)).toBeNull();
  });
});
