import { MantineProvider } from '@mantine/core';
import type { TSearchAnswer } from '@strata/contracts/search';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchDialog } from './search-dialog.tsx';

const REPOSITORY = '11111111-1111-4111-8111-111111111111';

const ANSWER: TSearchAnswer = {
  groups: [
    {
      kind: 'asset',
      results: [
        {
          id: 'a1',
          kind: 'asset',
          title: 'Northwind Shipping',
          subtitle: 'NWND · stock',
          path: '/assets/a1',
        },
      ],
    },
    {
      kind: 'transaction',
      results: [
        {
          id: 't1',
          kind: 'transaction',
          title: 'Power bill',
          subtitle: '2026-02-01',
          path: '/transactions/t1',
        },
        { id: 't2', kind: 'transaction', title: 'Northwind buy', subtitle: null, path: '/transactions/t2' },
      ],
    },
  ],
};

function serve(answer: (q: string) => TSearchAnswer) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    asked.push(url.searchParams.get('q') ?? '');
    return new Response(JSON.stringify(answer(url.searchParams.get('q') ?? '')), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return asked;
}

function renderDialog() {
  const onClose = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/', element: <SearchDialog repositoryId={REPOSITORY} onClose={onClose} /> },
      { path: '/transactions/:id', element: <p>transaction page</p> },
      { path: '/assets/:id', element: <p>asset page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, onClose };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const selected = () =>
  screen.getAllByRole('option').find((option) => option.getAttribute('aria-selected') === 'true');

describe('global search dialog', () => {
  it('groups the answer under headings; arrows move, Enter opens the item at its path', async () => {
    const asked = serve(() => ANSWER);
    const { router, onClose } = renderDialog();
    const input = screen.getByRole('combobox', { name: 'Search' });
    await userEvent.type(input, 'north');
    expect(await screen.findByText('Northwind Shipping')).toBeTruthy();
    // Debounced: one question for the whole word, not one per keystroke.
    expect(asked).toEqual(['north']);
    expect(screen.getByText('Assets')).toBeTruthy();
    expect(screen.getByText('Transactions')).toBeTruthy();

    expect(selected()?.textContent).toContain('Northwind Shipping');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(selected()?.textContent).toContain('Northwind buy');
    expect(input.getAttribute('aria-activedescendant')).toBe(selected()?.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(selected()?.textContent).toContain('Northwind Shipping');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(selected()?.textContent).toContain('Power bill');

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions/t1'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("says 'Nothing found' for an empty answer, and Escape closes", async () => {
    serve(() => ({ groups: [] }));
    const { onClose } = renderDialog();
    await userEvent.type(screen.getByRole('combobox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('Nothing found')).toBeTruthy();
    expect(screen.queryAllByRole('option')).toEqual([]);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
