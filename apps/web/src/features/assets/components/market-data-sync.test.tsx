import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { MarketDataSync } from './market-data-sync.tsx';

const REPOSITORY = '11111111-1111-4111-8111-111111111111';
const TASK_ID = '88888888-8888-4888-8888-888888888888';

const STATUS = {
  repository_id: REPOSITORY,
  provider: 'yahoo',
  fx_provider: 'ecb',
  message: null,
  last_synced_at: '2026-11-26T22:41:07.000Z',
  sync_cron: '30 22 * * 1-5',
  next_sync_at: '2026-11-27T22:30:00.000Z',
  linked_assets: 3,
};

const task = (status: string, patch: Record<string, unknown> = {}) => ({
  id: TASK_ID,
  type: 'market_data_sync',
  status,
  repository_id: REPOSITORY,
  error: null,
  progress: null,
  result: null,
  created_at: '2026-11-27T08:00:00.000Z',
  updated_at: '2026-11-27T08:00:00.000Z',
  started_at: null,
  finished_at: null,
  ...patch,
});

/** The server: the status, the sync's task, then the task list with the task as `finalTask`. */
function serve(options: { status?: Record<string, unknown>; finalTask?: Record<string, unknown> } = {}) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}${init?.body ? ` ${String(init.body)}` : ''}`);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/market_data/status') return json(options.status ?? STATUS);
    if (url.pathname === '/api/market_data/sync') return json(task('waiting'), 202);
    if (url.pathname === '/api/tasks') return json([options.finalTask ?? task('waiting')]);
    return json({ message: 'Not found' }, 404);
  });
  return calls;
}

function renderSync(canWrite: boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MarketDataSync repositoryId={REPOSITORY} canWrite={canWrite} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clear();
});

describe('market data: last sync and Sync now', () => {
  it('shows the last and next sync; Sync now queues the sync and follows it to its result', async () => {
    const calls = serve({
      finalTask: task('succeeded', {
        result: { assets: 3, prices_written: 12, fx_rates_written: 4, failed: [] },
      }),
    });
    renderSync(true);
    // Dates as the default (ISO) display shows them, times in UTC.
    expect(await screen.findByText('Market data last synced: 2026-11-26 22:41')).toBeTruthy();
    expect(screen.getByText('Next scheduled sync: 2026-11-27 22:30')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() =>
      expect(notifications.getSnapshot()[0]).toMatchObject({
        type: 'success',
        message: 'Market data synced',
        description: '12 prices written',
      }),
    );
    expect(calls).toContain(`POST /api/market_data/sync {"repository_id":"${REPOSITORY}"}`);
    // The status is read again after the sync.
    await waitFor(() =>
      expect(calls.filter((call) => call.startsWith('GET /api/market_data/status'))).toHaveLength(2),
    );
  });

  it("tells a failed sync with the task's error", async () => {
    serve({ finalTask: task('failed', { error: 'Yahoo Finance is limiting requests; try again later' }) });
    renderSync(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Sync now' }));
    await waitFor(() =>
      expect(notifications.getSnapshot()[0]).toMatchObject({
        type: 'error',
        message: 'Market data sync failed',
        description: 'Yahoo Finance is limiting requests; try again later',
      }),
    );
  });

  it('hides Sync now from read-only users, who still see the last sync', async () => {
    serve();
    renderSync(false);
    expect(await screen.findByText('Market data last synced: 2026-11-26 22:41')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sync now' })).toBeNull();
  });

  it('says plainly when no provider is configured, with nothing to press', async () => {
    const message =
      'No market-data provider is configured: set MARKET_DATA_PROVIDER (yahoo or eodhd) to search securities and sync prices';
    serve({
      status: {
        ...STATUS,
        provider: null,
        fx_provider: null,
        message,
        last_synced_at: null,
        next_sync_at: null,
      },
    });
    renderSync(true);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sync now' })).toBeNull();
    expect(screen.queryByText(/last synced/)).toBeNull();
  });
});
