import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSecuritySearch } from './security-master.ts';

/** A WebSocket the test drives: it records what the page sends and delivers what the test says. */
class FakeSocket {
  static OPEN = 1;
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  onopen: (() => void) | null = null;
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
    act(() => {
      this.readyState = FakeSocket.OPEN;
      this.onopen?.();
    });
  }
  deliver(message: Record<string, unknown>) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
}

const APPLE = {
  name: 'Apple Inc.',
  code: 'AAPL',
  type: 'stock',
  exchange: 'NASDAQ',
  currency: null,
  provider: 'yahoo',
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('security search (channel security_master)', () => {
  it('asks once, 500 ms after typing stops, and shows that answer', () => {
    const { result, rerender } = renderHook(({ text }) => useSecuritySearch(text), {
      initialProps: { text: '' },
    });
    const socket = FakeSocket.last as FakeSocket;
    expect(socket.url).toMatch(/\/api\/ws\/security_master$/);
    socket.open();
    for (const text of ['A', 'AA', 'AAP', 'AAPL']) {
      rerender({ text });
      act(() => vi.advanceTimersByTime(200));
    }
    expect(socket.sent).toEqual([]);
    act(() => vi.advanceTimersByTime(300));
    expect(socket.sent).toEqual([
      { action: 'eod_search', payload: { symbol: 'AAPL' }, request_id: 'search-1' },
    ]);
    expect(result.current.isSearching).toBe(true);
    socket.deliver({ type: 'eod_search', request_id: 'search-1', symbol: 'AAPL', data: [APPLE] });
    expect(result.current).toEqual({ results: [APPLE], error: null, isSearching: false });
  });

  it('drops the answer to an older search and shows the error of the latest', () => {
    const { result, rerender } = renderHook(({ text }) => useSecuritySearch(text), {
      initialProps: { text: 'AA' },
    });
    const socket = FakeSocket.last as FakeSocket;
    socket.open();
    act(() => vi.advanceTimersByTime(500));
    rerender({ text: 'MSFT' });
    act(() => vi.advanceTimersByTime(500));
    expect(socket.sent.map((message) => message.request_id)).toEqual(['search-1', 'search-2']);
    socket.deliver({ type: 'eod_search', request_id: 'search-1', symbol: 'AA', data: [APPLE] });
    expect(result.current.results).toEqual([]);
    socket.deliver({
      type: 'error',
      request_id: 'search-2',
      status: 503,
      message: 'No market-data provider is configured',
    });
    expect(result.current).toEqual({
      results: [],
      error: 'No market-data provider is configured',
      isSearching: false,
    });
  });
});
