import { MantineProvider } from '@mantine/core';
import type { TRepository } from '@strata/contracts/repositories';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../shared/api/api-client.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { MoveInForm } from './move-in-form.tsx';

const NEW_ID = '22222222-2222-4222-8222-222222222222';
const TASK_ID = '77777777-7777-4777-8777-777777777777';

const task = (status: string, patch: Record<string, unknown> = {}) => ({
  id: TASK_ID,
  type: 'journal_import',
  status,
  repository_id: NEW_ID,
  error: null,
  progress: null,
  result: null,
  created_at: '2026-11-27T01:00:00.000Z',
  updated_at: '2026-11-27T01:00:00.000Z',
  started_at: null,
  finished_at: null,
  ...patch,
});

const PREVIEW = {
  accounts: { create: 6, existing: 0, names: ['Broker'] },
  assets: { create: 3, existing: 1, tickers: ['AAPL', 'Painting', 'SAP'] },
  prices: { create: 7, existing: 0 },
  transactions: { create: 11, existing: 0, by_type: { buy: 2 } },
  refused: [{ line: 8, message: 'BUY: the activity has no account' }],
  ignored: [],
};

const UPLOAD_URL = 'http://localhost:3000/api/files/upload';

/** A request as the server saw it: JSON bodies parsed, the upload's form as its fields and its file. */
type TSeen = Record<string, unknown> & { url: string };

async function seen(url: string, body: BodyInit | null | undefined): Promise<TSeen> {
  if (body instanceof FormData) {
    const file = body.get('file') as File;
    const fields = Object.fromEntries([...body.entries()].filter(([name]) => name !== 'file'));
    return { url, fields, file: { name: file.name, text: await file.text() } };
  }
  return { url, ...(body ? JSON.parse(String(body)) : {}) };
}

/** The server's side: the upload target, the store's upload, preview, start, then the task read (polled). */
function serve(options: { uploadStatus?: number } = {}) {
  const requests: TSeen[] = [];
  const handler = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    requests.push({ ...(await seen(url.pathname, init?.body)), method: init?.method ?? 'GET' });
    if (url.pathname === '/api/journal_imports/uploads')
      return json({
        url: UPLOAD_URL,
        fields: { key: `uploads/journal/${TASK_ID}`, policy: 'p', signature: 's' },
        task_id: TASK_ID,
      });
    if (url.pathname === '/api/files/upload')
      return new Response(null, { status: options.uploadStatus ?? 204 });
    if (url.pathname === `/api/journal_imports/${TASK_ID}/preview`) return json(PREVIEW);
    if (url.pathname === `/api/journal_imports/${TASK_ID}/start`) return json(task('waiting'), 202);
    if (url.pathname === `/api/tasks/${TASK_ID}`) return json(task('aborted'));
    if (url.pathname === `/api/journal_imports/${TASK_ID}`)
      return json(task('succeeded', { result: { message: '11 transactions imported' } }));
    return json({ message: 'Not found' }, 404);
  }) as typeof fetch;
  configureApiClient({ fetch: handler, logError: () => {} });
  // The file goes to the store by the browser's own fetch, without the API client (no credentials).
  vi.stubGlobal('fetch', handler);
  return requests;
}

function renderForm(repositories: TRepository[] = []) {
  const onOpen = vi.fn();
  render(
    <MantineProvider>
      <MemoryRouter>
        <MoveInForm repositories={repositories} currentRepositoryId={null} onOpen={onOpen} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return { onOpen };
}

/** The input labelled so (a select's list is labelled by it too). */
const input = (label: string) =>
  screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT') as HTMLInputElement;

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  notifications.clear();
});

