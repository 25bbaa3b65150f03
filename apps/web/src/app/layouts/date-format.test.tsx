import { MantineProvider } from '@mantine/core';
import type { TUserSettings } from '@strata/contracts/user-settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PreferencesForm } from '../../features/account/components/preferences-form.tsx';
import { SESSION_QUERY_KEY } from '../../features/auth/index.ts';
import { USER_SETTINGS_QUERY_KEY } from '../../features/session/index.ts';
import { configureApiClient } from '../../shared/api/api-client.ts';
import { DateField } from '../../shared/forms/date-field.tsx';
import { useDateDisplay } from '../../shared/lib/date-format.tsx';
import { RootLayout } from './root-layout.tsx';

// Issue 19, item 3: the date format chosen on the settings screen is how every date is shown and typed.
const SETTINGS: TUserSettings = {
  dateFormat: 'MM/DD/YYYY',
  lastActiveRepository: null,
  allowedInactivityTime: 20,
  earlyAccess: false,
  timelineOpened: false,
  assetTreeWidth: null,
  uiSettings: {},
  timeZone: 'Europe/Paris',
  isAiAgentEnabled: false,
};

function DatesOnAPage() {
  const dates = useDateDisplay();
  const [typed, setTyped] = useState('2026-11-25');
  return (
    <>
      <output aria-label="Shown date">{dates.date('2026-11-25')}</output>
      <DateField label="Trade date" value={typed} onChange={setTyped} />
      <output aria-label="Stored date">{typed}</output>
    </>
  );
}

describe('the user date format', () => {
  let queryClient: QueryClient;

  beforeEach(() => {
    queryClient = new QueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, { user: { id: 'u1' }, session: {} } as never);
    queryClient.setQueryData([...USER_SETTINGS_QUERY_KEY, 'u1'], SETTINGS);
    configureApiClient({
      fetch: (async (_input: RequestInfo | URL, init?: RequestInit) =>
        new Response(String(init?.body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        })) as typeof fetch,
      logError: () => {},
    });
  });
  afterEach(() => {
    cleanup();
    configureApiClient({ fetch: (...args) => globalThis.fetch(...args) });
  });

  it('changes every shown and typed date when the setting is saved', async () => {
    const router = createMemoryRouter([
      {
        Component: RootLayout,
        children: [
          {
            path: '/',
            element: (
              <>
                <PreferencesForm userId="u1" settings={SETTINGS} />
                <DatesOnAPage />
              </>
            ),
          },
        ],
      },
    ]);
    render(
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect((await screen.findByLabelText('Shown date')).textContent).toBe('11/25/2026');
    expect((screen.getByLabelText('Trade date') as HTMLInputElement).value).toBe('11/25/2026');

    await userEvent.click(screen.getByRole('combobox', { name: /Date format/ }));
    await userEvent.click(await screen.findByRole('option', { name: /^DD\/MM\/YYYY/, hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByLabelText('Shown date').textContent).toBe('25/11/2026'));
    const input = screen.getByLabelText('Trade date') as HTMLInputElement;
    expect(input.value).toBe('25/11/2026');
    expect(input.placeholder).toBe('DD/MM/YYYY');

    // Typed day first, stored as the calendar date.
    await userEvent.clear(input);
    await userEvent.type(input, '3/12/2026');
    expect(screen.getByLabelText('Stored date').textContent).toBe('2026-12-03');
    await userEvent.tab();
    expect(input.value).toBe('03/12/2026');
    // Some seconds under happy-dom on the shared two-core machine.
  }, 15_000);
});
