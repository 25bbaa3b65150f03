import { MantineProvider } from '@mantine/core';
import type { TConnector } from '@strata/contracts/linked-data';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalHost } from '../../../shared/modals/modal-host.tsx';
import { modals } from '../../../shared/modals/modal-store.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { ConnectorsList } from '../routes/connectors-page.tsx';

const REPOSITORY = '11111111-1111-4111-8111-111111111111';
const CONNECTOR_ID = '22222222-2222-4222-8222-222222222222';

const connector = (patch: Partial<TConnector> = {}): TConnector => ({
  id: CONNECTOR_ID,
  repository_id: REPOSITORY,
  name: 'Monzo',
  access_method: 'gocardless',
  status: 'ok',
  status_message: null,
  source: 'gocardless',
  logo: null,
  repositories: [{ id: REPOSITORY, name: 'Home' }],
  created_at: '2026-11-26T10:00:00.000Z',
  updated_at: '2026-11-26T10:00:00.000Z',
  ...patch,
});

const dailySchedule = {
  connector_id: CONNECTOR_ID,
  schedule: 'daily',
  every_hours: 24,
  next_sync_at: '2026-11-28T09:00:00.000Z',
  last_synced_at: '2026-11-27T09:00:00.000Z',
  failures: 2,
  is_login_required: false,
};

function serve(connectors: TConnector[]) {
  const puts: unknown[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = init?.method ?? 'GET';
    let body: unknown = { code: 'NOT_FOUND', message: 'Not found' };
    let status = 200;
    if (url.pathname === '/api/linked_data/connectors') body = connectors;
    else if (url.pathname === '/api/linked_data/accounts') body = [];
    else if (url.pathname === `/api/linked_data/connectors/${CONNECTOR_ID}/schedule` && method === 'GET')
      body = dailySchedule;
    else if (url.pathname === `/api/linked_data/connectors/${CONNECTOR_ID}/schedule` && method === 'PUT') {
      puts.push(JSON.parse(String(init?.body)));
      body = { ...dailySchedule, schedule: 'every_n_hours', every_hours: 6, failures: 0 };
    } else status = 404;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return puts;
}

function renderWith(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          {ui}
          <ModalHost />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  modals.closeAll();
  notifications.clear();
});

describe("a live connector's 'Sync schedule'", () => {
  it('shows the current schedule and saves every 6 hours with the success toast', async () => {
    const puts = serve([connector()]);
    renderWith(<ConnectorsList repositoryId={REPOSITORY} canWrite />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions of Monzo' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sync schedule', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Sync schedule of Monzo' });
    const sync = (await within(dialog).findByRole('combobox', { name: 'Sync' })) as HTMLInputElement;
    expect(sync.value).toBe('Daily');
    const state = within(dialog).getByTestId('schedule-state').textContent ?? '';
    expect(state).toContain('Next sync: 28 Nov 2026');
    expect(state).toContain('The last 2 syncs failed');
    await userEvent.click(sync);
    await userEvent.click(within(dialog).getByRole('option', { name: 'Every few hours', hidden: true }));
    const hours = within(dialog).getByRole('textbox', { name: 'Every (hours)' });
    await userEvent.clear(hours);
    await userEvent.type(hours, '6');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toEqual([{ schedule: 'every_n_hours', every_hours: 6 }]));
    await waitFor(() =>
      expect(notifications.getSnapshot().map((item) => item.message)).toEqual([
        'Sync schedule saved successfully.',
      ]),
    );
  });

  it('saving Off sends no hours', async () => {
    const puts = serve([connector()]);
    renderWith(<ConnectorsList repositoryId={REPOSITORY} canWrite />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions of Monzo' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sync schedule', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Sync schedule of Monzo' });
    await userEvent.click(await within(dialog).findByRole('combobox', { name: 'Sync' }));
    await userEvent.click(within(dialog).getByRole('option', { name: 'Off', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toEqual([{ schedule: 'off' }]));
  });

  it('is not offered to a read-only member, nor on a file connector', async () => {
    serve([
      connector(),
      connector({ id: '33333333-3333-4333-8333-333333333333', name: 'Statements', access_method: 'manual' }),
    ]);
    const { unmount } = renderWith(<ConnectorsList repositoryId={REPOSITORY} canWrite={false} />);
    await screen.findByRole('region', { name: 'Connector Monzo' });
    expect(screen.queryByRole('button', { name: 'Actions of Monzo' })).toBeNull();
    unmount();
    renderWith(<ConnectorsList repositoryId={REPOSITORY} canWrite />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions of Statements' }));
    expect(await screen.findByRole('menuitem', { name: 'Rename', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Sync schedule', hidden: true })).toBeNull();
  });
});
