import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLoopbackProvider } from '../apps/server/src/features/market-data/testing/loopback-provider.ts';
import { startMarketDataTestProvider } from '../apps/server/src/features/market-data/testing/market-data-test-provider.ts';
import type { RunningApp } from './support/app-server.ts';
import type { Browser } from './support/browser.ts';
import { apiAs, type TE2eUser } from './support/users.ts';
import { openWorkspace, type TWorkspace } from './support/workspace.ts';

// The Sec master tab against a loopback server speaking Yahoo's chart/search JSON (the app's provider).

/** The unrounded closing value the Value Change Snapshot shows (its root's data-values). */
async function valueEnd(snapshot: Locator): Promise<number | null> {
  const values = JSON.parse((await snapshot.getAttribute('data-values')) ?? 'null') as {
    value_end?: number | null;
  } | null;
  return values?.value_end ?? null;
}

/** The closing line as the user reads it ('Value on {today}$1,500'). */
async function shownValueEnd(snapshot: Locator): Promise<string> {
  return (await snapshot.locator('[data-line="value_end"]').textContent()) ?? '';
}

describe('security master: search, pick, warning of changes, prices arrive, precedence, reset', () => {
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

  /** 2,000 deposited into a USD brokerage account on 2024-01-02, 1,500 of it spent on 10 shares. */
  async function holdTenShares(assetId: string): Promise<void> {
    const tags = await apiAs<Array<{ id: string; tag_name: string; tag_value: string }>>(
      app,
      user,
      'GET',
      `/tags?repository_id=${repositoryId}`,
    );
    const tag = (name: string, value: string) =>
      tags.find((item) => item.tag_name === name && item.tag_value === value)?.id;
    const assets = await apiAs<{ data: Array<{ id: string; type: string; ticker: string | null }> }>(
      app,
      user,
      'GET',
      `/assets?repository_id=${repositoryId}&limit=500`,
    );
    const usd = assets.data.find((item) => item.type === 'currency')?.id;
    const brokerage = await apiAs<{ id: string }>(app, user, 'POST', '/assets', {
      repository_id: repositoryId,
      type: 'investment account',
      name: 'Brokerage',
      currency: 'USD',
      tags: [tag('Category', 'Cash'), tag('Subcategory', 'Checking')],
    });
    await apiAs(app, user, 'POST', '/transactions', [
      {
        repository_id: repositoryId,
        type: 'deposit',
        date: '2024-01-02',
        entries: [{ account_id: brokerage.id, asset_id: usd, amount: '2000' }],
      },
      {
        repository_id: repositoryId,
        type: 'buy',
        date: '2024-01-02',
        entries: [
          { account_id: brokerage.id, asset_id: assetId, amount: '10' },
          { account_id: brokerage.id, asset_id: usd, amount: '-1500' },
        ],
      },
    ]);
  }

  it("links 'AAPL' applying only the ticked change, its prices arrive, the precedence revalues the dashboard, and Reset unlinks it", async () => {
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

    // Under ten prices the Prices tab shows its table instead of the chart (core price-rules): the synced days.
    await drawer.getByRole('tab', { name: 'Prices' }).click();
    const prices = drawer.getByRole('table', { name: 'Prices' });
    await prices.getByRole('row', { name: '2024-01-05 181.18 security master', exact: true }).waitFor();
    await prices.getByRole('row', { name: '2024-01-05 180.4895 security master adjusted' }).waitFor();
    await browser.screenshot('market-data-prices-arrived', { fullPage: false });

    // A holding of 10 shares bought with 1,500 of 2,000 deposited, and a typed price on the last synced day.
    await holdTenShares(asset.id);
    await apiAs(app, user, 'POST', '/asset_prices', { asset_id: asset.id, date: '2024-01-05', close: '100' });

    // Valued today by the last close (2024-01-05). Default precedence, manual first: 500 + 10 × 100 = 1,500.
    await page.goto(`${app.baseUrl}/dashboards`);
    const snapshot = page.getByLabel('Value Change Snapshot');
    await expect.poll(() => valueEnd(snapshot), { timeout: 60_000 }).toBe(1500);
    await expect.poll(() => shownValueEnd(snapshot)).toMatch(/\$1,500$/);
    await browser.screenshot('market-data-dashboard-manual-first', { fullPage: false });

    // The owner drags 'Security master' to the top: 500 + 10 × 181.18 = 2,311.80.
    await page.getByRole('button', { name: 'Repository: Markets' }).click();
    await page.getByRole('menuitem', { name: 'Repository settings' }).click();
    const settings = page.getByRole('dialog', { name: /^Repository settings/ });
    const order = settings.getByLabel('Price source precedence');
    await order.getByText('6. Security master', { exact: true }).waitFor();
    await settings.getByTestId('price-source-5').dragTo(settings.getByTestId('price-source-0'));
    await order.getByText('1. Security master', { exact: true }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Repository Markets updated' }).waitFor();
    await browser.screenshot('market-data-precedence-security-master-first', { fullPage: false });
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'hidden' });

    // The change deprecates the results: the board recomputes by itself.
    await expect.poll(() => valueEnd(snapshot), { timeout: 60_000 }).toBeCloseTo(2311.8, 9);
    await expect.poll(() => shownValueEnd(snapshot)).toMatch(/\$2,312$/);
    await browser.screenshot('market-data-dashboard-security-master-first', { fullPage: false });
    await page.goto(`${app.baseUrl}/assets/${asset.id}/security-master`);

    await drawer.getByRole('button', { name: 'Reset' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Apple Inc. unlinked from the security master' })
      .waitFor();
    // The toast comes with the answer; the tab drops the info once it has read the asset again.
    await expect.poll(() => drawer.getByLabel('Security info').count()).toBe(0);
    expect(
      (await apiAs<{ linked_security_id: string | null }>(app, user, 'GET', `/assets/${asset.id}`))
        .linked_security_id,
    ).toBeNull();
  });
});
