import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { NOTIFICATION_Z_INDEX } from '../ui/layers.ts';
import { NotificationRenderer } from './notification-renderer.tsx';
import { createNotificationStore } from './notification-store.ts';

function storeAt() {
  let now = 0;
  const store = createNotificationStore({ now: () => now, setTimer: () => 0, clearTimer: () => {} });
  return { store, setNow: (value: number) => (now = value) };
}

describe('NotificationRenderer', () => {
  it('shows message, description, repeat count and at most five error entries', () => {
    const { store } = storeAt();
    renderWithProviders(<NotificationRenderer store={store} />);
    act(() => {
      store.error('Validation failed', {
        description: 'Check the rows',
        errors: ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'],
      });
      store.error('Validation failed', { description: 'Check the rows' });
    });
    expect(screen.getByText('Validation failed')).toBeTruthy();
    expect(screen.getByText('Check the rows')).toBeTruthy();
    expect(screen.getByLabelText('Repeated 1 times').textContent).toBe('×2');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'r1',
      'r2',
      'r3',
      'r4',
      'r5',
      '...',
    ]);
  });

  it('closes through the close button once the minimum lifetime has passed', async () => {
    const { store, setNow } = storeAt();
    renderWithProviders(<NotificationRenderer store={store} />);
    act(() => {
      store.success('Tag deleted');
    });
    setNow(10_000);
    await userEvent.click(screen.getByLabelText('Close notification'));
    expect(screen.queryByText('Tag deleted')).toBeNull();
  });

  it('offers actions without a close button and dims the page', async () => {
    const { store, setNow } = storeAt();
    let clicked = 0;
    renderWithProviders(<NotificationRenderer store={store} />);
    act(() => {
      store.error('Asset is soft deleted', {
        actions: [{ label: 'Go to deleted assets', onClick: () => (clicked += 1) }],
      });
    });
    expect(screen.queryByLabelText('Close notification')).toBeNull();
    expect(screen.getByTestId('notification-overlay')).toBeTruthy();
    setNow(10_000);
    await userEvent.click(screen.getByRole('button', { name: 'Go to deleted assets' }));
    expect(clicked).toBe(1);
    expect(screen.queryByTestId('notification-overlay')).toBeNull();
  });

  it('renders a link that navigates', async () => {
    const { store, setNow } = storeAt();
    const { router } = renderWithProviders(<NotificationRenderer store={store} />);
    act(() => {
      store.success('Tag created', { link: { to: '/tags/7', label: 'Open' } });
    });
    setNow(10_000);
    await userEvent.click(screen.getByRole('link', { name: 'Open' }));
    expect(router.state.location.pathname).toBe('/tags/7');
  });

  it('sits 10000 above the modal base', () => {
    const { store } = storeAt();
    renderWithProviders(<NotificationRenderer store={store} />);
    act(() => {
      store.warn('Analytics calculated in 6 sec');
    });
    const container = screen.getByText('Analytics calculated in 6 sec').closest('[aria-live]') as HTMLElement;
    expect(container.style.zIndex).toBe(String(NOTIFICATION_Z_INDEX));
    expect(NOTIFICATION_Z_INDEX).toBe(10100);
  });
});
