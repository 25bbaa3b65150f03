import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { SecurityEvents } from './security-events.tsx';

describe('Sec master: splits and dividends', () => {
  it('lists the newest first, a split as n:d and a dividend with its currency', () => {
    renderWithProviders(
      <SecurityEvents
        events={[
          {
            date: '2020-08-07',
            kind: 'dividend',
            numerator: null,
            denominator: null,
            amount: '0.82',
            currency: 'USD',
          },
          {
            date: '2020-08-31',
            kind: 'split',
            numerator: '4',
            denominator: '1',
            amount: null,
            currency: null,
          },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Splits and dividends' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['2020-08-314:1 split', '2020-08-07Dividend 0.82 USD']);
  });

  it('shows nothing for a security without events', () => {
    renderWithProviders(<SecurityEvents events={[]} />);
    expect(screen.queryByText('Splits and dividends')).toBeNull();
  });
});
