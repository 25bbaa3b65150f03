import { EMPTY_FILTER, type TFilter } from '@strata/core/filters/filter-model';
import { TRANSACTION_FILTER_FIELDS as FIELDS } from '@strata/core/transactions/transaction-filter-fields';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { FilterBuilder } from './filter-builder.tsx';

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => (option as HTMLOptionElement).value);

function setup(value: TFilter = EMPTY_FILTER, extra: Partial<Parameters<typeof FilterBuilder>[0]> = {}) {
  const applied: TFilter[] = [];
  const user = userEvent.setup();
  renderWithProviders(
    <FilterBuilder fields={FIELDS} value={value} onApply={(filter) => applied.push(filter)} {...extra} />,
  );
  return { applied, user };
}

describe('FilterBuilder', () => {
  it('offers the comparisons of the chosen field kind and the matching value editor', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    const row = screen.getByRole('group', { name: 'Condition' });
    const comparison = within(row).getByLabelText('Comparison');
    // type is simple and never empty: no EMPTY/NOTEMPTY.
    expect(optionsOf(comparison)).toEqual(['EQ', 'NOTEQ']);
    await user.selectOptions(within(row).getByLabelText('Field'), 'amount');
    expect(optionsOf(within(row).getByLabelText('Comparison'))).toEqual([
      'GREATER',
      'LESS',
      'EQ',
      'NOTEQ',
      'EMPTY',
      'NOTEMPTY',
    ]);
    await user.selectOptions(within(row).getByLabelText('Field'), 'date');
    await user.selectOptions(within(row).getByLabelText('Comparison'), 'LAST');
    expect(within(row).getByLabelText('Days')).toBeTruthy();
    await user.selectOptions(within(row).getByLabelText('Comparison'), 'RANGE');
    expect(within(row).getByLabelText('From')).toBeTruthy();
    expect(within(row).getByLabelText('To')).toBeTruthy();
    await user.selectOptions(within(row).getByLabelText('Field'), 'source');
    await user.selectOptions(within(row).getByLabelText('Comparison'), 'EMPTY');
    expect(within(row).queryByLabelText('Value')).toBeNull();
  });

  it('applies AND/OR groups, dropping rows without a value but keeping EMPTY', async () => {
    const { user, applied } = setup();
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    const group1 = screen.getByRole('group', { name: 'Group 1' });
    await user.type(within(group1).getByLabelText('Value'), 'buy');
    await user.click(within(group1).getByRole('button', { name: 'Add condition' }));
    const [, second] = within(group1).getAllByRole('group', { name: 'Condition' }) as [
      HTMLElement,
      HTMLElement,
    ];
    await user.selectOptions(within(second).getByLabelText('Field'), 'description');
    await user.selectOptions(within(second).getByLabelText('Comparison'), 'EMPTY');
    await user.selectOptions(within(group1).getByLabelText('Combine conditions with'), 'OR');

    await user.click(screen.getByRole('button', { name: 'Add group' }));
    const group2 = screen.getByRole('group', { name: 'Group 2' });
    // Left without a value: dropped with its group.
    await user.selectOptions(within(group2).getByLabelText('Field'), 'amount');
    await user.selectOptions(screen.getByLabelText('Combine groups with'), 'OR');

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(applied).toEqual([
      {
        logic: 'OR',
        groups: [
          {
            logic: 'OR',
            params: [
              { field: 'type', kind: 'simple', comparison: 'EQ', value: 'buy' },
              { field: 'description', kind: 'text', comparison: 'EMPTY', value: null },
            ],
          },
        ],
      },
    ]);
  });

  it('shows a bad value on its row and does not apply', async () => {
    const { user, applied } = setup();
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    const row = screen.getByRole('group', { name: 'Condition' });
    await user.selectOptions(within(row).getByLabelText('Field'), 'amount');
    await user.type(within(row).getByLabelText('Value'), 'ten');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(within(row).getByRole('alert').textContent).toBe('Must be numeric');
    expect(applied).toEqual([]);
    await user.clear(within(row).getByLabelText('Value'));
    await user.type(within(row).getByLabelText('Value'), '1500.50');
    expect(within(row).queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(applied[0]!.groups[0]!.params[0]).toEqual({
      field: 'amount',
      kind: 'amount',
      comparison: 'EQ',
      value: '1500.5',
    });
  });

  it('edits a date range and a LAST n days condition', async () => {
    const { user, applied } = setup();
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    const group = screen.getByRole('group', { name: 'Group 1' });
    const [first] = within(group).getAllByRole('group', { name: 'Condition' }) as [HTMLElement];
    await user.selectOptions(within(first).getByLabelText('Field'), 'date');
    await user.selectOptions(within(first).getByLabelText('Comparison'), 'RANGE');
    fireEvent.change(within(first).getByLabelText('From'), { target: { value: '2024-01-01' } });
    fireEvent.change(within(first).getByLabelText('To'), { target: { value: '2024-01-31' } });
    await user.click(within(group).getByRole('button', { name: 'Add condition' }));
    const second = within(group).getAllByRole('group', { name: 'Condition' })[1]!;
    await user.selectOptions(within(second).getByLabelText('Field'), 'date');
    await user.selectOptions(within(second).getByLabelText('Comparison'), 'LAST');
    await user.type(within(second).getByLabelText('Days'), '30');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(applied[0]!.groups[0]!.params.map((param) => [param.comparison, param.value])).toEqual([
      ['RANGE', ['2024-01-01', '2024-01-31']],
      ['LAST', 30],
    ]);
  });

  it('picks a simple field value from the loaded options', async () => {
    const asked: string[] = [];
    const { user, applied } = setup(EMPTY_FILTER, {
      loadOptions: async (field) => {
        asked.push(field);
        return field === 'account'
          ? [
              { value: 'acc-1', label: 'Broker' },
              { value: 'acc-2', label: 'Bank' },
            ]
          : [];
      },
      optionFields: ['type', 'account'],
    });
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    const row = screen.getByRole('group', { name: 'Condition' });
    await user.selectOptions(within(row).getByLabelText('Field'), 'account');
    await waitFor(() => expect(asked).toContain('account'));
    await user.click(within(row).getByLabelText('Value'));
    await user.click(await screen.findByRole('option', { name: 'Bank', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(applied[0]!.groups[0]!.params[0]).toMatchObject({
      field: 'account',
      comparison: 'EQ',
      value: 'acc-2',
    });
  });

  it('starts from the filter in use, and Clear all applies the empty filter', async () => {
    const { user, applied } = setup({
      logic: 'AND',
      groups: [
        { logic: 'AND', params: [{ field: 'type', kind: 'simple', comparison: 'NOTEQ', value: 'sell' }] },
      ],
    });
    const row = screen.getByRole('group', { name: 'Condition' });
    expect((within(row).getByLabelText('Comparison') as HTMLSelectElement).value).toBe('NOTEQ');
    expect((within(row).getByLabelText('Value') as HTMLInputElement).value).toBe('sell');
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.getByText('No conditions: every row is shown.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(applied).toEqual([{ logic: 'AND', groups: [] }]);
  });
});
