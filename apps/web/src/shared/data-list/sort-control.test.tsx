import type { TSort } from '@strata/core/filters/sort-model';
import { TRANSACTION_FILTER_FIELDS as FIELDS } from '@strata/core/transactions/transaction-filter-fields';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { SortControl } from './sort-control.tsx';

function Harness({ initial, changes }: { initial: TSort; changes: TSort[] }) {
  const [sort, setSort] = useState(initial);
  return (
    <SortControl
      fields={FIELDS}
      value={sort}
      onChange={(next) => {
        changes.push(next);
        setSort(next);
      }}
    />
  );
}

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => (option as HTMLOptionElement).value);

describe('SortControl', () => {
  it('adds fields one by one, never offering a used field again, until none is left', async () => {
    const user = userEvent.setup();
    const changes: TSort[] = [];
    renderWithProviders(<Harness initial={[]} changes={changes} />);
    expect(screen.getByText('Default order')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add sort' });
    await user.click(add);
    await user.click(add);
    const selects = screen.getAllByLabelText('Sort field');
    expect((selects[0] as HTMLSelectElement).value).toBe('type');
    expect((selects[1] as HTMLSelectElement).value).toBe('date');
    // Each row offers its own field and the free ones, never the other row's.
    expect(optionsOf(selects[0]!)).toEqual(['type', 'description']);
    expect(optionsOf(selects[1]!)).toEqual(['date', 'description']);
    await user.click(add);
    expect(changes.at(-1)!.map((item) => item.field)).toEqual(['type', 'date', 'description']);
    expect((screen.getByRole('button', { name: 'Add sort' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('changes the field, toggles the direction, reorders and removes', async () => {
    const user = userEvent.setup();
    const changes: TSort[] = [];
    renderWithProviders(
      <Harness
        initial={[
          { field: 'date', sortDirection: 'descending' },
          { field: 'type', sortDirection: 'ascending' },
        ]}
        changes={changes}
      />,
    );
    const dateRow = screen.getByRole('group', { name: 'Sort by Date' });
    await user.click(within(dateRow).getByRole('button', { name: 'Descending, change direction' }));
    expect(changes.at(-1)![0]).toEqual({ field: 'date', sortDirection: 'ascending' });

    const typeRow = screen.getByRole('group', { name: 'Sort by Type' });
    await user.click(within(typeRow).getByRole('button', { name: 'Move up' }));
    expect(changes.at(-1)!.map((item) => item.field)).toEqual(['type', 'date']);

    await user.selectOptions(
      within(screen.getByRole('group', { name: 'Sort by Date' })).getByLabelText('Sort field'),
      'description',
    );
    expect(changes.at(-1)).toEqual([
      { field: 'type', sortDirection: 'ascending' },
      { field: 'description', sortDirection: 'ascending' },
    ]);

    await user.click(
      within(screen.getByRole('group', { name: 'Sort by Type' })).getByRole('button', {
        name: 'Remove sort',
      }),
    );
    expect(changes.at(-1)).toEqual([{ field: 'description', sortDirection: 'ascending' }]);
  });
});
