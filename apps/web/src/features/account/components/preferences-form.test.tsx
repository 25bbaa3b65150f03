import { MantineProvider } from '@mantine/core';
import type { TUserSettings } from '@strata/contracts/user-settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/api-client.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { USER_SETTINGS_QUERY_KEY } from '../../session/index.ts';
import { PreferencesForm } from './preferences-form.tsx';

const SETTINGS: TUserSettings = {
  dateFormat: 'MM/DD/YYYY',
  lastActiveRepository: 'repo-1',
  allowedInactivityTime: 20,
  earlyAccess: false,
  timelineOpened: true,
  assetTreeWidth: 300,
  uiSettings: { settingsVersion: 20250815, analytics: { freq: 'month' }, common: { isNavbarPinned: true } },
  timeZone: 'Europe/Paris',
  isAiAgentEnabled: false,
};

describe('the settings form', () => {
  let posted: unknown[];
  let queryClient: QueryClient;
  let assistantStatus: { is_configured: boolean; model: string | null };

  beforeEach(() => {
    posted = [];
    assistantStatus = { is_configured: true, model: 'm' };
    queryClient = new QueryClient();
    queryClient.setQueryData([...USER_SETTINGS_QUERY_KEY, 'u1'], SETTINGS);
    configureApiClient({
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input instanceof Request ? input.url : input).endsWith('/api/assistant')) {
          return new Response(JSON.stringify(assistantStatus), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
        }
        const body = JSON.parse(String(init?.body));
        posted.push(body);
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }) as typeof fetch,
      logError: () => {},
    });
  });
  afterEach(() => {
    cleanup();
    configureApiClient({ fetch: (...args) => globalThis.fetch(...args) });
  });

  function renderForm() {
    render(
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <PreferencesForm userId="u1" settings={SETTINGS} />
        </QueryClientProvider>
      </MantineProvider>,
    );
  }

  it('turns the analytics pages on under the seed key and sends the whole document back', async () => {
    renderForm();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('switch', { name: /Analytics pages/ }));
    fireEvent.click(screen.getByRole('switch', { name: /Early access/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      dateFormat: 'MM/DD/YYYY',
      lastActiveRepository: 'repo-1',
      allowedInactivityTime: 20,
      earlyAccess: true,
      timelineOpened: true,
      assetTreeWidth: 300,
      uiSettings: {
        settingsVersion: 20250815,
        analytics: { freq: 'month', isDebugTabsEnabled: true },
        common: { isNavbarPinned: true },
      },
      timeZone: 'Europe/Paris',
      isAiAgentEnabled: false,
    });
    await waitFor(() =>
      expect(notifications.getSnapshot().some((n) => n.message === 'Settings saved')).toBe(true),
    );
  });

  it('turns the AI agent on, and says when the server has no assistant', async () => {
    assistantStatus = { is_configured: false, model: null };
    renderForm();
    expect(
      await screen.findByText(
        'The assistant is not configured. Set AI_BASE_URL and AI_MODEL on the server to turn it on',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: /AI agent/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ isAiAgentEnabled: true });
  }, 15_000);

  it("saves the time zone that decides the user's today", async () => {
    renderForm();
    const zone = screen.getByRole('combobox', { name: /Time zone/ });
    expect((zone as HTMLInputElement).value).toBe('Europe/Paris');
    await userEvent.click(zone);
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Tokyo');
    await userEvent.click(await screen.findByRole('option', { name: 'Asia/Tokyo', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ timeZone: 'Asia/Tokyo', dateFormat: 'MM/DD/YYYY' });
  }, 15_000);

  it('refuses an idle time outside 1–1440 minutes without sending anything', async () => {
    renderForm();
    const minutes = screen.getByRole('textbox', { name: /still there/ });
    fireEvent.change(minutes, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText(/greater than or equal to 1|Too small/i)).toBeTruthy());
    expect(posted).toHaveLength(0);
  });
});
