import { MantineProvider } from '@mantine/core';
import type { TUserSettings } from '@strata/contracts/user-settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_QUERY_KEY, type TSession } from '../features/auth/api/get-session.ts';
import { USER_SETTINGS_QUERY_KEY } from '../features/session/api/get-user-settings.ts';
import { configureApiClient } from '../shared/api/api-client.ts';
import { createNotificationStore, notifications } from '../shared/notifications/notification-store.ts';
import { requireSession } from './auth-middleware.ts';
import { NAV_SECTIONS } from './layouts/nav-items.ts';
import { createRoutes } from './routes.tsx';

const SESSION: TSession = {
  session: { id: 's1', userId: 'u1', expiresAt: new Date('2030-01-01T00:00:00Z') },
  user: { id: 'u1', email: 'ada@example.com', name: 'Ada' },
};

/** Settings of a user who has the analytics debug-tabs flag (the analytics pages need it). */
const FLAGGED_SETTINGS: TUserSettings = {
  dateFormat: 'YYYY-MM-DD',
  lastActiveRepository: null,
  allowedInactivityTime: 60,
  earlyAccess: false,
  timelineOpened: true,
  assetTreeWidth: null,
  uiSettings: { analytics: { isDebugTabsEnabled: true } },
  timeZone: null,
  isAiAgentEnabled: false,
};

