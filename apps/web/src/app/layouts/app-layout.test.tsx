import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_QUERY_KEY } from '../../features/auth/api/get-session.ts';
import { USER_SETTINGS_QUERY_KEY } from '../../features/session/index.ts';
import { configureApiClient } from '../../shared/api/api-client.ts';
import { ModalHost } from '../../shared/modals/modal-host.tsx';
import { modals } from '../../shared/modals/modal-store.ts';
import { CLIENT_CONFIG_QUERY_KEY } from '../../shared/runtime-config/client-config.ts';
import { AppLayout, MOBILE_LAYOUT_QUERY } from './app-layout.tsx';
import { navSectionsFor } from './use-nav-sections.ts';

const originalMatchMedia = window.matchMedia;

function setWidthIsMobile(isMobile: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: query === MOBILE_LAYOUT_QUERY ? isMobile : false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

/**
 * A width that changes while the page is open (a window snapped to half the screen, a tablet turned, the
 * zoom changed): `set` answers the layout query anew and tells its listeners, as the browser does.
 */
function resizableWidth(isMobile: boolean) {
  let matches = isMobile;
  const listeners = new Set<(event: { matches: boolean }) => void>();
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === MOBILE_LAYOUT_QUERY ? matches : false;
    },
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => {
      if (query === MOBILE_LAYOUT_QUERY) listeners.add(listener);
    },
    removeEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => {
      listeners.delete(listener);
    },
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  return {
    set(isNowMobile: boolean) {
      matches = isNowMobile;
      act(() => {
        for (const listener of [...listeners]) listener({ matches });
      });
    },
  };
}

/** A page holding what the user typed in its own state, as a half-done set-up or form does. */
function DraftPage() {
  const [text, setText] = useState('');
  return (
    <label>
      Draft
      <input value={text} onChange={(event) => setText(event.currentTarget.value)} />
    </label>
  );
}

