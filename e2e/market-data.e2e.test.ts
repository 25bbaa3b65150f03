import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLoopbackProvider } from '../apps/server/src/features/market-data/testing/loopback-provider.ts';
import { startMarketDataTestProvider } from '../apps/server/src/features/market-data/testing/market-data-test-provider.ts';
import type { RunningApp } from './support/app-server.ts';
import type { Browser } from './support/browser.ts';
import { apiAs, type TE2eUser } from './support/users.ts';
import { openWorkspace, type TWorkspace } from './support/workspace.ts';

// The Sec master tab against a loopback server speaking Yahoo's chart/search JSON (the app's provider).

describe('security master: search, pick, warning of changes, prices arrive, reset', () => {
  let provider: TLoopbackProvider;
  let workspace: TWorkspace | undefined;
  let app: RunningApp;
  let browser: Browser;
  let user: TE2eUser;
  let repositoryId = '';

  beforeAll(async () => {
    provider = await startMarketDataTestProvider();
    workspace = await openWorkspace({
      email: 'market-data.e2e@example.com',
      name: 'Mara Markets',
      repository: 'Markets',
      env: {
        MARKET_DATA_PROVIDER: 'yahoo',
        YAHOO_BASE_URL: provider.baseUrl,
        MARKET_DATA_START: '2024-01-01',
      },
    });
    ({ app, browser, user, repositoryId } = workspace);
  });

  afterAll(async () => {
    await workspace?.close();
    await provider?.close();
  });

  it("links 'AAPL' applying only the ticked change, its prices arrive, and Reset unlinks it", async () => {
    const { page } = browser;
    const asset = await apiAs<{ id: string }>(app, user, 'POST', '/assets', {
      repository_id: repositoryId,
      type: 'etf',
      name: 'My Apple',
      ticker: 'AAPL',
      currency: 'USD',
    });
    await page.goto(`${app.baseUrl}/assets/${asset.id}/security-master`);
    // Its title follows the name, which the link changes.
    const drawer = page.getByRole('dialog', { name: /AAPL · etf/ });
    await drawer.getByRole('textbox', { name: 'Symbol' }).fill('AAPL');
    const results = drawer.getByRole('table', { name: 'Security search results' });
    await results.getByRole('row', { name: /NASDAQ/ }).click();
    await drawer.getByRole('button', { name: 'Save' }).click();

    const warning = page.getByRole('dialog', { name: 'Warning of changes' });
    await warning.getByRole('checkbox', { name: 'Name: My Apple → Apple Inc.' }).waitFor();
    // The ticker does not change, so it is not offered; the type is left as it is.
    expect(await warning.getByRole('checkbox', { name: /Ticker/ }).count()).toBe(0);
    await warning.getByRole('checkbox', { name: 'Type: etf → stock' }).uncheck();
    await browser.screenshot('market-data-warning-of-changes', { fullPage: false });
    await warning.getByRole('button', { name: 'Apply' }).click();

    await page.getByRole('status').filter({ hasText: 'Apple Inc. linked to AAPL' }).waitFor();
    await drawer
      .getByLabel('Security info')
      .getByText(/"exchangeTimezoneName": "America\/New_York"/)
      .waitFor();
    await browser.screenshot('market-data-linked', { fullPage: false });

    // The link queued a 'market data sync' task: Yahoo's week arrives as the security master sources.
    await expect
      .poll(
        async () =>
          (
            await apiAs<Array<{ date: string; source: string; close: string }>>(
              app,
              user,
              'GET',
              `/asset_prices?asset_id=${asset.id}`,
            )
          )
            .filter((price) => price.source === 'security master')
            .map(({ date, close }) => `${date} ${close}`),
        { timeout: 30_000 },
      )
      .toEqual(['2024-01-02 185.64', '2024-01-03 184.25', '2024-01-05 181.18']);
    const saved = await apiAs<{ name: string; type: string }>(app, user, 'GET', `/assets/${asset.id}`);
    expect(saved).toMatchObject({ name: 'Apple Inc.', type: 'etf' });

    await drawer.getByRole('button', { name: 'Reset' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Apple Inc. unlinked from the security master' })
      .waitFor();
    expect(await drawer.getByLabel('Security info').count()).toBe(0);
    expect(
      (await apiAs<{ linked_security_id: string | null }>(app, user, 'GET', `/assets/${asset.id}`))
        .linked_security_id,
    ).toBeNull();
  });
});
