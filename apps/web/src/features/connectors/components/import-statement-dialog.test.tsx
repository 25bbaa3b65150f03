import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { ImportStatementForm } from './import-statement-dialog.tsx';

const REPOSITORY = '11111111-1111-4111-8111-111111111111';
const TASK_ID = '77777777-7777-4777-8777-777777777777';

const task = (status: string, patch: Record<string, unknown> = {}) => ({
  id: TASK_ID,
  type: 'sync_linked_account',
  status,
  repository_id: REPOSITORY,
  error: null,
  progress: null,
  result: null,
  created_at: '2026-11-27T01:00:00.000Z',
  updated_at: '2026-11-27T01:00:00.000Z',
  started_at: null,
  finished_at: null,
  ...patch,
});

interface TScript {
  uploadStatus?: number;
  /** What `POST file_upload` answers, when not the usual target. */
  target?: { status: number; body: unknown };
  loadBody?: (body: Record<string, unknown>) => void;
  finalTask: Record<string, unknown>;
}

/** The server's side of the flow: file_upload, the file POST, the manual load, then the task list. */
function serve(script: TScript) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}`);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/file_upload') {
      if (script.target) return json(script.target.body, script.target.status);
      return json({
        url: 'http://localhost/api/files/upload',
        fields: { key: 'uploads/k1' },
        task_id: TASK_ID,
      });
    }
    if (url.pathname === '/api/files/upload') {
      return new Response(null, { status: script.uploadStatus ?? 204 });
    }
    if (url.pathname === '/api/linked_data/connectors/manual') {
      script.loadBody?.(JSON.parse(String(init?.body)));
      return json({ task_id: TASK_ID });
    }
    if (url.pathname === '/api/tasks') return json([script.finalTask]);
    return json({ message: 'Not found' }, 404);
  });
  return calls;
}

function renderForm(mode: 'ofx' | 'manual') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <ImportStatementForm repositoryId={REPOSITORY} mode={mode} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const ofxFile = () =>
  new File(['OFXHEADER:100\n<OFX></OFX>'], 'bank_medium.ofx', { type: 'application/x-ofx' });
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

/** Picks `option` in the select labelled `label`, in that select's own list (every select lists the columns). */
async function choose(label: string | RegExp, option: string) {
  const box = screen.getByRole('combobox', { name: label });
  await userEvent.click(box);
  const listbox = await waitFor(() => {
    const found = document.getElementById(box.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error(`no list for ${String(label)}`);
    return found;
  });
  await userEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clear();
});

describe('the OFX/QFX import dialog (linked seed §2, §5, §7, §8)', () => {
  it('accepts .ofx and .qfx only, and refuses another file before sending anything', async () => {
    const calls = serve({ finalTask: task('succeeded') });
    renderForm('ofx');
    expect(fileInput().accept).toBe('.ofx,.qfx');
    await userEvent.upload(fileInput(), new File(['a,b'], 'bank.csv'), { applyAccept: false });
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'bank.csv is not an OFX or QFX file: choose a .ofx or .qfx file',
    );
    expect(calls).toEqual([]);
  });

  it("uploads, loads with the OFX loader and ends with the sync event's counts", async () => {
    const bodies: Record<string, unknown>[] = [];
    const calls = serve({
      loadBody: (body) => bodies.push(body),
      finalTask: task('succeeded', {
        result: { connector_id: 'c1', added: 3, skipped_duplicate: 0, failed: 0, warnings: [] },
      }),
    });
    renderForm('ofx');
    await userEvent.upload(fileInput(), ofxFile());
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const result = await screen.findByTestId('import-result');
    expect(result.textContent).toContain('3 added, 0 skipped as duplicates, 0 failed');
    expect(calls).toEqual([
      'POST /api/file_upload',
      'POST /api/files/upload',
      'POST /api/linked_data/connectors/manual',
      'GET /api/tasks',
    ]);
    expect(bodies).toEqual([{ repository_id: REPOSITORY, file_key: 'uploads/k1', loader: 'ofx' }]);
    const toast = notifications.getSnapshot()[0];
    expect(toast?.message).toBe('Imported bank_medium.ofx');
    expect(toast?.link).toEqual({ to: '/linked-transactions', label: 'Open' });
    expect(screen.getByRole('link', { name: 'Open transactions' }).getAttribute('href')).toBe(
      '/linked-transactions',
    );
  });

  it("says 'Failed to upload file' with the seed's advice when the file POST is refused", async () => {
    const calls = serve({ uploadStatus: 500, finalTask: task('succeeded') });
    renderForm('ofx');
    await userEvent.upload(fileInput(), ofxFile());
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(notifications.getSnapshot()).toHaveLength(1));
    expect(notifications.getSnapshot()[0]).toMatchObject({
      type: 'error',
      message: 'Failed to upload file',
      description: 'Try to import the account again. If the error repeats, contact support',
    });
    expect(calls).not.toContain('POST /api/linked_data/connectors/manual');
  });

  it("says 'Something is wrong during the file upload' when the upload answer has no key", async () => {
    const calls = serve({ target: { status: 200, body: {} }, finalTask: task('succeeded') });
    renderForm('ofx');
    await userEvent.upload(fileInput(), ofxFile());
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(notifications.getSnapshot()).toHaveLength(1));
    expect(notifications.getSnapshot()[0]).toMatchObject({
      type: 'error',
      message: 'Something is wrong during the file upload',
    });
    expect(calls).toEqual(['POST /api/file_upload']);
  });

  it("says 'Error uploading account file to server' with the reason when no upload target is given", async () => {
    serve({
      target: {
        status: 400,
        body: { statusCode: 400, message: 'type: must be repository or manual_sync' },
      },
      finalTask: task('succeeded'),
    });
    renderForm('ofx');
    await userEvent.upload(fileInput(), ofxFile());
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(notifications.getSnapshot()).toHaveLength(1));
    expect(notifications.getSnapshot()[0]).toMatchObject({
      type: 'error',
      message: 'Error uploading account file to server',
    });
    expect(notifications.getSnapshot()[0]?.description).toBe('type: must be repository or manual_sync');
  });

  it("shows the load task's error when the file is refused", async () => {
    serve({
      finalTask: task('failed', { error: 'This file is not OFX: it looks like QIF; choose the QIF loader' }),
    });
    renderForm('ofx');
    await userEvent.upload(fileInput(), ofxFile());
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Nothing was imported')).toBeTruthy();
    expect(screen.getByText('This file is not OFX: it looks like QIF; choose the QIF loader')).toBeTruthy();
  });
});

describe('the manual file loader', () => {
  it("says 'Nothing to import' without a file, and guesses the loader from the extension", async () => {
    serve({ finalTask: task('succeeded') });
    renderForm('manual');
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('alert').textContent).toBe('Nothing to import');
    await userEvent.upload(fileInput(), new File(['!Type:Bank\n'], 'money.qif'));
    expect((screen.getByRole('radio', { name: 'QIF' }) as HTMLInputElement).checked).toBe(true);
  });

  it('maps a CSV, previews its first rows and sends the profile', { timeout: 20_000 }, async () => {
    const bodies: Record<string, unknown>[] = [];
    serve({
      loadBody: (body) => bodies.push(body),
      finalTask: task('succeeded', { result: { added: 2, skipped_duplicate: 0, failed: 0 } }),
    });
    renderForm('manual');
    await userEvent.upload(
      fileInput(),
      new File(['Date,Amount,Payee\n2026-01-02,-12.50,Grocer\n2026-01-03,100,Salary\n'], 'bank.csv'),
    );
    expect((screen.getByRole('radio', { name: 'CSV' }) as HTMLInputElement).checked).toBe(true);
    // Without the mapped columns the preview says what is missing, and Import refuses.
    expect(await screen.findByText('Choose the date column')).toBeTruthy();
    await choose(/^Date column/, 'Date');
    await choose(/^Amount column/, 'Amount');
    await choose('Payee column', 'Payee');
    const preview = await screen.findByRole('table', { name: 'Preview rows' });
    const cells = [...preview.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      ['2026-01-02', '-12.5', 'Grocer', ''],
      ['2026-01-03', '100', 'Salary', ''],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByTestId('import-result');
    expect(bodies[0]).toMatchObject({
      loader: 'csv',
      csv_profile: {
        encoding: 'utf-8',
        headerRows: 1,
        dateFormat: 'YYYY-MM-DD',
        decimalSeparator: '.',
        columns: { date: 'Date', amount: 'Amount', payee: 'Payee' },
        amountSign: 'as-is',
      },
    });
  });
});
