import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { configureApiClient } from '../../../shared/api/api-client.ts';
import { NotificationRenderer } from '../../../shared/notifications/notification-renderer.tsx';
import { Component as LoginPage } from '../routes/login-page.tsx';

export const respondJson = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The server as a sign-in page sees it: `answer` takes the calls a test is about, and everything else gets the
 * signed-in session, an active subscription (the landing path) or the auth providers. Serves both better-auth's
 * client (global fetch) and the app's API client.
 */
export function serveSignIn(
  answer: (url: string, input: RequestInfo | URL, init?: RequestInit) => Promise<Response | null>,
) {
  const fetchStub = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const answered = await answer(url, input, init);
    if (answered) return answered;
    if (url.endsWith('/api/auth/get-session')) {
      return respondJson(200, {
        session: { id: 's1', userId: 'u1', expiresAt: '2030-01-01T00:00:00Z' },
        user: { id: 'u1', email: 'ada@example.com', name: 'Ada' },
      });
    }
    if (url.includes('/api/subscription')) return respondJson(200, { is_active: true });
    return respondJson(200, { emailPassword: true, passkey: true, oidc: null });
  }) as typeof fetch;
  vi.stubGlobal('fetch', fetchStub);
  configureApiClient({ fetch: fetchStub, logError: () => {} });
}

/** The body a request was sent with, as JSON. */
export async function requestJson(input: RequestInfo | URL, init?: RequestInit): Promise<unknown> {
  return JSON.parse(String(input instanceof Request ? await input.text() : init?.body));
}

/** The login page at `path`, with the dashboards it lands on and the toasts it shows. */
export function renderSignIn(path = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/dashboards', element: <p>dashboards</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <NotificationRenderer />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Puts back the API client's own fetch after a test served its answers. */
export function restoreApiClient() {
  configureApiClient({
    fetch: (...args) => globalThis.fetch(...args),
    logError: (entry) => console.error(entry),
  });
}
