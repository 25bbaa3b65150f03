import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { DEFAULT_TIMELINE, type TTimelineSettings } from './timeline-rules.ts';
import { TimelineSummary } from './timeline-summary.tsx';

function Harness({ initial = DEFAULT_TIMELINE }: { initial?: TTimelineSettings }) {
  const [value, setValue] = useState(initial);
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <TimelineSummary
        value={value}
        onChange={setValue}
        repositoryCurrency="USD"
        isOpen={isOpen}
        onToggle={() => setOpen((open) => !open)}
      />
      <output data-testid="state">{JSON.stringify(value)}</output>
    </>
  );
}

describe('TimelineSummary', () => {
  it('folds the timeline to one line that opens the controls', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Harness initial={{ ...DEFAULT_TIMELINE, periods: 12, freq: 'month', currency: 'EUR' }} />,
    );
    const toggle = screen.getByRole('button', { name: 'Timeline: Last 12 months · monthly · EUR' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // A longer timeline needs no hint.
    expect(screen.queryByRole('note', { name: 'One-day timeline' })).toBeNull();
  });

  it('says a one-day timeline shows a single point and offers the last 12 months', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    expect(screen.getByTestId('timeline-summary').textContent).toBe('Today · daily · USD');
    const hint = screen.getByRole('note', { name: 'One-day timeline' });
    expect(hint.textContent).toContain('A one-day timeline shows a single point in every chart.');
    await user.click(screen.getByRole('button', { name: 'Show the last 12 months' }));
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '{}')).toEqual({
      ...DEFAULT_TIMELINE,
      periods: 12,
      freq: 'month',
      end_is_today: true,
      end: null,
    });
    expect(screen.getByTestId('timeline-summary').textContent).toBe('Last 12 months · monthly · USD');
    expect(screen.queryByRole('note', { name: 'One-day timeline' })).toBeNull();
  });
});
