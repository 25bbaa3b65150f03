import {
  getAnalytics,
  type TAnalyticsResponse,
  type TAnalyticsServerMessage,
} from '@strata/contracts/analytics';
import { SCOPE_KINDS, type TDataset, type TScopeKind } from '@strata/core/analytics/analytics-types';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
import { repositoryScopedKey } from '../../../shared/api/repository-query-keys.ts';
import { type TTimelineSettings, toAnalyticsQuery } from '../timeline/timeline-rules.ts';

/** Without the socket, a dashboard left open still picks up new data (a cached answer costs little). */
export const POLL_INTERVAL_MS = 60_000;

export interface TAnalyticsProgress {
  stage: 'loading' | 'computing' | 'saving';
  /** 0–1 */
  progress: number;
  transactions?: number;
  prices?: number;
}

export interface TDashboardAnalytics {
  /** The latest answer for the current request; the previous one stays while a new one computes. */
  response: TAnalyticsResponse | null;
  /** True until the current request's answer arrives. */
  isPending: boolean;
  progress: TAnalyticsProgress | null;
  error: string | null;
  /** 'socket': answers and progress come over /api/ws/analytics; 'http': GET, polled. */
  transport: 'connecting' | 'socket' | 'http';
}

/** The query of GET /api/repositories/:id/analytics (also what a socket 'compute' carries). */
export function analyticsQuery(
  timeline: TTimelineSettings,
  datasets: readonly TDataset[],
  scopes?: readonly TScopeKind[],
  /** The scope kinds whose IRR is solved (the server's default when absent or null). */
  irrScopes?: readonly TScopeKind[] | null,
): Record<string, string> {
  const query = toAnalyticsQuery(timeline);
  return {
    periods: String(query.periods),
    freq: query.freq,
    ...(query.end ? { end: query.end } : {}),
    include_end: String(query.include_end),
    ...(query.currency ? { currency: query.currency } : {}),
    datasets: [...new Set(datasets)].sort().join(','),
    ...(scopes ? { scopes: SCOPE_KINDS.filter((kind) => scopes.includes(kind)).join(',') } : {}),
    ...(irrScopes ? { irr_scopes: SCOPE_KINDS.filter((kind) => irrScopes.includes(kind)).join(',') } : {}),
  };
}

function socketUrl(): string | null {
  if (typeof window === 'undefined' || typeof WebSocket === 'undefined') return null;
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/api/ws/analytics`;
}

/**
 * The analytics a dashboard reads: asked over the WebSocket channel 'analytics' when the server offers it
 * (progress while the worker computes; a recompute started elsewhere — another tab after a data change —
 * updates the widgets too), else by GET, polled.
 */
export function useDashboardAnalytics(
  repositoryId: string | undefined,
  timeline: TTimelineSettings,
  datasets: readonly TDataset[],
  /** The scope kinds that get rows (every kind when absent). */
  scopes?: readonly TScopeKind[],
  /** The scope kinds whose IRR is solved (the server's default when absent or null). */
  irrScopes?: readonly TScopeKind[] | null,
): TDashboardAnalytics {
  const query = analyticsQuery(timeline, datasets, scopes, irrScopes);
  const queryKey = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the query's content.
  const stableQuery = useMemo(() => query, [queryKey]);
  const [transport, setTransport] = useState<TDashboardAnalytics['transport']>(() =>
    socketUrl() ? 'connecting' : 'http',
  );
  const [socketState, setSocketState] = useState<{
    key: string;
    response: TAnalyticsResponse | null;
    progress: TAnalyticsProgress | null;
    error: string | null;
    done: boolean;
  }>({ key: '', response: null, progress: null, error: null, done: false });
  const socketRef = useRef<WebSocket | null>(null);
  const requestRef = useRef<{ id: string; hash: string | null; key: string } | null>(null);
  const counter = useRef(0);
  // The data version of the answer shown: a 'deprecated' for a newer one asks again.
  const shownVersion = useRef(-1);
  const [refreshes, setRefreshes] = useState(0);

  // One connection while the dashboard is open; a failure or a close falls back to GET.
  useEffect(() => {
    const url = socketUrl();
    if (!url || !repositoryId) return;
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch {
      setTransport('http');
      return;
    }
    socketRef.current = socket;
    let isClosedByUs = false;
    socket.onopen = () => setTransport('socket');
    socket.onclose = () => {
      socketRef.current = null;
      if (!isClosedByUs) setTransport('http');
    };
    socket.onmessage = (event) => {
      let message: TAnalyticsServerMessage;
      try {
        message = JSON.parse(String(event.data)) as TAnalyticsServerMessage;
      } catch {
        return;
      }
      const request = requestRef.current;
      if (!request) return;
      if (message.type === 'deprecated') {
        // Someone changed the data (here or in another tab or browser): the answer shown is out of date.
        if (message.repository_id === repositoryId && message.data_version > shownVersion.current) {
          setRefreshes((count) => count + 1);
        }
        return;
      }
      if (message.type === 'accepted' && message.request_id === request.id) {
        request.hash = message.request_hash;
      } else if (message.type === 'progress' && message.request_hash === request.hash) {
        const { stage, progress, transactions, prices } = message;
        setSocketState((state) =>
          state.key === request.key
            ? { ...state, progress: { stage, progress, transactions, prices } }
            : state,
        );
      } else if (message.type === 'result' && message.request_hash === request.hash) {
        shownVersion.current = Math.max(shownVersion.current, message.data_version);
        setSocketState((state) =>
          state.key === request.key
            ? { ...state, response: message.response, progress: null, error: null, done: true }
            : state,
        );
      } else if (message.type === 'error' && message.request_id === request.id) {
        setSocketState((state) =>
          state.key === request.key
            ? { ...state, error: message.message, progress: null, done: true }
            : state,
        );
      }
    };
    return () => {
      isClosedByUs = true;
      socketRef.current = null;
      socket.close();
    };
  }, [repositoryId]);

  // Each new request over the socket (and again after a 'deprecated'); the last answer stays on screen
  // until the new one arrives.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `refreshes` only asks for the same request again.
  useEffect(() => {
    const socket = socketRef.current;
    if (transport !== 'socket' || !socket || !repositoryId || !stableQuery.datasets) return;
    counter.current += 1;
    const id = `r${counter.current}`;
    const key = `${repositoryId}|${queryKey}`;
    requestRef.current = { id, hash: null, key };
    setSocketState((state) => ({ key, response: state.response, progress: null, error: null, done: false }));
    socket.send(
      JSON.stringify({ action: 'compute', repository_id: repositoryId, request_id: id, query: stableQuery }),
    );
  }, [transport, repositoryId, queryKey, stableQuery, refreshes]);

  const http = useQuery({
    queryKey: repositoryScopedKey(repositoryId ?? 'none', 'analytics', stableQuery),
    queryFn: ({ signal }) =>
      callEndpoint(getAnalytics, { params: { id: repositoryId ?? '' }, signal, query: stableQuery }),
    enabled: transport === 'http' && Boolean(repositoryId) && Boolean(stableQuery.datasets),
    placeholderData: (previous) => previous,
    refetchInterval: POLL_INTERVAL_MS,
  });

  if (transport === 'http') {
    return {
      response: http.data ?? null,
      isPending: http.isPending || http.isPlaceholderData,
      progress: null,
      error: http.error ? http.error.message : null,
      transport,
    };
  }
  return {
    response: socketState.response,
    isPending: !socketState.done,
    progress: socketState.progress,
    error: socketState.error,
    transport,
  };
}
