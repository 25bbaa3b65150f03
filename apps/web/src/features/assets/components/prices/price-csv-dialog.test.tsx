import type { TPriceCsvPreview } from '@strata/contracts/asset-prices';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { PriceCsvDialog } from './price-csv-dialog.tsx';

const REPOSITORY = '11111111-1111-4111-8111-111111111111';
const APPLE = '22222222-2222-4222-8222-222222222222';

const PREVIEW: TPriceCsvPreview = {
  rows: 2,
  replaced: 1,
  assets: [
    {
      asset_id: APPLE,
      name: 'Apple',
      ticker: 'AAPL',
      rows: 2,
      first_date: '2024-01-02',
      last_date: '2024-01-03',
    },
  ],
  sample: [
    { line: 2, asset_id: APPLE, date: '2024-01-02', close: '185.64' },
    { line: 3, asset_id: APPLE, date: '2024-01-03', close: '184.25' },
  ],
  problems: [],
};

/** The server as the dialog sees it: each call recorded, answered by `answer`. */
function serve(answer: (path: string) => { status?: number; body: unknown }) {
  const calls: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const path = new URL(request.url, 'http://localhost').pathname;
    calls.push({ path, body: JSON.parse(await request.text()) });
    const { status = 200, body } = answer(path);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const TEXT = 'date,close\n2024-01-02,185.64\n2024-01-03,184.25';

function renderDialog() {
  const onImported = vi.fn(async () => undefined);
  renderWithProviders(
    <PriceCsvDialog
      opened
      onClose={() => {}}
      repositoryId={REPOSITORY}
      assetId={APPLE}
      onImported={onImported}
    />,
  );
  return { onImported };
}

describe('CSV price dialog', () => {
  it('previews the first rows, then imports and shows the counts', async () => {
    const calls = serve((path) =>
      path.endsWith('/preview') ? { body: PREVIEW } : { body: { rows: 2, added: 1, replaced: 1, assets: 1 } },
    );
    const { onImported } = renderDialog();
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton.hasAttribute('disabled')).toBe(true);

    await userEvent.click(screen.getByLabelText('Or paste the rows'));
    await userEvent.paste(TEXT);
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const rows = await screen.findByRole('table', { name: 'First rows' });
    expect(
      within(rows)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['LineAssetDateClose', '2Apple2024-01-02185.64', '3Apple2024-01-03184.25']);
    expect(screen.getByText('2 prices for 1 asset, 1 replacing earlier CSV prices')).toBeTruthy();
    expect(calls[0]).toEqual({
      path: '/api/asset_prices/csv/preview',
      body: { repository_id: REPOSITORY, text: TEXT, asset_id: APPLE },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findByLabelText('Result')).textContent).toBe('2 prices loaded: 1 added, 1 replaced');
    expect(calls[1]?.path).toBe('/api/asset_prices/csv');
    await waitFor(() => expect(onImported).toHaveBeenCalledTimes(1));
  });

  it('lists the problems and keeps Import off', async () => {
    serve(() => ({
      body: {
        ...PREVIEW,
        rows: 1,
        sample: PREVIEW.sample.slice(0, 1),
        problems: [{ line: 3, field: 'date', message: 'Please enter a valid date' }],
      },
    }));
    renderDialog();
    await userEvent.click(screen.getByLabelText('Or paste the rows'));
    await userEvent.paste('date,close\n2024-01-02,185.64\n2024-02-30,1');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByRole('list', { name: 'Problems' })).textContent).toBe(
      'Line 3, date: Please enter a valid date',
    );
    expect(screen.getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(true);
  });
});
