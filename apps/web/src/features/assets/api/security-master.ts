import { useDebouncedValue } from '@mantine/hooks';
import {
  getSecMaster,
  linkSecurity as linkSecurityEndpoint,
  type TLinkSecurityBody,
  type TSecuritySearchResult,
  unlinkSecurity as unlinkSecurityEndpoint,
  ZSecurityMasterServerMessage,
} from '@strata/contracts/market-data';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
import { repositoryScopedKey } from '../../../shared/api/repository-query-keys.ts';

/** Core seed §9: the security search waits this long after the last keystroke. */
export const SECURITY_SEARCH_DEBOUNCE_MS = 500;

export const secMasterKey = (repositoryId: string, assetId: string) =>
  repositoryScopedKey(repositoryId, 'sec-master', assetId);

export function useSecMaster(repositoryId: string | undefined, assetId: string | undefined) {
  return useQuery({
    queryKey: secMasterKey(repositoryId ?? '', assetId ?? ''),
    queryFn: ({ signal }) => callEndpoint(getSecMaster, { params: { id: assetId ?? '' }, signal }),
    enabled: Boolean(repositoryId && assetId),
  });
}

export function linkSecurity(assetId: string, body: TLinkSecurityBody) {
  return callEndpoint(linkSecurityEndpoint, { params: { id: assetId }, body });
}

export function unlinkSecurity(assetId: string) {
  return callEndpoint(unlinkSecurityEndpoint, { params: { id: assetId } });
}

function channelUrl(): string | null {
  if (typeof window === 'undefined' || typeof WebSocket === 'undefined') return null;
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/api/ws/security_master`;
}

export interface TSecuritySearch {
  results: TSecuritySearchResult[];
  error: string | null;
  isSearching: boolean;
}

/**
 * Security search over the channel 'security_master' (action eod_search), asked 500 ms after the last
 * keystroke; an answer to an older search than the latest is dropped (request ids).
 */
export function useSecuritySearch(text: string): TSecuritySearch {
  const [debounced] = useDebouncedValue(text.trim(), SECURITY_SEARCH_DEBOUNCE_MS);
  const [state, setState] = useState<TSecuritySearch>({ results: [], error: null, isSearching: false });
  const socketRef = useRef<WebSocket | null>(null);
  const latestRef = useRef('');
  const counterRef = useRef(0);
  const pendingRef = useRef<string | null>(null);

  useEffect(() => {
    const url = channelUrl();
    if (!url) return;
    const socket = new WebSocket(url);
    socketRef.current = socket;
    socket.onopen = () => {
      if (pendingRef.current) socket.send(pendingRef.current);
      pendingRef.current = null;
    };
    socket.onmessage = (event) => {
      const parsed = ZSecurityMasterServerMessage.safeParse(JSON.parse(String(event.data)));
      if (!parsed.success || parsed.data.request_id !== latestRef.current) return;
      const message = parsed.data;
      setState(
        message.type === 'eod_search'
          ? { results: message.data, error: null, isSearching: false }
          : { results: [], error: message.message, isSearching: false },
      );
    };
    return () => {
      socketRef.current = null;
      socket.close();
    };
  }, []);

  useEffect(() => {
    if (!debounced) {
      latestRef.current = '';
      setState({ results: [], error: null, isSearching: false });
      return;
    }
    counterRef.current += 1;
    const requestId = `search-${counterRef.current}`;
    latestRef.current = requestId;
    const message = JSON.stringify({
      action: 'eod_search',
      payload: { symbol: debounced },
      request_id: requestId,
    });
    setState((previous) => ({ ...previous, isSearching: true }));
    const socket = socketRef.current;
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(message);
    else pendingRef.current = message;
  }, [debounced]);

  return state;
}
