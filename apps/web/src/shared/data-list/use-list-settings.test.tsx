import type { TRepository } from '@strata/contracts/repositories';
import { parseFilter } from '@strata/core/filters/filter-model';
import { TRANSACTION_FILTER_FIELDS as FIELDS } from '@strata/core/transactions/transaction-filter-fields';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../api/api-client.ts';
import { REPOSITORIES_QUERY_KEY } from '../api/repository-query-keys.ts';
import { useListSettings } from './use-list-settings.ts';

const userRepoSettings = {
  periods: 12,
  freq: 'month',
  end_is_today: true,
  end: null,
  ui_settings: { pinnedMenu: true, lists: { assets: { sort: [], filter: null } } },
};
const repository = {
  id: 'repo-1',
  name: 'Main',
  user_repo_settings: { ...userRepoSettings, access_type: 1 },
  access_type: 1,
} as unknown as TRepository;

const parsed = parseFilter(
  { logic: 'AND', groups: [{ logic: 'AND', params: [{ field: 'type', comparison: 'EQ', value: 'buy' }] }] },
  FIELDS,
);
if (!parsed.ok) throw new Error('fixture');
const buyFilter = parsed.value;

interface TRequest {
  url: string;
  method: string;
  body: unknown;
}

describe('useListSettings', () => {
  let requests: TRequest[];
  let queryClient: QueryClient;

  beforeEach(() => {
    vi.useFakeTimers();
    requests = [];
    queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: Number.POSITIVE_INFINITY } } });
    queryClient.setQueryData(REPOSITORIES_QUERY_KEY, [repository]);
    configureApiClient({
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body));
        requests.push({ url: String(input), method: init?.method ?? 'GET', body });
        // The server merges the top level and answers the merged settings.
        return new Response(JSON.stringify({ ...userRepoSettings, ...body }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }) as typeof fetch,
      logError: () => {},
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    configureApiClient({ fetch: (...args) => globalThis.fetch(...args) });
  });

  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );

  it('starts from the defaults, saves a burst of changes once after 1000 ms, and keeps other settings', async () => {
    const { result } = renderHook(
      () =>
        useListSettings({
          repository,
          listKey: 'transactions',
          fields: FIELDS,
          defaults: { sort: [{ field: 'date', sortDirection: 'descending' }] },
        }),
      { wrapper },
    );
    expect(result.current.sort).toEqual([{ field: 'date', sortDirection: 'descending' }]);
    expect(result.current.filter).toEqual({ logic: 'AND', groups: [] });

    act(() => result.current.setSort([{ field: 'type', sortDirection: 'ascending' }]));
    act(() => vi.advanceTimersByTime(500));
    act(() => result.current.setFilter(buyFilter));
    expect(result.current.sort).toEqual([{ field: 'type', sortDirection: 'ascending' }]);
    expect(result.current.filter).toEqual(buyFilter);
    act(() => vi.advanceTimersByTime(999));
    expect(requests).toEqual([]);
    await act(async () => {
      vi.advanceTimersByTime(1);
      await vi.runAllTimersAsync();
    });

    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('PUT');
    expect(requests[0]!.url).toContain('/api/repositories/repo-1/user_repo_settings');
    const saved = {
      pinnedMenu: true,
      lists: {
        assets: { sort: [], filter: null },
        transactions: {
          sort: [{ field: 'type', sortDirection: 'ascending' }],
          filter: {
            logic: 'AND',
            groups: [{ logic: 'AND', params: [{ field: 'type', comparison: 'EQ', value: 'buy' }] }],
          },
        },
      },
    };
    expect(requests[0]!.body).toEqual({ ui_settings: saved });
    // The answer replaces the cached settings.
    await vi.waitFor(() =>
      expect(
        queryClient.getQueryData<TRepository[]>(REPOSITORIES_QUERY_KEY)![0]!.user_repo_settings.ui_settings,
      ).toEqual(saved),
    );
  });

  it('reads stored settings back, and sends a pending change when the page closes', async () => {
    const stored = {
      ...repository,
      user_repo_settings: {
        ...repository.user_repo_settings,
        ui_settings: {
          lists: {
            transactions: {
              sort: [{ field: 'description', sortDirection: 'descending' }],
              filter: {
                logic: 'AND',
                groups: [{ logic: 'AND', params: [{ field: 'type', comparison: 'EQ', value: 'buy' }] }],
              },
            },
          },
        },
      },
    } as TRepository;
    const { result, unmount } = renderHook(
      () => useListSettings({ repository: stored, listKey: 'transactions', fields: FIELDS }),
      { wrapper },
    );
    expect(result.current.sort).toEqual([{ field: 'description', sortDirection: 'descending' }]);
    expect(result.current.filter).toEqual(buyFilter);
    act(() => result.current.setSort([]));
    await act(async () => {
      unmount();
      await vi.runAllTimersAsync();
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.body).toMatchObject({ ui_settings: { lists: { transactions: { sort: [] } } } });
  });
});
