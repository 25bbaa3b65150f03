import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { ModalHost } from '../../../shared/modals/modal-host.tsx';

export interface TFakeCall {
  method: string;
  url: URL;
  /** The JSON body sent, parsed; undefined without one. */
  body: unknown;
}

export type TFakeRoute = (
  method: string,
  url: URL,
  body: unknown,
) => { status: number; body: unknown } | undefined;

/**
 * Answers the app's API calls in a web test from `route` (404 for what it does not answer) and records every
 * call. Undo with `vi.unstubAllGlobals()`.
 */
export function serveFakeApi(route: TFakeRoute): TFakeCall[] {
  const calls: TFakeCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const answer = route(method, url, body) ?? {
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Not found' },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

/** A link's or sync's task as `GET /api/tasks` answers it once it has succeeded with `result`'s counts. */
export function succeededTask({
  id,
  repositoryId,
  type,
  result,
}: {
  id: string;
  repositoryId: string;
  type: 'sync_linked_account' | 'link_account';
  result: { added: number; updated: number; removed: number; skipped_duplicate: number; failed: number };
}) {
  return {
    id,
    type,
    status: 'succeeded',
    repository_id: repositoryId,
    error: null,
    progress: { stage: 'written' },
    result,
    created_at: '2026-11-27T10:00:00.000Z',
    updated_at: '2026-11-27T10:00:01.000Z',
    started_at: '2026-11-27T10:00:00.000Z',
    finished_at: '2026-11-27T10:00:01.000Z',
  };
}

/** The addresses the calls went to, in order. */
export const urlsOf = (calls: TFakeCall[]): URL[] => calls.map((call) => call.url);

/** Renders `ui` as the app does: Mantine, a query client that does not retry, a router at `path`, the modals. */
export function renderInApp(ui: ReactNode, path = '/connectors') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          {ui}
          <ModalHost />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
