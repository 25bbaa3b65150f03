import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { modals } from '../../../shared/modals/modal-store.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { Component as CallbackPage } from '../routes/connector-callback-page.tsx';
import { renderInApp, serveFakeApi, urlsOf } from '../testing/fake-api.tsx';
import { ConnectChooser } from './connect-chooser.tsx';

const REPOSITORY = '11111111-1111-4111-8111-111111111111';

afterEach(() => {
  vi.unstubAllGlobals();
  modals.closeAll();
  notifications.clear();
});

describe('the cap table (OAuth): Connect goes to the provider, the callback page hands the code on', () => {
  it('Connect asks for the authorization URL without a bank and sends the browser there', async () => {
    const authorizeAt = 'http://127.0.0.1:9/authorize?state=s1&code_challenge=c';
    const calls = serveFakeApi((_method, url) => {
      if (url.pathname === '/api/linked_data/providers')
        return {
          status: 200,
          body: [{ id: 'cap_table', name: 'Carta', available: true, flow: 'redirect', logo: null }],
        };
      if (url.pathname === '/api/linked_data/authorization_url/cap_table')
        return { status: 200, body: { url: authorizeAt, state: 's1', expires_at: '2030-01-01T00:00:00Z' } };
      return undefined;
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderInApp(<ConnectChooser repositoryId={REPOSITORY} onClose={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Carta' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(authorizeAt));
    const asked = urlsOf(calls).find((url) => url.pathname.endsWith('/authorization_url/cap_table'));
    expect(asked?.searchParams.get('repository_id')).toBe(REPOSITORY);
    expect(asked?.searchParams.has('institution_id')).toBe(false);
  });

  it('the callback page passes the code and the state the provider sent back', async () => {
    const calls = serveFakeApi((_method, url) =>
      url.pathname === '/api/linked_data/callback/cap_table'
        ? { status: 400, body: { code: 'BAD_REQUEST', message: 'The cap table link was not completed' } }
        : undefined,
    );
    renderInApp(
      <Routes>
        <Route path="/connectors/callback/:connector" element={<CallbackPage />} />
      </Routes>,
      '/connectors/callback/cap_table?code=auth-code-1&state=state-1',
    );
    await screen.findByTestId('callback-refused');
    const sent = urlsOf(calls).find((url) => url.pathname.endsWith('/callback/cap_table'));
    expect(sent?.searchParams.get('code')).toBe('auth-code-1');
    expect(sent?.searchParams.get('state')).toBe('state-1');
  });
});
