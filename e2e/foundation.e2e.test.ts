import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app-server.ts';
import { type Browser, openBrowser } from './support/browser.ts';

describe('foundation journeys', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp();
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the landing page at /', async () => {
    const { page } = browser;
    await page.goto(`${app.baseUrl}/`);
    await expect.poll(() => page.getByRole('link', { name: /sign in/i }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.title()).toMatch(/Strata/);
    await browser.screenshot('landing');
  });

  it('shows the 404 page for an unknown path', async () => {
    const { page } = browser;
    await page.goto(`${app.baseUrl}/no/such/page`);
    await expect.poll(() => page.getByText('Page not found').count()).toBeGreaterThan(0);
    await browser.screenshot('not-found');
  });

  it('sends an anonymous visit to a private route to /login with a toast', async () => {
    const { page } = browser;
    await page.goto(`${app.baseUrl}/transactions`);
    await page.waitForURL(/\/login$/);
    await expect.poll(() => page.getByText('You need to be authorized').count()).toBeGreaterThan(0);
    await browser.screenshot('private-route-redirect');
  });

  it('opens the public policy page without signing in', async () => {
    const { page } = browser;
    await page.goto(`${app.baseUrl}/policy`);
    await expect.poll(() => page.url()).toMatch(/\/policy$/);
    await expect
      .poll(() => page.getByRole('heading', { name: /privacy policy/i }).count())
      .toBeGreaterThan(0);
  });

  it('serves the health check with a correlation id over real HTTP', async () => {
    const response = await fetch(`${app.baseUrl}/api/health`, {
      headers: { 'x-correlation-id': 'e2e-check-1' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-correlation-id')).toBe('e2e-check-1');
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});
