import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/api-client.ts';
import { Component as LoginPage } from './login-page.tsx';

function serveProviders(body: unknown) {
  configureApiClient({
    fetch: (async () =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch,
    logError: () => {},
  });
}

function renderLogin() {
  const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], {
    initialEntries: ['/login'],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient };
}

afterEach(() => {
  configureApiClient({
    fetch: (...args) => globalThis.fetch(...args),
    logError: (entry) => console.error(entry),
  });
});

describe('login page', () => {
  it('names its fields so browsers offer to save and fill them', () => {
    serveProviders({ emailPassword: true, passkey: true, oidc: null });
    const { container } = renderLogin();
    const email = container.querySelector('input[name="email"]');
    const password = container.querySelector('input[name="password"]');
    expect(email?.getAttribute('autocomplete')).toBe('username webauthn');
    expect(email?.getAttribute('type')).toBe('email');
    expect(password?.getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeTruthy();
  });

  it('shows the OIDC button only when the server offers a provider', async () => {
    serveProviders({ emailPassword: true, passkey: true, oidc: { id: 'oidc', name: 'Acme ID' } });
    renderLogin();
    expect(await screen.findByRole('button', { name: 'Sign in with Acme ID' })).toBeTruthy();
  });

  it('has no OIDC button without a provider', async () => {
    serveProviders({ emailPassword: true, passkey: true, oidc: null });
    const { queryClient } = renderLogin();
    // The answer has arrived before the absent button is looked for.
    await waitFor(() => expect(queryClient.getQueryState(['auth', 'providers'])?.status).toBe('success'));
    expect(screen.queryByRole('button', { name: /Sign in with (?!a passkey)/ })).toBeNull();
  });

  it('validates before calling the server', async () => {
    serveProviders({ emailPassword: true, passkey: true, oidc: null });
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
  });
});
