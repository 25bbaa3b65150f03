import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import type { TAssetReturn } from '../../lib/asset-values.ts';
import { AssetReturnsTable } from './asset-returns-table.tsx';

const base: TAssetReturn = {
  id: 'a1',
  name: 'Acme Corp',
  isTotal: true,
  irr: 0.21,
  is_irr_annualized: false,
  irr_reason: null,
  moic: 1815 / 1550,
  dpi: 0,
  rvpi: 1815 / 1550,
};

describe('AssetReturnsTable', () => {
  it("shows the asset's and each position's IRR and multiples; a short span's return is starred", () => {
    renderWithProviders(
      <AssetReturnsTable
        rows={[
          base,
          { ...base, id: 'broker|a1', name: 'Brokerage · Acme Corp', isTotal: false, moic: 1.21, rvpi: 1.21 },
          {
            ...base,
            id: 'bank|a1',
            name: 'Checking · Acme Corp',
            isTotal: false,
            irr: 0.1234,
            is_irr_annualized: true,
          },
          {
            ...base,
            id: 'gift|a1',
            name: 'Gift · Acme Corp',
            isTotal: false,
            irr: null,
            irr_reason: 'NO_SIGN_CHANGE',
          },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Returns' });
    const lines = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(lines).toEqual([
      ['Acme Corp', '21.0%*', '1.17×', '0.00×', '1.17×'],
      ['Brokerage · Acme Corp', '21.0%*', '1.21×', '0.00×', '1.21×'],
      ['Checking · Acme Corp', '12.3%', '1.17×', '0.00×', '1.17×'],
      ['Gift · Acme Corp', '—', '1.17×', '0.00×', '1.17×'],
    ]);
    expect(screen.getByLabelText('Not defined: money only went one way')).toBeTruthy();
    expect(
      screen.getByText('* Period return, not annualised: the flows span less than a year.'),
    ).toBeTruthy();
  });
});
