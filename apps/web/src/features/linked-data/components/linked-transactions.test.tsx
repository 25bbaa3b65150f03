import { MantineProvider } from '@mantine/core';
import type { TFilter } from '@strata/core/filters/filter-model';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LinkedTransactionsGrid } from './linked-transactions-grid.tsx';
import { SourceView } from './source-view.tsx';

const REPOSITORY = '11111111-1111-4111-8111-111111111111';
const ACCOUNT = '33333333-3333-4333-8333-333333333333';
const ROW_ID = '88888888-8888-4888-8888-888888888888';

function renderWith(ui: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** A fetch that answers when `release` is called, so the loading state can be seen first. */
function held(answer: (url: URL) => { status: number; body: unknown }) {
  const urls: URL[] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    urls.push(url);
    await gate;
    const { status, body } = answer(url);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return { urls, release: () => release() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the linked transaction's source view (linked seed §2, §8)", () => {
  it("says 'Loading JSON data...', then shows the source as JSON", async () => {
    const server = held(() => ({
      status: 200,
      body: { id: ROW_ID, source: { fitId: '0000123456782009040300005', payee: "CONNIE'S HAIR D" } },
    }));
    renderWith(<SourceView transactionId={ROW_ID} />);
    expect(screen.getByText('Loading JSON data...')).toBeTruthy();
    server.release();
    const json = await screen.findByTestId('json-data');
    expect(JSON.parse(json.textContent ?? '')).toEqual({
      fitId: '0000123456782009040300005',
      payee: "CONNIE'S HAIR D",
    });
    expect(server.urls[0]?.pathname).toBe(`/api/linked_data/transactions/${ROW_ID}`);
  });

  it("says 'Failed to load JSON data' when the source cannot be read", async () => {
    const server = held(() => ({ status: 404, body: { message: 'Linked transaction not found' } }));
    server.release();
    renderWith(<SourceView transactionId={ROW_ID} />);
    expect(await screen.findByText('Failed to load JSON data')).toBeTruthy();
  });
});

describe('the linked transactions grid (linked seed §2)', () => {
  it("searches with the seed's placeholder and says 'Loading transactions...' until the first page", async () => {
    const server = held(() => ({
      status: 200,
      body: { data: [], meta: { page_size: 50, page_no: 1, total: 0 } },
    }));
    renderWith(
      <LinkedTransactionsGrid
        repositoryId={REPOSITORY}
        view="account"
        linkedAccountId={ACCOUNT}
        sort={[{ field: 'amount', sortDirection: 'ascending' }]}
        onSortChange={() => {}}
      />,
    );
    expect(screen.getByPlaceholderText('Search linked transactions...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sort' })).toBeTruthy();
    expect(screen.getByText('Loading transactions...')).toBeTruthy();
    await waitFor(() => expect(server.urls).toHaveLength(1));
    const asked = server.urls[0] as URL;
    expect(asked.pathname).toBe('/api/linked_data/transactions');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      repository_id: REPOSITORY,
      page_no: '1',
      page_size: '50',
      sort: '[{"field":"amount","sortDirection":"ascending"}]',
      linked_account_id: ACCOUNT,
    });
    server.release();
    expect(await screen.findByText('No linked transactions yet')).toBeTruthy();
    // Nothing selected yet: the export has nothing to take.
    expect((screen.getByRole('button', { name: 'Export selected' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('names the rows count beside the tools', async () => {
    const server = held(() => ({
      status: 200,
      body: { data: [], meta: { page_size: 50, page_no: 1, total: 0 } },
    }));
    server.release();
    renderWith(
      <LinkedTransactionsGrid repositoryId={REPOSITORY} view="list" sort={[]} onSortChange={() => {}} />,
    );
    expect(await screen.findByText('0 rows')).toBeTruthy();
  });

  it('asks for the filter in use, and offers the linked fields in the filter builder', async () => {
    const server = held((url) =>
      url.pathname === '/api/linked_data/transactions_options'
        ? { status: 200, body: [{ value: 'Food', label: 'Food' }] }
        : { status: 200, body: { data: [], meta: { page_size: 50, page_no: 1, total: 0 } } },
    );
    server.release();
    const filter: TFilter = {
      logic: 'AND',
      groups: [
        { logic: 'AND', params: [{ field: 'category', kind: 'simple', comparison: 'EQ', value: 'Food' }] },
      ],
    };
    renderWith(
      <LinkedTransactionsGrid
        repositoryId={REPOSITORY}
        view="list"
        sort={[]}
        onSortChange={() => {}}
        filter={filter}
        onFilterChange={() => {}}
      />,
    );
    await waitFor(() => expect(server.urls.length).toBeGreaterThan(0));
    expect(JSON.parse((server.urls[0] as URL).searchParams.get('filter') ?? '')).toEqual(filter);
    expect(await screen.findByText('No linked transaction matches the search or filter')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Filter (1)' }));
    // Role queries over the popover's Mantine tree are slow in jsdom: the native select is found by label.
    const field = await screen.findByLabelText('Field');
    expect((field as HTMLSelectElement).value).toBe('category');
    const fields = [...(field as HTMLSelectElement).options].map((option) => option.textContent);
    expect(fields).toEqual([
      'Connector',
      'Account name',
      'Account number',
      'Account type',
      'Tags',
      'Year',
      'Quarter',
      'Month',
      'Date',
      'Transaction type',
      'Access method',
      'Category',
      'Subcategory',
      'Counterparty',
      'Description',
      'Amount',
      'Status',
      'Mapping status',
    ]);
  });

  it('gives writers the bulk tag menu (enabled once rows are selected) and readers none', async () => {
    const server = held(() => ({
      status: 200,
      body: { data: [], meta: { page_size: 50, page_no: 1, total: 0 } },
    }));
    server.release();
    const { unmount } = renderWith(
      <LinkedTransactionsGrid
        repositoryId={REPOSITORY}
        view="list"
        sort={[]}
        onSortChange={() => {}}
        canWrite
      />,
    );
    expect((screen.getByRole('button', { name: 'Tags' }) as HTMLButtonElement).disabled).toBe(true);
    unmount();
    renderWith(
      <LinkedTransactionsGrid repositoryId={REPOSITORY} view="list" sort={[]} onSortChange={() => {}} />,
    );
    expect(await screen.findByText('0 rows')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tags' })).toBeNull();
  });
});
