import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { NotificationRenderer } from '../../shared/notifications/notification-renderer.tsx';
import { createNotificationStore } from '../../shared/notifications/notification-store.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { createUpdateNotice } from './update-notice.ts';

function setUp() {
  let now = 0;
  const store = createNotificationStore({ now: () => now, setTimer: () => 0, clearTimer: () => {} });
  let updates = 0;
  const notice = createUpdateNotice(store, async () => {
    updates += 1;
  });
  renderWithProviders(<NotificationRenderer store={store} />);
  return { store, notice, updates: () => updates, setNow: (value: number) => (now = value) };
}

describe('the update notice', () => {
  it('offers a reload when a new build waits, and the new service worker takes over only on Reload', async () => {
    const { notice, updates, setNow } = setUp();
    act(() => notice.onNeedRefresh());
    expect(screen.getByText('A new version of Strata is available')).toBeTruthy();
    expect(updates()).toBe(0);
    setNow(10_000);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(updates()).toBe(1);
    expect(screen.queryByText('A new version of Strata is available')).toBeNull();
  });

  it('shows one notice however often the worker reports the waiting build', () => {
    const { store, notice } = setUp();
    act(() => {
      notice.onNeedRefresh();
      notice.onNeedRefresh();
    });
    expect(store.getSnapshot()).toHaveLength(1);
    expect(screen.getAllByText('A new version of Strata is available')).toHaveLength(1);
  });

  it('keeps the running build when the user chooses Later', async () => {
    const { notice, updates, setNow } = setUp();
    act(() => notice.onNeedRefresh());
    setNow(10_000);
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(updates()).toBe(0);
    expect(screen.queryByText('A new version of Strata is available')).toBeNull();
  });
});
