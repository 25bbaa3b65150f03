import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_QUERY_KEY } from '../../auth/index.ts';
import { UserMenu } from './user-menu.tsx';

function renderMenu() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
  const router = createMemoryRouter([{ path: '*', element: <UserMenu /> }]);
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the user menu’s Install Strata', () => {
  it('is offered only while the browser offers installation, and opens the browser’s dialog', async () => {
    renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Sign out', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Install Strata', hidden: true })).toBeNull();

    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string; platform: string }>;
    };
    event.prompt = vi.fn(async () => {});
    event.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
    act(() => {
      window.dispatchEvent(event);
    });
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Install Strata', hidden: true }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
  });
});
