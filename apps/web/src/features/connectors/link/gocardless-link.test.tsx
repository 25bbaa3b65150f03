import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { modals } from '../../../shared/modals/modal-store.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { Component as CallbackPage } from '../routes/connector-callback-page.tsx';
import { renderInApp, serveFakeApi, urlsOf } from '../testing/fake-api.tsx';
import { ConnectChooser } from './connect-chooser.tsx';
import { GocardlessLink } from './gocardless-link.tsx';

const REPOSITORY = '11111111-1111-4111-8111-111111111111';
const CONNECTOR_ID = '22222222-2222-4222-8222-222222222222';
const TASK_ID = '44444444-4444-4444-8444-444444444444';

const institutions = [
  {
    id: 'MONZO_MONZGB2L',
    name: 'Monzo',
    logo: 'https://cdn.example/monzo.png',
    countries: ['GB'],
    provider: 'gocardless',
  },
  {
    id: 'SANDBOXFINANCE_SFIN0000',
    name: 'Sandbox Finance',
    logo: null,
    countries: ['GB'],
    provider: 'gocardless',
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  modals.closeAll();
  notifications.clear();
});

describe('GoCardless: consent, the bank, then the bank’s pages', () => {
  it('the chooser opens its consent dialog when the server lists it available', async () => {
    serveFakeApi((_method, url) =>
      url.pathname === '/api/linked_data/providers'
        ? {
            status: 200,
            body: [{ id: 'gocardless', name: 'GoCardless', available: true, flow: 'redirect', logo: null }],
          }
        : undefined,
    );
    const onClose = vi.fn();
    renderInApp(<ConnectChooser repositoryId={REPOSITORY} onClose={onClose} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Connect GoCardless' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect your bank (GoCardless)' });
    expect(within(dialog).getByText(/end-user agreement/)).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('names the end-user agreement, searches banks debounced, and sends the browser to the answered URL', async () => {
    const bankUrl = 'https://ob.gocardless.com/ob-psd2/start/3fa85f64/MONZO_MONZGB2L';
    const calls = serveFakeApi((_method, url) => {
      if (url.pathname === '/api/institutions/search') {
        const q = url.searchParams.get('q') ?? '';
        return { status: 200, body: institutions.filter((item) => item.name.toLowerCase().includes(q)) };
      }
      if (url.pathname === '/api/linked_data/authorization_url/gocardless')
        return {
          status: 200,
          body: { url: bankUrl, state: 'st-1', expires_at: '2026-11-27T11:00:00.000Z' },
        };
      return undefined;
    });
    const redirect = vi.fn();
    renderInApp(<GocardlessLink repositoryId={REPOSITORY} onClose={() => {}} redirect={redirect} />);
    expect(screen.getByText(/90 days of history/)).toBeTruthy();
    expect(screen.getByText(/access for 90 days/)).toBeTruthy();
    expect(screen.getByText(/end-user agreement/)).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(next);

    // The picker opens on the browser's country (jsdom: en-US, not covered → the UK), every bank listed.
    expect(await screen.findByRole('button', { name: 'Sandbox Finance' })).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Bank' }), 'mon');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sandbox Finance' })).toBeNull());
    const searches = urlsOf(calls)
      .filter((url) => url.pathname === '/api/institutions/search')
      .map((url) => Object.fromEntries(url.searchParams));
    // One request for the empty search and one after typing paused: none for 'm' or 'mo'.
    expect(searches).toEqual([
      { provider: 'gocardless', country: 'GB', q: '' },
      { provider: 'gocardless', country: 'GB', q: 'mon' },
    ]);
    const monzo = await screen.findByRole('button', { name: 'Monzo' });
    expect(within(monzo).getByText('Monzo')).toBeTruthy();

    await userEvent.click(monzo);
    await waitFor(() => expect(redirect).toHaveBeenCalledWith(bankUrl));
    const asked = urlsOf(calls).find(
      (url) => url.pathname === '/api/linked_data/authorization_url/gocardless',
    );
    expect(asked && Object.fromEntries(asked.searchParams)).toEqual({
      repository_id: REPOSITORY,
      institution_id: 'MONZO_MONZGB2L',
      name: 'Monzo',
      consent: 'true',
    });
  });

  it('a refused authorization URL is a toast, and the browser stays', async () => {
    serveFakeApi((_method, url) => {
      if (url.pathname === '/api/institutions/search') return { status: 200, body: institutions };
      if (url.pathname === '/api/linked_data/authorization_url/gocardless')
        return { status: 400, body: { code: 'BAD_REQUEST', message: 'Connector not available' } };
      return undefined;
    });
    const redirect = vi.fn();
    renderInApp(<GocardlessLink repositoryId={REPOSITORY} onClose={() => {}} redirect={redirect} />);
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Monzo' }));
    await waitFor(() =>
      expect(notifications.getSnapshot().map((item) => item.message)).toEqual(['Connector not available']),
    );
    expect(redirect).not.toHaveBeenCalled();
  });
});

