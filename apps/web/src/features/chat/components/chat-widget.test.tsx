import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../shared/api/api-client.ts';
import { CLIENT_CONFIG_QUERY_KEY } from '../../../shared/runtime-config/client-config.ts';
import { SESSION_QUERY_KEY } from '../../auth/index.ts';
import { HUBSPOT_SCRIPT_ID, type THubSpotWindow } from '../hubspot-widget.ts';
import { ChatWidget } from './chat-widget.tsx';

// happy-dom loads no script files, so these check what the page hands HubSpot's loader (the script element and
// window.hsConversationsSettings, read by the loader when it runs); e2e/observability.e2e.test.ts runs a local loader
// in Chromium.
const scriptUrl = 'http://127.0.0.1:9/hub-123.js';

type TPage = THubSpotWindow;
const page = window as unknown as TPage;

afterEach(() => {
  document.getElementById(HUBSPOT_SCRIPT_ID)?.remove();
  for (const key of [
    'hsConversationsSettings',
    'HubSpotConversations',
    'loadedWith',
    'widgetCleared',
    'widgetRemoved',
  ]) {
    delete (page as Record<string, unknown>)[key];
  }
});

/** Renders the widget for a signed-in user; `answers` stands in for the API (any other path fails the test). */
function renderWidget(chat: { scriptUrl: string } | null, answers: Record<string, unknown> = {}) {
  const calls: string[] = [];
  configureApiClient({
    fetch: (async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push(path);
      if (!(path in answers)) return new Response('{}', { status: 404 });
      return new Response(JSON.stringify(answers[path]), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch,
    logError: () => {},
  });
  const queryClient = new QueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, {
    user: { id: 'u1', email: 'ann@example.test', name: 'Ann' },
    session: {},
  } as never);
  queryClient.setQueryData(CLIENT_CONFIG_QUERY_KEY, { errorReporter: null, chat });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ChatWidget />
    </QueryClientProvider>,
  );
  return { calls, view };
}

describe('ChatWidget', () => {
  it('adds the configured widget script and identifies the visitor with their token', async () => {
    const { calls } = renderWidget(
      { scriptUrl },
      { '/api/hubspot': { configured: true, token: 'visitor-token-1' } },
    );
    await waitFor(() => expect(document.getElementById(HUBSPOT_SCRIPT_ID)).not.toBeNull());
    expect(document.getElementById(HUBSPOT_SCRIPT_ID)?.getAttribute('src')).toBe(scriptUrl);
    expect(page.hsConversationsSettings).toEqual({
      loadImmediately: true,
      identificationEmail: 'ann@example.test',
      identificationToken: 'visitor-token-1',
    });
    expect(calls).toEqual(['/api/hubspot']);
  });

  it('removes the widget and its conversation when the signed-in shell goes (sign-out)', async () => {
    const { view } = renderWidget({ scriptUrl }, { '/api/hubspot': { configured: true, token: 't' } });
    await waitFor(() => expect(document.getElementById(HUBSPOT_SCRIPT_ID)).not.toBeNull());
    // What the loader sets once it has run.
    const clear = vi.fn();
    const remove = vi.fn();
    page.HubSpotConversations = { clear, widget: { remove } };
    view.unmount();
    expect(clear).toHaveBeenCalledWith({ resetWidget: true });
    expect(remove).toHaveBeenCalled();
    expect(document.getElementById(HUBSPOT_SCRIPT_ID)).toBeNull();
    expect(page.hsConversationsSettings).toBeUndefined();
  });

  it('loads nothing and asks for no token when no chat is configured', async () => {
    const { calls } = renderWidget(null);
    // The session and config are cached: a render that wanted a token would have asked by now.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    expect(document.getElementById(HUBSPOT_SCRIPT_ID)).toBeNull();
  });

  it('loads no script when the server says the chat is not configured or fails', async () => {
    const { calls } = renderWidget({ scriptUrl }, { '/api/hubspot': { configured: false } });
    await waitFor(() => expect(calls).toEqual(['/api/hubspot']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.getElementById(HUBSPOT_SCRIPT_ID)).toBeNull();
  });
});
