import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TLinkedPivotSettings } from '../linked-pivot.ts';
import { LinkedPivotView } from './linked-pivot-view.tsx';
import { LinkedPositionsGrid } from './linked-positions-grid.tsx';
import { PositionSourceView } from './position-source-view.tsx';

const REPOSITORY = '11111111-1111-4111-8111-111111111111';
const POSITION = '99999999-9999-4999-8999-999999999999';

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

/** Answers each call by its path; `release` lets the loading state be seen first. */
function server(answer: (url: URL) => { status: number; body: unknown }, isHeld = false) {
  const urls: URL[] = [];
  let release: () => void = () => {};
  const gate = isHeld
    ? new Promise<void>((resolve) => {
        release = resolve;
      })
    : Promise.resolve();
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

describe('the linked positions list (linked seed §2)', () => {
  it("searches with 'Search positions...', says 'Loading positions...', and asks for the default filter (none sent)", async () => {
    const api = server(
      () => ({ status: 200, body: { data: [], meta: { page_size: 50, page_no: 1, total: 0 } } }),
      true,
    );
    renderWith(
      <LinkedPositionsGrid
        repositoryId={REPOSITORY}
        view="list"
        sort={[{ field: 'value', sortDirection: 'descending' }]}
        onSortChange={() => {}}
      />,
    );
    expect(screen.getByPlaceholderText('Search positions...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sort' })).toBeTruthy();
    expect(screen.getByText('Loading positions...')).toBeTruthy();
    await waitFor(() => expect(api.urls).toHaveLength(1));
    expect(api.urls[0]?.pathname).toBe('/api/linked_data/positions');
    // No `filters`: the server's default, amount greater than 0.
    expect(Object.fromEntries(api.urls[0]?.searchParams ?? [])).toEqual({
      repository_id: REPOSITORY,
      page_no: '1',
      page_size: '50',
      sort: '[{"field":"value","sortDirection":"descending"}]',
    });
    api.release();
    expect(await screen.findByText('No linked positions yet')).toBeTruthy();
  });

  it('shows closed positions too when asked: an empty filter', async () => {
    const api = server(() => ({
      status: 200,
      body: { data: [], meta: { page_size: 50, page_no: 1, total: 0 } },
    }));
    renderWith(
      <LinkedPositionsGrid repositoryId={REPOSITORY} view="list" sort={[]} onSortChange={() => {}} />,
    );
    await screen.findByText('0 rows');
    await userEvent.click(screen.getByLabelText('Show closed positions'));
    await waitFor(() => expect(api.urls).toHaveLength(2));
    expect(api.urls[1]?.searchParams.get('filters')).toBe('{"logic":"AND","groups":[]}');
  });
});

describe("a linked position's source view (linked seed §2, §8)", () => {
  it("says 'Loading JSON data...', then shows the position as the statement gave it", async () => {
    const api = server(
      () => ({
        status: 200,
        body: { id: POSITION, source: { secId: { uniqueId: '123456789' }, units: '200' } },
      }),
      true,
    );
    renderWith(<PositionSourceView positionId={POSITION} repositoryId={REPOSITORY} />);
    expect(screen.getByText('Loading JSON data...')).toBeTruthy();
    api.release();
    const json = await screen.findByTestId('json-data');
    expect(JSON.parse(json.textContent ?? '')).toEqual({ secId: { uniqueId: '123456789' }, units: '200' });
    expect(api.urls[0]?.pathname).toBe(`/api/linked_data/positions/${POSITION}`);
    expect(api.urls[0]?.searchParams.get('repository_id')).toBe(REPOSITORY);
  });

  it("says 'Failed to load JSON data' when the position cannot be read", async () => {
    server(() => ({ status: 404, body: { message: 'Linked position not found' } }));
    renderWith(<PositionSourceView positionId={POSITION} repositoryId={REPOSITORY} />);
    expect(await screen.findByText('Failed to load JSON data')).toBeTruthy();
  });
});

/** Every Select's options are in the page (hidden); pick from the list the combobox controls. */
async function pick(combobox: string, option: string) {
  const input = await screen.findByRole('combobox', { name: combobox });
  await userEvent.click(input);
  const list = document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement;
  await userEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

function PivotHarness({ initial }: { initial: TLinkedPivotSettings }) {
  const [value, setValue] = useState(initial);
  return <LinkedPivotView repositoryId={REPOSITORY} value={value} onChange={setValue} />;
}

describe('the linked transactions pivot (linked seed §2: rows, columns, values and filter)', () => {
  it('draws month × category sums with totals, then filters the category values picked', async () => {
    const api = server((url) => {
      if (url.pathname === '/api/linked_data/transactions_options') {
        return {
          status: 200,
          body: [
            { value: 'Food', label: 'Food' },
            { value: 'Rent', label: 'Rent' },
          ],
        };
      }
      const filter = url.searchParams.get('filter');
      const data = filter
        ? [{ row: [1], column: ['Food'], values: { sum: '-92.5' } }]
        : [
            { row: [1], column: ['Food'], values: { sum: '-92.5' } },
            { row: [1], column: ['Rent'], values: { sum: '-1200' } },
            { row: [2], column: ['Food'], values: { sum: '-7.25' } },
          ];
      return { status: 200, body: { rows: ['month'], columns: ['category'], values: ['sum'], data } };
    });
    renderWith(<PivotHarness initial={{ rows: 'month', columns: 'category', value: 'sum', filter: null }} />);
    const table = await screen.findByTestId('linked-pivot-table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'MonthFoodRentTotal',
      '1-92.50-1,200.00-1,292.50',
      '2-7.25-7.25',
      // Food -92.5 - 7.25 = -99.75; all -1,299.75
      'Total-99.75-1,200.00-1,299.75',
    ]);
    expect(Object.fromEntries(api.urls[0]?.searchParams ?? [])).toEqual({
      repository_id: REPOSITORY,
      rows: 'month',
      columns: 'category',
      values: 'sum',
    });

    await pick('Filter', 'Category');
    await pick('Filter values', 'Food');
    await waitFor(() =>
      expect(
        within(screen.getByTestId('linked-pivot-table'))
          .getAllByRole('row')
          .map((row) => row.textContent),
      ).toEqual(['MonthFoodTotal', '1-92.50-92.50', 'Total-92.50-92.50']),
    );
    const filtered = api.urls.findLast((url) => url.pathname === '/api/linked_data/transactions_pivot');
    expect(JSON.parse(filtered?.searchParams.get('filter') ?? '')).toEqual({
      logic: 'AND',
      groups: [{ logic: 'OR', params: [{ field: 'category', comparison: 'EQ', value: 'Food' }] }],
    });
  });

  it("shows the server's refusal instead of a table", async () => {
    server(() => ({
      status: 400,
      body: { message: 'The pivot has more than 10,000 cells: group by fewer or coarser fields' },
    }));
    renderWith(
      <PivotHarness initial={{ rows: 'date', columns: 'counterparty', value: 'count', filter: null }} />,
    );
    expect(await screen.findByText('The pivot could not be computed')).toBeTruthy();
  });
});
