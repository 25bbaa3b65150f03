import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { TimelineControls } from './timeline-controls.tsx';
import { DEFAULT_TIMELINE, type TTimelineSettings } from './timeline-rules.ts';

function Harness({ initial = DEFAULT_TIMELINE }: { initial?: TTimelineSettings }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TimelineControls
        value={value}
        onChange={setValue}
        currencies={['EUR', 'USD']}
        repositoryCurrency="USD"
        today="2026-11-18"
      />
      <output data-testid="state">{JSON.stringify(value)}</output>
    </>
  );
}

const state = (): TTimelineSettings => JSON.parse(screen.getByTestId('state').textContent ?? '{}');

describe('TimelineControls', () => {
  it('applies the quick presets', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Last month' }));
    expect(state()).toMatchObject({ periods: 1, freq: 'month', end_is_today: false, end: '2026-10-31' });
    await user.click(screen.getByRole('button', { name: 'Last week' }));
    expect(state()).toMatchObject({ periods: 1, freq: 'week', end: '2026-11-15' });
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(state()).toMatchObject({ periods: 1, freq: 'day', end_is_today: true, end: null });
  });

  it('applies a date window and keeps currency and precision', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={{ ...DEFAULT_TIMELINE, currency: 'EUR', precision: 2 }} />);
    await user.click(screen.getByRole('button', { name: '90 days' }));
    expect(state()).toEqual({ ...DEFAULT_TIMELINE, periods: 90, currency: 'EUR', precision: 2 });
  });

  it('picks a year from sixteen ending one year ahead', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const picker = screen.getByRole('combobox', { name: 'Year' });
    const years = [...(picker as HTMLSelectElement).options].map((option) => option.value).filter(Boolean);
    expect(years).toHaveLength(16);
    expect(years[0]).toBe('2027');
    expect(years.at(-1)).toBe('2012');
    await user.selectOptions(picker, '2024');
    expect(state()).toMatchObject({ periods: 12, freq: 'month', end_is_today: false, end: '2024-12-31' });
  });

  it('shows the end day only when the end is not today', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    expect(screen.queryByLabelText('End')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'End is today' }));
    expect(state()).toMatchObject({ end_is_today: false, end: '2026-11-18' });
    expect((screen.getByLabelText('End') as HTMLInputElement).value).toBe('2026-11-18');
  });

  it('changes frequency, periods, include end and precision', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('radio', { name: 'Quarter' }));
    const periods = screen.getByRole('textbox', { name: 'Periods' });
    await user.clear(periods);
    await user.type(periods, '8');
    await user.click(screen.getByRole('checkbox', { name: 'Include end' }));
    const decimals = screen.getByRole('textbox', { name: 'Decimals' });
    await user.clear(decimals);
    await user.type(decimals, '2');
    expect(state()).toMatchObject({ freq: 'quarter', periods: 8, include_end: false, precision: 2 });
  });

  it('says when the periods are out of range', async () => {
    renderWithProviders(<Harness initial={{ ...DEFAULT_TIMELINE, periods: 6000 }} />);
    expect(screen.getByText('Between 1 and 5000 periods')).toBeTruthy();
  });
});
