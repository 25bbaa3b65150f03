import { MantineProvider } from '@mantine/core';
import type { TAssistantAnswer } from '@strata/contracts/assistant';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/api-client.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { AssistantPanel } from './assistant-panel.tsx';

// Mantine's autosizing Textarea listens to document.fonts, which happy-dom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const REPOSITORY = '11111111-1111-4111-8111-111111111111';

interface TServed {
  status: number;
  body: unknown;
}

let asked: Array<{ url: string; body: { messages: Array<{ role: string; content: string }> } }>;
let answers: Array<TServed | Promise<TServed>>;

const answered = (content: string, tools: TAssistantAnswer['tools_used'] = []): TServed => ({
  status: 200,
  body: { status: 'answered', reply: { role: 'assistant', content }, tools_used: tools },
});

beforeEach(() => {
  asked = [];
  answers = [];
  notifications.clear();
  configureApiClient({
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push({ url: String(input), body: JSON.parse(String(init?.body)) });
      const served = await (answers.shift() ?? answered('?'));
      return new Response(JSON.stringify(served.body), {
        status: served.status,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch,
    logError: () => {},
  });
});
afterEach(() => {
  cleanup();
  configureApiClient({ fetch: (...args) => globalThis.fetch(...args) });
});

function renderPanel() {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <AssistantPanel repositoryId={REPOSITORY} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

// userEvent on a busy machine takes seconds per test.
describe('AssistantPanel', { timeout: 20_000 }, () => {
  it('asks an example question, shows that it is looking, then the answer and what it looked at', async () => {
    let release: (served: TServed) => void = () => {};
    answers.push(new Promise((resolve) => (release = resolve)));
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'What did I earn in dividends last year?' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Looking it up…');
    expect(asked).toEqual([
      {
        url: `/api/repositories/${REPOSITORY}/assistant`,
        body: { messages: [{ role: 'user', content: 'What did I earn in dividends last year?' }] },
      },
    ]);
    release(
      answered('You earned 12.50 USD in dividends in 2025.', [
        { name: 'income_by_period', is_error: true },
        { name: 'income_by_period', is_error: false },
      ]),
    );
    expect(await screen.findByText('You earned 12.50 USD in dividends in 2025.')).toBeTruthy();
    expect(screen.getByText('Looked at: income')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('sends the whole conversation with a follow-up question typed and sent with Enter', async () => {
    answers.push(answered('12.50 USD'), answered('Brokerage'));
    renderPanel();
    const box = screen.getByRole('textbox', { name: 'Question' });
    await userEvent.type(box, 'Dividends last year?{Enter}');
    await screen.findByText('12.50 USD');
    await userEvent.type(box, 'Which account lost most this quarter?{Enter}');
    await screen.findByText('Brokerage');
    expect(asked[1]?.body.messages).toEqual([
      { role: 'user', content: 'Dividends last year?' },
      { role: 'assistant', content: '12.50 USD' },
      { role: 'user', content: 'Which account lost most this quarter?' },
    ]);
  });

  it('shows a failure as an error toast and gives the question back to try again', async () => {
    answers.push({
      status: 503,
      body: {
        code: 'SERVICE_UNAVAILABLE',
        message: "The assistant's model server is unavailable; try again later",
      },
    });
    renderPanel();
    const box = screen.getByRole('textbox', { name: 'Question' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Positions today?' } });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(notifications.getSnapshot().map((toast) => [toast.type, toast.message])).toEqual([
        ['error', "The assistant's model server is unavailable; try again later"],
      ]),
    );
    expect(box.value).toBe('Positions today?');
    expect(screen.queryByLabelText('You')).toBeNull();
  });

  it('says how to turn the assistant on when the server has no model', async () => {
    answers.push({
      status: 200,
      body: {
        status: 'not_configured',
        reply: { role: 'assistant', content: 'The assistant is not configured' },
        tools_used: [],
      },
    });
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Which account lost most this quarter?' }));
    expect(await screen.findByText('The assistant is not configured')).toBeTruthy();
    expect(screen.getByText('Set AI_BASE_URL and AI_MODEL on the server to turn it on')).toBeTruthy();
  });
});