const callbackRoutes = (
  <Routes>
    <Route path="/connectors/callback/:connector" element={<CallbackPage />} />
    <Route path="/connectors" element={<h1>Connectors list</h1>} />
  </Routes>
);

describe('the callback page /connectors/callback/{connector}', () => {
  it('hands the ref to the server once, even when the page mounts again, then follows the first sync to its counts', async () => {
    const calls = serveFakeApi((_method, url) => {
      if (url.pathname === '/api/linked_data/callback/gocardless')
        return {
          status: 200,
          body: {
            id: CONNECTOR_ID,
            repository_id: REPOSITORY,
            name: 'Monzo',
            access_method: 'gocardless',
            status: 'pending',
            status_message: null,
            source: 'gocardless',
            logo: null,
            repositories: [{ id: REPOSITORY, name: 'Home' }],
            created_at: '2026-11-27T10:00:00.000Z',
            updated_at: '2026-11-27T10:00:00.000Z',
            task_id: TASK_ID,
          },
        };
      if (url.pathname === '/api/tasks')
        return {
          status: 200,
          body: [
            {
              id: TASK_ID,
              type: 'sync_linked_account',
              status: 'succeeded',
              repository_id: REPOSITORY,
              error: null,
              progress: { stage: 'written' },
              result: { added: 12, updated: 0, removed: 0, skipped_duplicate: 0, failed: 0 },
              created_at: '2026-11-27T10:00:00.000Z',
              updated_at: '2026-11-27T10:00:01.000Z',
              started_at: '2026-11-27T10:00:00.000Z',
              finished_at: '2026-11-27T10:00:01.000Z',
            },
          ],
        };
      return undefined;
    });
    // Mounted, left and mounted again (what StrictMode's doubled effects or a remount do): the one-use state is
    // sent once and the same answer shown.
    const first = renderInApp(
      <StrictMode>{callbackRoutes}</StrictMode>,
      '/connectors/callback/gocardless?ref=state-ok-1',
    );
    await screen.findByTestId('link-result');
    first.unmount();
    renderInApp(<StrictMode>{callbackRoutes}</StrictMode>, '/connectors/callback/gocardless?ref=state-ok-1');
    const result = await screen.findByTestId('link-result');
    expect(result.textContent).toContain('Monzo linked');
    expect(result.textContent).toContain('12 added, 0 updated, 0 removed, 0 skipped as duplicates, 0 failed');
    const callbacks = urlsOf(calls).filter((url) => url.pathname === '/api/linked_data/callback/gocardless');
    expect(callbacks.map((url) => url.search)).toEqual(['?ref=state-ok-1']);
    expect(screen.getByRole('link', { name: 'Open connector' }).getAttribute('href')).toBe(
      `/connectors/${CONNECTOR_ID}`,
    );
  });

  it("a refusal shows the server's message and the way back to /connectors", async () => {
    const refusal = 'The bank link was not completed: start connecting again';
    const calls = serveFakeApi((_method, url) =>
      url.pathname === '/api/linked_data/callback/gocardless'
        ? { status: 400, body: { code: 'BAD_REQUEST', message: refusal } }
        : undefined,
    );
    renderInApp(callbackRoutes, '/connectors/callback/gocardless?ref=state-rj-1&error=UserCancelledSession');
    expect((await screen.findByTestId('callback-refused')).textContent).toContain(refusal);
    expect(urlsOf(calls).find((url) => url.pathname.includes('callback'))?.search).toBe(
      '?ref=state-rj-1&error=UserCancelledSession',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Connect again' }));
    expect(await screen.findByRole('heading', { name: 'Connectors list' })).toBeTruthy();
  });
});
