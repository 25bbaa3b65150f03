import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { LazyGrid, type TLazyGridColumn } from './lazy-grid.tsx';
import type { TPageResult } from './lazy-pages.ts';

// happy-dom cannot draw the canvas, so only the states around the grid are rendered here; the paging
// itself is tested in lazy-pages.test.ts.
interface TRow {
  id: string;
  name: string;
}
const columns: TLazyGridColumn<TRow>[] = [{ id: 'name', title: 'Name', value: (row) => row.name }];

describe('LazyGrid states', () => {
  it('shows the loader, then the empty state of a query without rows', async () => {
    let answer: (result: TPageResult<TRow>) => void = () => {};
    const asked: number[] = [];
    renderWithProviders(
      <LazyGrid
        columns={columns}
        queryKey="q"
        getRowId={(row) => row.id}
        emptyState="No transactions in the trash"
        fetchPage={(pageNo) => {
          asked.push(pageNo);
          return new Promise((resolve) => {
            answer = resolve;
          });
        }}
      />,
    );
    expect(screen.getByLabelText('Loading')).toBeTruthy();
    expect(asked).toEqual([1]);
    answer({ data: [], total: 0 });
    expect(await screen.findByText('No transactions in the trash')).toBeTruthy();
  });

  it('shows a failed first page with a retry that asks again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderWithProviders(
      <LazyGrid
        columns={columns}
        queryKey="q"
        getRowId={(row) => row.id}
        fetchPage={async () => {
          calls += 1;
          if (calls === 1) throw new Error('Transactions are unavailable');
          return { data: [], total: 0 };
        }}
      />,
    );
    expect(await screen.findByText('Transactions are unavailable')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Nothing here yet')).toBeTruthy();
    expect(calls).toBe(2);
    expect(screen.queryByText('Transactions are unavailable')).toBeNull();
  });
});