describe('Move in', () => {
  it('guesses the format, previews into a new repository, imports what can be carried, then links to it', {
    timeout: 30_000,
  }, async () => {
    const requests = serve();
    const { onOpen } = renderForm();
    const user = userEvent.setup();
    const content = '{"meta":{},"activities":[]}';
    const file = new File([content], 'ghostfolio-export.json', { type: 'application/json' });
    await user.upload(fileInput(), file);
    await waitFor(() => expect(input('Format').value).toBe('Ghostfolio export (JSON)'));
    expect(input('Repository name').value).toBe('ghostfolio-export');
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByLabelText('Preview');
    expect(within(preview).getByText('Transactions').parentElement?.textContent).toBe('Transactions11new');
    expect(within(preview).getByText('Assets').parentElement?.textContent).toBe(
      'Assets3new, 1 already there',
    );
    within(preview).getByText('Activity 8');
    within(preview).getByText('BUY: the activity has no account');
    // The file goes to the store as a file (never a JSON string), held for its preview.
    expect(requests.slice(0, 3)).toEqual([
      {
        method: 'POST',
        url: '/api/journal_imports/uploads',
        // The server makes the repository in the import's transaction; the form makes none itself.
        new_repository: { name: 'ghostfolio-export', currency: 'USD' },
        format: 'ghostfolio',
        preview_first: true,
      },
      {
        method: 'POST',
        url: '/api/files/upload',
        fields: { key: `uploads/journal/${TASK_ID}`, policy: 'p', signature: 's' },
        file: { name: 'ghostfolio-export.json', text: content },
      },
      { method: 'POST', url: `/api/journal_imports/${TASK_ID}/preview` },
    ]);
    // Something is not carried: nothing is imported until the user says to leave it out.
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(
      screen.getByLabelText('Import without the 1 not carried (otherwise nothing is imported)'),
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));

    await user.click(await screen.findByRole('button', { name: 'Open ghostfolio-export' }));
    expect(onOpen).toHaveBeenCalledWith(NEW_ID);
    screen.getByText('11 transactions imported');
    expect(requests[3]).toEqual({
      method: 'POST',
      url: `/api/journal_imports/${TASK_ID}/start`,
      skip_unmapped: true,
    });
    expect(requests.slice(4).every((request) => request.url === `/api/journal_imports/${TASK_ID}`)).toBe(
      true,
    );
    // Nothing was sent as the file's text in a JSON body.
    expect(requests.some((request) => 'journal' in request)).toBe(false);
  });

  it('guesses a Portfolio Performance file (.xml) and sends it as that format', {
    timeout: 30_000,
  }, async () => {
    const requests = serve();
    renderForm([{ id: 'r1', name: 'Family' } as TRepository]);
    const user = userEvent.setup();
    const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<client>\n  <version>66</version>\n</client>';
    await user.upload(fileInput(), new File([xml], 'Depot.xml', { type: 'application/xml' }));
    await waitFor(() => expect(input('Format').value).toBe('Portfolio Performance file (XML)'));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByLabelText('Preview');
    expect(requests[0]).toEqual({
      method: 'POST',
      url: '/api/journal_imports/uploads',
      repository_id: 'r1',
      format: 'portfolio_performance',
      preview_first: true,
    });
    expect(requests[1]).toMatchObject({ file: { name: 'Depot.xml', text: xml } });
  });

  it('offers only an existing repository it is given, and previews against it', {
    timeout: 30_000,
  }, async () => {
    const requests = serve();
    renderForm([{ id: 'r1', name: 'Family' } as TRepository]);
    const user = userEvent.setup();
    await user.upload(
      fileInput(),
      new File(['date,symbol,quantity,activityType\n'], 'activities.csv', { type: 'text/csv' }),
    );
    await waitFor(() => expect(input('Format').value).toBe('Wealthfolio activities (CSV)'));
    expect(input('Repository').value).toBe('Family');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByLabelText('Preview');
    expect(requests[0]).toMatchObject({ repository_id: 'r1', format: 'wealthfolio' });
  });

  it('says the upload failed, shows no preview and offers no import when the store refuses the file', {
    timeout: 30_000,
  }, async () => {
    const requests = serve({ uploadStatus: 403 });
    renderForm([{ id: 'r1', name: 'Family' } as TRepository]);
    const user = userEvent.setup();
    await user.upload(fileInput(), new File(['2024-01-02 opening\n'], 'main.ledger', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(notifications.getSnapshot()).toHaveLength(1));
    expect(notifications.getSnapshot()[0]).toMatchObject({
      type: 'error',
      message: 'Something is wrong during the file upload',
    });
    expect(screen.queryByLabelText('Preview')).toBeNull();
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
    expect(requests.map((request) => request.url)).toEqual([
      '/api/journal_imports/uploads',
      '/api/files/upload',
    ]);
  });

  it('aborts the upload held for a preview once the target changes, and uploads again for the next', {
    timeout: 30_000,
  }, async () => {
    const requests = serve();
    renderForm();
    const user = userEvent.setup();
    await user.upload(fileInput(), new File(['2024-01-02 opening\n'], 'main.ledger', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByLabelText('Preview');
    await user.clear(input('Currency'));
    await user.type(input('Currency'), 'EUR');
    expect(screen.queryByLabelText('Preview')).toBeNull();
    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'PATCH')).toEqual([
        { method: 'PATCH', url: `/api/tasks/${TASK_ID}`, status: 'aborted' },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByLabelText('Preview');
    expect(requests.filter((request) => request.url === '/api/journal_imports/uploads').at(-1)).toMatchObject(
      {
        new_repository: { name: 'main', currency: 'EUR' },
        preview_first: true,
      },
    );
  });
});
