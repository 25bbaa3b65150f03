import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app-server.ts';
import { type Browser, openBrowser } from './support/browser.ts';
import { apiAs, signInBrowser, signInUser, type TE2eUser } from './support/users.ts';

const DEMO = { email: 'demo@example.com', password: 'demo-password-1' };

async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

describe('dashboards on the demo repository', () => {
  let app: RunningApp;
  let browser: Browser;
  let user: TE2eUser;

  beforeAll(async () => {
    app = await startApp(
      {},
      {
        adminCommands: [
          [
            'seed-demo',
            '--email',
            DEMO.email,
            '--password',
            DEMO.password,
            '--today',
            new Date().toISOString().slice(0, 10),
          ],
        ],
      },
    );
    user = await signInUser(app, DEMO.email, DEMO.password);
    browser = await openBrowser();
    await signInBrowser(browser.context, app, user);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the desktop overview with the numbers of the analytics API', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.baseUrl}/dashboards`);
    const snapshot = page.getByLabel('Value Change Snapshot');
    await snapshot
      .getByText(/^Value on /)
      .first()
      .waitFor({ timeout: 60_000 });
    await settle(page);
    await browser.screenshot('dashboard-desktop');

    const repositories = await apiAs<Array<{ id: string }>>(app, user, 'GET', '/repositories');
    const answer = await apiAs<{
      result: { value_view: Array<{ scope_kind: string; period: number; value_end: number }> };
    }>(
      app,
      user,
      'GET',
      `/repositories/${repositories[0]?.id}/analytics?periods=12&freq=month&datasets=value_view`,
    );
    const rows = answer.result.value_view.filter((row) => row.scope_kind === 'repository');
    const last = rows.reduce((a, b) => (a.period > b.period ? a : b));
    const shown = await snapshot.locator('[data-value]').last().getAttribute('data-value');
    expect(Number(shown)).toBeCloseTo(last.value_end, 6);
    expect(await page.getByLabel('IRR and MOIC').getByText('Repository').count()).toBe(1);
  });

  it('shows the mobile overview at phone width', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/dashboards`);
    await page
      .getByLabel('Value Change Snapshot')
      .getByText(/^Value on /)
      .first()
      .waitFor({ timeout: 60_000 });
    await settle(page);
    await browser.screenshot('dashboard-mobile');
    const widths = await page
      .locator('[data-testid^="widget-"]')
      .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().width));
    expect(widths.length).toBeGreaterThan(0);
    // Mobile widgets take the full width of the 4-column grid.
    expect(Math.min(...widths)).toBeGreaterThan(300);
  });
});
