import { MantineProvider } from '@mantine/core';
import type { TLinkedTransaction } from '@strata/contracts/linked-transactions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { LinkedTagsDialog } from './linked-tags-dialog.tsx';

const REPOSITORY = '11111111-1111-4111-8111-111111111111';
const EXCLUDE = '22222222-2222-4222-8222-222222222222';
const TRAVEL = '44444444-4444-4444-8444-444444444444';
const CREATED = '55555555-5555-4555-8555-555555555555';
const R1 = '88888888-8888-4888-8888-888888888881';
const R2 = '88888888-8888-4888-8888-888888888882';

const row = (id: string, tags: { id: string; name: string }[]): TLinkedTransaction => ({
  id,
  linked_account_id: '33333333-3333-4333-8333-333333333333',
  connector_name: 'OFX',
  access_method: 'file',
  account_name: null,
  account_number: '12300 000012345678',
  account_type: 'CHECKING',
  asset_id: null,
  fitid: null,
  date: '2009-04-01',
  year: 2009,
  quarter: 2,
  month: 4,
  type: 'POS',
  amount: '-6.6',
  currency: 'CAD',
  counterparty: null,
  description: null,
  check_number: null,
  category: null,
  subcategory: null,
  status: 'posted',
  tags,
  investment_kind: null,
  security_id: null,
  quantity: null,
  unit_price: null,
  mapping_status: 'none',
  mapping_message: null,
  transaction_id: null,
});

interface TCall {
  method: string;
  path: string;
  body: unknown;
}

/** A fake API on fetch: the repository's tags, tag creation, and the bulk update answering `update`. */
function api(update: { status: number; body: unknown }) {
  const calls: TCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://x'), init);
    const url = new URL(request.url, 'http://x');
    const text = await request.text();
    const call = { method: request.method, path: url.pathname, body: text ? JSON.parse(text) : undefined };
    calls.push(call);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (call.path === '/api/linked_data/transaction_tags' && call.method === 'GET') {
      return json(200, [
        { id: EXCLUDE, repository_id: REPOSITORY, name: 'exclude', is_system: true },
        { id: TRAVEL, repository_id: REPOSITORY, name: 'travel', is_system: false },
      ]);
    }
    if (call.path === '/api/linked_data/transaction_tags' && call.method === 'POST') {
      const { name } = call.body as { name: string };
      return json(201, { id: CREATED, repository_id: REPOSITORY, name, is_system: false });
    }
    return json(update.status, update.body);
  });
  return calls;
}

function renderDialog(mode: 'add' | 'remove', rows: TLinkedTransaction[]) {
  const saved: TLinkedTransaction[][] = [];
  const onClose = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <LinkedTagsDialog
          mode={mode}
          repositoryId={REPOSITORY}
          rows={rows}
          onSaved={(next) => saved.push(next)}
          onClose={onClose}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { saved, onClose };
}

const shown = () => notifications.getSnapshot().map((item) => [item.type, item.message]);

beforeEach(() => notifications.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clear();
});

describe('bulk Add tags / Remove tags on the selected linked transactions (linked seed §2, §8)', () => {
  it('adds a known tag and a new one to every selected row in one update, then says Tags were updated', async () => {
    const updated = [row(R1, []), row(R2, [])];
    const calls = api({ status: 200, body: { message: 'Tags were updated', data: updated } });
    const { saved, onClose } = renderDialog('add', [row(R1, []), row(R2, [])]);
    const user = userEvent.setup();
    expect(screen.getByText('2 selected rows')).toBeTruthy();
    const input = screen.getByRole('combobox', { name: 'Tags to add (pick or type a new one)' });
    await user.type(input, 'travel{Enter}');
    await user.type(input, 'Lunch money{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());

    expect(calls.filter((call) => call.method !== 'GET')).toEqual([
      {
        method: 'POST',
        path: '/api/linked_data/transaction_tags',
        body: { repository_id: REPOSITORY, name: 'Lunch money' },
      },
      {
        method: 'PUT',
        path: '/api/linked_data/transactions',
        body: [
          { id: R1, add_tags: [TRAVEL, CREATED] },
          { id: R2, add_tags: [TRAVEL, CREATED] },
        ],
      },
    ]);
    expect(saved).toEqual([updated]);
    expect(shown()).toEqual([['success', 'Tags were updated']]);
    expect(notifications.getSnapshot()[0]?.link).toEqual({ to: '/linked-transactions', label: 'Open' });
  });

  it('offers the tags the selected rows carry and removes the picked ones', async () => {
    const calls = api({ status: 200, body: { message: 'Tags were updated', data: [] } });
    const { onClose } = renderDialog('remove', [
      row(R1, [{ id: TRAVEL, name: 'travel' }]),
      row(R2, [{ id: EXCLUDE, name: 'exclude' }]),
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Select tags to remove' }));
    const options = screen.getAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['travel', 'exclude']);
    await user.click(options[1] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      [
        { id: R1, remove_tags: [EXCLUDE] },
        { id: R2, remove_tags: [EXCLUDE] },
      ],
    ]);
  });

  it("shows the server's error, keeps the dialog open and reports no success", async () => {
    api({ status: 400, body: { code: 'BAD_REQUEST', message: 'Unknown tag' } });
    const { saved, onClose } = renderDialog('add', [row(R1, [])]);
    const user = userEvent.setup();
    expect(screen.getByText('1 selected row')).toBeTruthy();
    await user.type(
      screen.getByRole('combobox', { name: 'Tags to add (pick or type a new one)' }),
      'travel{Enter}',
    );
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(shown()).toEqual([['error', 'Unknown tag']]));
    expect(onClose).not.toHaveBeenCalled();
    expect(saved).toEqual([]);
  });
});
