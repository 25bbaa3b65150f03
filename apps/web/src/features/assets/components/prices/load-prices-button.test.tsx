import type { TPriceCsvPreview } from '@strata/contracts/asset-prices';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../../../shared/notifications/notification-store.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { pricesKey } from '../../api/asset-prices.ts';
import { LoadPricesButton } from './load-prices-button.tsx';

const REPOSITORY = '11111111-1111-4111-8111-111111111111';
const APPLE = '22222222-2222-4222-8222-222222222222';
const VODAFONE = '33333333-3333-4333-8333-333333333333';

const FILE =
  'date,ticker,close,currency\n2024-01-02,AAPL,185.64,USD\n2024-01-03,AAPL,184.25,\n2024-01-02,VOD,68.86,GBp';

const PREVIEW: TPriceCsvPreview = {
  rows: 3,
  replaced: 0,
  assets: [
    {
      asset_id: APPLE,
      name: 'Apple',
      ticker: 'AAPL',
      rows: 2,
      first_date: '2024-01-02',
      last_date: '2024-01-03',
    },
    {
      asset_id: VODAFONE,
      name: 'Vodafone',
      ticker: 'VOD',
      rows: 1,
      first_date: '2024-01-02',
      last_date: '2024-01-02',
    },
  ],
  sample: [
    { line: 2, asset_id: APPLE, date: '2024-01-02', close: '185.64' },
    { line: 3, asset_id: APPLE, date: '2024-01-03', close: '184.25' },
    { line: 4, asset_id: VODAFONE, date: '2024-01-02', close: '0.6886' },
  ],
  problems: [],
};

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

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clear();
});

function renderButton() {
  const queryClient = new QueryClient();
  // Two assets' price lists already read: both must be read again after the import.
  for (const asset of [APPLE, VODAFONE]) queryClient.setQueryData(pricesKey(REPOSITORY, asset), []);
  renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <LoadPricesButton repositoryId={REPOSITORY} />
    </QueryClientProvider>,
  );
  return queryClient;
}

async function pasteAndPreview() {
  await userEvent.click(screen.getByRole('button', { name: 'Load prices' }));
  await userEvent.click(await screen.findByLabelText('Or paste the rows'));
  await userEvent.paste(FILE);
  await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
}

describe('Load prices from the assets list', () => {
  it('loads one file for several assets by its ticker column, says so, and rereads their prices', async () => {
    const calls = serve((path) =>
      path.endsWith('/preview') ? { body: PREVIEW } : { body: { rows: 3, added: 3, replaced: 0, assets: 2 } },
    );
    const queryClient = renderButton();
    await pasteAndPreview();
    expect(screen.getByText(/ticker \(or asset\)/)).toBeTruthy();
    expect(await screen.findByText('3 prices for 2 assets')).toBeTruthy();
    // No asset_id: the rows name their assets.
    expect(calls[0]).toEqual({
      path: '/api/asset_prices/csv/preview',
      body: { repository_id: REPOSITORY, text: FILE },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect(notifications.getSnapshot().map((item) => item.message)).toEqual([
        '3 prices loaded for 2 assets: 3 added, 0 replaced',
      ]),
    );
    expect(calls[1]).toEqual({
      path: '/api/asset_prices/csv',
      body: { repository_id: REPOSITORY, text: FILE },
    });
    for (const asset of [APPLE, VODAFONE])
      await waitFor(() =>
        expect(queryClient.getQueryState(pricesKey(REPOSITORY, asset))?.isInvalidated).toBe(true),
      );
  });

  it("shows the server's refusal as its error toast, and loads nothing", async () => {
    const refusal = "Line 2, ticker: More than one asset has the ticker or name 'SPY'; nothing was imported";
    serve((path) =>
      path.endsWith('/preview')
        ? { body: PREVIEW }
        : { status: 400, body: { statusCode: 400, error: 'Bad Request', message: refusal } },
    );
    renderButton();
    await pasteAndPreview();
    await screen.findByText('3 prices for 2 assets');
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(notifications.getSnapshot().map((item) => item.message)).toContain(refusal));
    expect(screen.queryByLabelText('Result')).toBeNull();
  });
});