function renderAt(
  path: string,
  session: TSession | null | 'unreadable',
  // Only the analytics pages read the flag; other pages keep loading their settings as before.
  settings: TUserSettings | null = path.startsWith('/analytics-') ? FLAGGED_SETTINGS : null,
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // A cached answer stands in for GET /api/auth/get-session (the guard reads it through the cache).
  if (session !== 'unreadable') queryClient.setQueryData(SESSION_QUERY_KEY, session);
  if (session && session !== 'unreadable' && settings) {
    queryClient.setQueryData([...USER_SETTINGS_QUERY_KEY, session.user.id], settings);
  }
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

async function settled(router: ReturnType<typeof renderAt>) {
  await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  await waitFor(() => expect(router.state.initialized).toBe(true));
}

const PRIVATE_PAGES: Array<[string, string]> = [
  ['/dashboards', 'Dashboards'],
  ['/dashboards/main', 'Dashboards'],
  ['/analytics-value', 'Value'],
  ['/analytics-income', 'Income'],
  ['/analytics-position', 'Position'],
  ['/analytics-value-change', 'Value Change'],
  ['/transactions', 'Smart Transactions'],
  ['/transactions/t1', 'Transaction t1'],
  ['/assets', 'Assets'],
  ['/assets/a1', 'Basic info'],
  ['/assets/a1/prices', 'Prices'],
  ['/assets/a1/prices/table', 'Prices (table)'],
  ['/assets/a1/positions', 'Positions'],
  ['/assets/a1/transactions', 'Transactions'],
  ['/assets/a1/values', 'Values'],
  ['/assets/a1/tags', 'Tags'],
  ['/assets/a1/security-master', 'Sec master'],
  ['/assets/a1/contacts', 'Contacts'],
  ['/assets/a1/documents', 'Documents'],
  ['/tags', 'Tags'],
  ['/tags/7', 'Tag'],
  ['/income-accounts', 'Income accounts'],
  ['/income-accounts/3', 'Income account'],
  ['/expense-accounts', 'Expense accounts'],
  ['/expense-accounts/4', 'Expense account'],
  ['/currencies', 'Currencies'],
  ['/currencies/c1', 'Basic info'],
  ['/currencies/c1/prices', 'Prices'],
  ['/currencies/c1/prices/table', 'Prices (table)'],
  ['/currencies/c1/tags', 'Tags'],
  ['/currencies/c1/security-master', 'Sec master'],
  ['/documents', 'Documents'],
  ['/documents/d1', 'Document'],
  ['/contacts', 'Contacts'],
  ['/contacts/p1', 'Contact'],
  ['/subscription', 'Subscription'],
  ['/subscription/plans', 'Plans'],
  ['/permission-denied', 'Permission denied'],
  ['/upgrade-plan', 'Permission denied'],
  ['/connectors', 'Connectors'],
  // No repository answers here: the connector pages say so under their title (the tabs under theirs).
  ['/connectors/plaid', 'Connector'],
  ['/connectors/plaid/acc1', 'Transactions'],
  ['/connectors/plaid/acc1/ev9', 'Transactions'],
  ['/connectors/plaid/acc1/positions', 'Positions'],
  ['/connectors/plaid/acc1/positions/ev9', 'Positions'],
  ['/linked-transactions', 'Linked transactions'],
  ['/linked-positions', 'Linked positions'],
  ['/linked-tagging-rules', 'Tagging rules'],
  ['/linked-mapping-rules', 'Mapping rules'],
];

const PUBLIC_PAGES: Array<[string, string]> = [
  ['/', 'Your whole portfolio, in one place.'],
  ['/login', 'Sign in'],
  ['/signin-confirmation', 'Two-factor confirmation'],
  ['/confirm', 'Enter code'],
  ['/forgot', 'Reset password'],
  ['/sign-up', 'Create account'],
  ['/sign-up-confirmation?username=ada%40example.com', 'Confirm your e-mail'],
  // The old password screen leads to the reset flow (docs/identity.md, Web).
  ['/password', 'Reset password'],
  ['/policy', 'Privacy policy'],
  ['/terms', 'Terms of service'],
];

beforeEach(() => {
  notifications.clear();
  // The header's repository switcher and the subscription guard call the API; no server runs here, so
  // every call answers 404 at once (the pages under test open whatever those calls say).
  configureApiClient({
    fetch: (async () =>
      new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Not found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch,
    logError: () => {},
  });
});

describe('route table', () => {
  it.each(PRIVATE_PAGES)('signed in, %s shows "%s"', async (path, heading) => {
    const router = renderAt(path, SESSION);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.queryByText('Page not found')).toBeNull();
  });

  it.each(PUBLIC_PAGES)('signed out, %s shows "%s"', async (path, heading) => {
    renderAt(path, null);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  });

  it('shows the username on the sign-up confirmation screen', async () => {
    renderAt('/sign-up-confirmation?username=ada%40example.com', null);
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
  });

  it.each(['/analytics-value', '/analytics-income', '/analytics-position', '/analytics-value-change'])(
    'sends %s to /404 without the analytics debug-tabs flag',
    async (path) => {
      const router = renderAt(path, SESSION, { ...FLAGGED_SETTINGS, uiSettings: {} });
      await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    },
  );

  it("takes the bank's way back for the callback page, not for a connector and an account of that shape", async () => {
    const router = renderAt('/connectors/callback/gocardless?ref=s1', SESSION);
    expect(await screen.findByRole('heading', { name: 'Linking your bank' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/connectors/callback/gocardless');
  });

  it('answers an unknown path with the 404 page', async () => {
    renderAt('/no/such/page', null);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it.each(['/transactions', '/assets/a1/prices', '/connectors/x/y/positions', '/dashboards'])(
    'sends a signed-out visit of %s to /login with the error toast',
    async (path) => {
      const router = renderAt(path, null);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(notifications.getSnapshot().map((n) => [n.type, n.message])).toEqual([
        ['error', 'You need to be authorized'],
      ]);
      expect(await screen.findByText('You need to be authorized')).toBeTruthy();
    },
  );

  it.each([
    '/login',
    '/sign-up',
    '/forgot',
    '/confirm',
    '/signin-confirmation',
    '/sign-up-confirmation',
    '/password',
  ])('sends a signed-in visit of %s to /dashboards', async (path) => {
    const router = renderAt(path, SESSION);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboards'));
  });

  it('still opens the sign-in screen when the session cannot be read', async () => {
    configureApiClient({
      fetch: (async () => new Response('{}', { status: 502 })) as typeof fetch,
      logError: () => {},
    });
    try {
      renderAt('/login', 'unreadable');
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    } finally {
      configureApiClient({ fetch: (...args) => globalThis.fetch(...args) });
    }
  });

  it('keeps the landing page and legal pages open to signed-in users', async () => {
    const router = renderAt('/policy', SESSION);
    await settled(router);
    expect(router.state.location.pathname).toBe('/policy');
  });

  it('redirects the legacy /linked-accounts to /connectors keeping the query', async () => {
    const router = renderAt('/linked-accounts?code=abc&state=xyz', SESSION);
    await waitFor(() => expect(router.state.location.pathname).toBe('/connectors'));
    expect(router.state.location.search).toBe('?code=abc&state=xyz');
  });

  it('maps every navigation entry to a page', async () => {
    const targets = NAV_SECTIONS.flatMap((section) =>
      section.to ? [section.to] : (section.items ?? []).map((i) => i.to),
    );
    expect(targets).toHaveLength(18);
    for (const target of targets) {
      const router = renderAt(target, SESSION);
      await settled(router);
      expect(router.state.location.pathname).toBe(target);
      expect(screen.queryByText('Page not found')).toBeNull();
      cleanup();
    }
  });
});

describe('requireSession', () => {
  it('stops a signed-out navigation before any loader runs', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    const store = createNotificationStore();
    const loader = vi.fn(() => null);
    const router = createMemoryRouter(
      [
        { path: '/login', element: <p>login</p> },
        {
          path: '/private',
          middleware: [requireSession(queryClient, store)],
          loader,
          element: <p>private</p>,
        },
      ],
      { initialEntries: ['/private'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('login')).toBeTruthy();
    expect(loader).not.toHaveBeenCalled();
    expect(store.getSnapshot()[0]?.message).toBe('You need to be authorized');
  });
});