function renderLayout(path = '/dashboards', prepare?: (queryClient: QueryClient) => void) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <ModalHost />
          </>
        ),
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/dashboards', element: <h1>Dashboards page</h1> },
              { path: '/tags', element: <h1>Tags page</h1> },
              { path: '/draft', element: <DraftPage /> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  // The user menu and the session watch read the session; a cached "none" keeps them off the network.
  const queryClient = new QueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
  // The chat widget reads the run-time config: none configured.
  queryClient.setQueryData(CLIENT_CONFIG_QUERY_KEY, { errorReporter: null, chat: null });
  prepare?.(queryClient);
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

beforeEach(() => modals.closeAll());
afterEach(() => {
  window.matchMedia = originalMatchMedia;
  act(() => modals.closeAll());
});

describe('AppLayout', () => {
  it('uses the desktop header with the top-level entries on wide screens (Analytics only with the flag)', async () => {
    setWidthIsMobile(false);
    renderLayout();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect([...nav.querySelectorAll('a,button')].map((el) => el.textContent)).toEqual([
      'Dashboards',
      'Data',
      'Connectors',
    ]);
    expect(navSectionsFor(true).map((section) => section.label)).toEqual([
      'Dashboards',
      'Data',
      'Connectors',
      'Analytics',
    ]);
    expect(screen.queryByLabelText('Open navigation')).toBeNull();
  });

  it('opens the Data menu with its eight entries', async () => {
    setWidthIsMobile(false);
    renderLayout();
    await userEvent.click(screen.getByRole('button', { name: 'Data' }));
    // The dropdown is still in its opening transition, which the accessibility tree counts as hidden.
    const items = await screen.findAllByRole('menuitem', { hidden: true });
    expect(items.map((item) => item.textContent)).toEqual([
      'Smart Transactions',
      'Assets',
      'Tags',
      'Income accounts',
      'Expense accounts',
      'Currencies',
      'Documents',
      'Contacts',
    ]);
  });

  it('uses a burger menu on phone and tablet widths, which navigates', async () => {
    setWidthIsMobile(true);
    const router = renderLayout();
    await userEvent.click(screen.getByLabelText('Open navigation'));
    await userEvent.click(screen.getByText('Data'));
    await userEvent.click(await screen.findByRole('link', { name: 'Tags' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tags'));
  });

  it('keeps the open page and its state when the width crosses the phone breakpoint and back', async () => {
    const width = resizableWidth(false);
    renderLayout('/draft');
    const draft = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Draft' });
    await userEvent.type(draft(), 'half-done');

    width.set(true);
    expect(screen.getByRole('button', { name: 'Open navigation' })).toBeTruthy();
    expect(draft().value).toBe('half-done');

    width.set(false);
    expect(screen.queryByRole('button', { name: 'Open navigation' })).toBeNull();
    expect(draft().value).toBe('half-done');
  });

  it('opens search on Ctrl+K and the asset tree on /, and Escape closes the top one', async () => {
    setWidthIsMobile(false);
    renderLayout();
    act(() => {
      fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    });
    expect(modals.getSnapshot().map((m) => m.title)).toEqual(['Search']);
    act(() => {
      fireEvent.keyDown(document.body, { key: '/' });
    });
    expect(modals.top()?.title).toBe('Asset tree');
    await act(async () => {
      fireEvent.keyDown(document.body, { key: 'Escape' });
    });
    expect(modals.getSnapshot().map((m) => m.title)).toEqual(['Search']);
  });

  it('toggles the desktop side panel with Q', async () => {
    setWidthIsMobile(false);
    renderLayout();
    // AppShell writes its layout into a style element; a collapsed navbar forces its offset to 0.
    const shellStyles = () =>
      [...document.querySelectorAll('style')].map((el) => el.textContent ?? '').join('\n');
    const collapsed = /--app-shell-navbar-offset:0px !important/;
    expect(shellStyles()).not.toMatch(collapsed);
    act(() => {
      fireEvent.keyDown(document.body, { key: 'q' });
    });
    expect(shellStyles()).toMatch(collapsed);
    act(() => {
      fireEvent.keyDown(document.body, { key: 'Q' });
    });
    expect(shellStyles()).not.toMatch(collapsed);
  });

  it('offers the assistant only to a user who turned the AI agent on, in the header or the phone drawer', async () => {
    const withToggle = (isAiAgentEnabled: boolean) => (queryClient: QueryClient) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, { user: { id: 'u1' }, session: {} } as never);
      queryClient.setQueryData([...USER_SETTINGS_QUERY_KEY, 'u1'], {
        dateFormat: 'YYYY-MM-DD',
        lastActiveRepository: null,
        allowedInactivityTime: 20,
        earlyAccess: false,
        timelineOpened: false,
        assetTreeWidth: null,
        uiSettings: {},
        timeZone: null,
        isAiAgentEnabled,
      });
    };
    // The header's repository switcher asks for the list: left unanswered, it is not what this test is about.
    configureApiClient({ fetch: (() => new Promise(() => {})) as typeof fetch, logError: () => {} });
    setWidthIsMobile(false);
    renderLayout('/dashboards', withToggle(false));
    await screen.findByRole('button', { name: 'Search' });
    expect(screen.queryByRole('button', { name: 'Assistant' })).toBeNull();
    cleanup();
    renderLayout('/dashboards', withToggle(true));
    expect(await screen.findByRole('button', { name: 'Assistant' })).toBeTruthy();
    cleanup();
    setWidthIsMobile(true);
    renderLayout('/dashboards', withToggle(true));
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(await screen.findByRole('button', { name: 'Assistant' })).toBeTruthy();
    configureApiClient({ fetch: (...args) => globalThis.fetch(...args) });
  });

  it('remembers the hidden side panel in the user settings (issue 19, item 12)', async () => {
    setWidthIsMobile(false);
    const posted: Array<{ uiSettings: unknown }> = [];
    configureApiClient({
      fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
        posted.push(JSON.parse(String(init?.body)));
        return new Response(String(init?.body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }) as typeof fetch,
      logError: () => {},
    });
    renderLayout('/dashboards', (queryClient) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, { user: { id: 'u1' }, session: {} } as never);
      queryClient.setQueryData([...USER_SETTINGS_QUERY_KEY, 'u1'], {
        dateFormat: 'YYYY-MM-DD',
        lastActiveRepository: null,
        allowedInactivityTime: 20,
        earlyAccess: false,
        timelineOpened: false,
        assetTreeWidth: null,
        uiSettings: { common: { isNavbarPinned: true, isNavbarOpened: false } },
        timeZone: null,
      });
    });
    const shellStyles = () =>
      [...document.querySelectorAll('style')].map((el) => el.textContent ?? '').join('\n');
    const collapsed = /--app-shell-navbar-offset:0px !important/;
    // Hidden last time: it starts hidden.
    expect(shellStyles()).toMatch(collapsed);
    await userEvent.click(screen.getByRole('button', { name: 'Show side panel' }));
    expect(shellStyles()).not.toMatch(collapsed);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.uiSettings).toEqual({ common: { isNavbarPinned: true, isNavbarOpened: true } });
    expect(screen.getByRole('button', { name: 'Hide side panel' })).toBeTruthy();
    configureApiClient({ fetch: (...args) => globalThis.fetch(...args) });
  });
});
