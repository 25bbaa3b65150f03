import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../shared/api/api-client.ts';
import { scopeKindsOf } from '../components/dashboard-grid.tsx';
import { DEFAULT_TIMELINE } from '../timeline/timeline-rules.ts';
import { analyticsQuery, useDashboardAnalytics } from './analytics.ts';

/** A WebSocket the test drives: it records what the page sends and delivers what the test says. */
class FakeSocket {
  static last: FakeSocket | null = null;
  sent: Array<Record<string, unknown>> = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
  open() {
    act(() => this.onopen?.());
  }
  deliver(message: Record<string, unknown>) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
  drop() {
    act(() => this.onclose?.());
  }
}

const RESPONSE = {
  status: 'done',
  result: { currency: 'USD' },
  total_compute_time: 7,
  cached: false,
  data_version: 3,
};

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const fetched: string[] = [];

beforeEach(() => {
  FakeSocket.last = null;
  fetched.length = 0;
  vi.stubGlobal('WebSocket', FakeSocket);
  configureApiClient({
    fetch: (async (input: RequestInfo | URL) => {
      fetched.push(String(input));
      return new Response(JSON.stringify({ ...RESPONSE, data_version: 9 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch,
    logError: () => {},
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  configureApiClient({ fetch: (...args) => globalThis.fetch(...args) });
});

describe('analyticsQuery', () => {
  it("asks for the union of the widgets' datasets, once each, with the timeline", () => {
    expect(
      analyticsQuery({ ...DEFAULT_TIMELINE, periods: 12, freq: 'month', currency: 'EUR' }, [
        'value_view',
        'income_view',
        'value_view',
      ]),
    ).toEqual({
      periods: '12',
      freq: 'month',
      include_end: 'true',
      currency: 'EUR',
      datasets: 'income_view,value_view',
    });
    expect(
      analyticsQuery({ ...DEFAULT_TIMELINE, end_is_today: false, end: '2025-12-31' }, ['value_view']).end,
    ).toBe('2025-12-31');
  });

  it('names the scope kinds when given, in one order, so equal boards make equal requests', () => {
    expect(analyticsQuery(DEFAULT_TIMELINE, ['value_view'], ['tag', 'repository', 'account']).scopes).toBe(
      'repository,account,tag',
    );
    expect(analyticsQuery(DEFAULT_TIMELINE, ['value_view'])).not.toHaveProperty('scopes');
    // Asset IRRs are asked for by name, in one order; the default asks nothing.
    expect(
      analyticsQuery(DEFAULT_TIMELINE, ['irr_moic_view'], undefined, ['asset', 'repository']).irr_scopes,
    ).toBe('repository,asset');
    expect(analyticsQuery(DEFAULT_TIMELINE, ['irr_moic_view'], undefined, null)).not.toHaveProperty(
      'irr_scopes',
    );
  });
});

describe('scopeKindsOf', () => {
  const widget = (kind: string, settings: Record<string, unknown> = {}) => ({
    id: kind,
    kind,
    settings,
    layout: { x: 0, y: 0, w: 4, h: 4 },
  });

  it("asks for the kinds the board's widgets read, and all but positions while editing", () => {
    const board = [
      widget('Value Pie', { grouping: 'tag', tag_name: 'Category' }),
      widget('Value Change Snapshot', { scope_kind: 'asset', scope_id: 'ast-1' }),
      widget('Section Delimiter'),
    ];
    expect(scopeKindsOf(board, false)).toEqual(['repository', 'asset', 'tag']);
    expect(scopeKindsOf([widget('Value Table')], false)).toEqual(['repository', 'account']);
    expect(scopeKindsOf(board, true)).toEqual(['repository', 'account', 'asset', 'tag']);
  });
});

describe('useDashboardAnalytics', () => {
  it('computes over the socket with progress, and takes a later recompute of the same request', async () => {
    const { result } = renderHook(() => useDashboardAnalytics('repo-1', DEFAULT_TIMELINE, ['value_view']), {
      wrapper,
    });
    const socket = FakeSocket.last as FakeSocket;
    expect(socket.url).toMatch(/\/api\/ws\/analytics$/);
    socket.open();
    await waitFor(() => expect(socket.sent).toHaveLength(1));
    const compute = socket.sent[0] as { action: string; request_id: string; query: Record<string, string> };
    expect(compute).toMatchObject({ action: 'compute', repository_id: 'repo-1' });
    expect(compute.query.datasets).toBe('value_view');
    expect(result.current).toMatchObject({ transport: 'socket', isPending: true, response: null });

    socket.deliver({
      type: 'accepted',
      repository_id: 'repo-1',
      request_id: compute.request_id,
      request_hash: 'h1',
    });
    // Another request's progress is not ours.
    socket.deliver({
      type: 'progress',
      repository_id: 'repo-1',
      request_hash: 'other',
      data_version: 3,
      stage: 'saving',
      progress: 0.9,
    });
    expect(result.current.progress).toBeNull();
    socket.deliver({
      type: 'progress',
      repository_id: 'repo-1',
      request_hash: 'h1',
      data_version: 3,
      stage: 'computing',
      progress: 0.4,
      transactions: 120,
    });
    expect(result.current.progress).toMatchObject({ stage: 'computing', progress: 0.4, transactions: 120 });
    socket.deliver({
      type: 'result',
      repository_id: 'repo-1',
      request_hash: 'h1',
      data_version: 3,
      response: RESPONSE,
    });
    expect(result.current).toMatchObject({ isPending: false, progress: null, response: RESPONSE });

    // A recompute of the same request after a data change (e.g. from another tab) updates the board.
    socket.deliver({
      type: 'result',
      repository_id: 'repo-1',
      request_hash: 'h1',
      data_version: 4,
      response: { ...RESPONSE, data_version: 4 },
    });
    expect(result.current.response?.data_version).toBe(4);
    expect(fetched).toEqual([]);
  });

  it("asks again when the socket says the repository's results are deprecated, keeping the board meanwhile", async () => {
    const { result } = renderHook(() => useDashboardAnalytics('repo-1', DEFAULT_TIMELINE, ['value_view']), {
      wrapper,
    });
    const socket = FakeSocket.last as FakeSocket;
    socket.open();
    await waitFor(() => expect(socket.sent).toHaveLength(1));
    const first = socket.sent[0] as { request_id: string; query: Record<string, string> };
    socket.deliver({
      type: 'accepted',
      repository_id: 'repo-1',
      request_id: first.request_id,
      request_hash: 'h1',
    });
    socket.deliver({
      type: 'result',
      repository_id: 'repo-1',
      request_hash: 'h1',
      data_version: 3,
      response: RESPONSE,
    });

    // Another repository's change, or one the board already shows, asks nothing.
    socket.deliver({ type: 'deprecated', repository_id: 'repo-2', data_version: 9 });
    socket.deliver({ type: 'deprecated', repository_id: 'repo-1', data_version: 3 });
    expect(socket.sent).toHaveLength(1);

    socket.deliver({ type: 'deprecated', repository_id: 'repo-1', data_version: 4 });
    await waitFor(() => expect(socket.sent).toHaveLength(2));
    const again = socket.sent[1] as { action: string; request_id: string; query: Record<string, string> };
    expect(again).toMatchObject({ action: 'compute', repository_id: 'repo-1', query: first.query });
    expect(again.request_id).not.toBe(first.request_id);
    expect(result.current).toMatchObject({ isPending: true, response: RESPONSE });

    socket.deliver({
      type: 'accepted',
      repository_id: 'repo-1',
      request_id: again.request_id,
      request_hash: 'h1',
    });
    socket.deliver({
      type: 'result',
      repository_id: 'repo-1',
      request_hash: 'h1',
      data_version: 4,
      response: { ...RESPONSE, data_version: 4 },
    });
    expect(result.current).toMatchObject({ isPending: false, response: { data_version: 4 } });
    expect(fetched).toEqual([]);
  });

  it('shows an error the socket answers for the request', async () => {
    const { result } = renderHook(() => useDashboardAnalytics('repo-1', DEFAULT_TIMELINE, ['value_view']), {
      wrapper,
    });
    const socket = FakeSocket.last as FakeSocket;
    socket.open();
    await waitFor(() => expect(socket.sent).toHaveLength(1));
    const id = (socket.sent[0] as { request_id: string }).request_id;
    socket.deliver({
      type: 'error',
      repository_id: 'repo-1',
      request_id: id,
      status: 404,
      message: 'Repository is not found',
    });
    expect(result.current).toMatchObject({ isPending: false, error: 'Repository is not found' });
  });

  it('falls back to GET when the socket closes', async () => {
    const { result } = renderHook(() => useDashboardAnalytics('repo-1', DEFAULT_TIMELINE, ['income_view']), {
      wrapper,
    });
    (FakeSocket.last as FakeSocket).drop();
    await waitFor(() => expect(result.current.response?.data_version).toBe(9));
    expect(result.current.transport).toBe('http');
    expect(fetched[0]).toContain('/repositories/repo-1/analytics?');
    expect(fetched[0]).toContain('datasets=income_view');
  });
});
