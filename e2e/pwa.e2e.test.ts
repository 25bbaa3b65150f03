import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app-server.ts';
import { type Browser, openBrowser } from './support/browser.ts';
import { pick } from './support/page-tools.ts';
import { apiAs, createUser, signInBrowser } from './support/users.ts';

interface TManifest {
  name?: string;
  start_url?: string;
  display?: string;
  icons?: Array<{ src: string; sizes: string; type?: string; purpose?: string }>;
}

/** Every URL held in the page's Cache Storage, whatever the cache. */
async function cachedUrls(browser: Browser): Promise<string[]> {
  return browser.page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

describe('installable app (PWA)', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp();
    browser = await openBrowser({ width: 390, height: 844 });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('links a valid web app manifest with 192 and 512 px icons', async () => {
    const { page } = browser;
    await page.goto(`${app.baseUrl}/`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');

    const response = await fetch(new URL(href ?? '', app.baseUrl));
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as TManifest;
    expect(manifest.name).toBe('Strata');
    expect(manifest.start_url).toBe('/');
    expect(manifest.display).toBe('standalone');
    const sizes = (manifest.icons ?? []).map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons ?? []) {
      const image = await fetch(new URL(icon.src, app.baseUrl));
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      // A PNG's width and height are big-endian words at bytes 16 and 20.
      const bytes = new DataView(await image.arrayBuffer());
      expect(`${bytes.getUint32(16)}x${bytes.getUint32(20)}`).toBe(icon.sizes);
    }
  });

  it('registers a service worker that controls the page after the first visit', async () => {
    const { page } = browser;
    const user = await createUser(app, { email: 'pwa@example.test', name: 'Pia Pwa' });
    await signInBrowser(browser.context, app, user);
    await page.goto(`${app.baseUrl}/transactions`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${app.baseUrl}/`);
    // registerType 'prompt': the first worker does not claim the open page; the next load is controlled.
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await browser.screenshot('pwa-signed-in-controlled', { fullPage: false });
    expect(page.url()).not.toMatch(/\/login/);
  });

  it('is installable by Chromium’s own check (manifest parsed without errors, no installability errors)', async () => {
    const { page, context } = browser;
    await page.goto(`${app.baseUrl}/dashboards`);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    // What Chromium's install offer (and Lighthouse's installable audit) decide on, asked through DevTools.
    const devtools = await context.newCDPSession(page);
    try {
      const manifest = await devtools.send('Page.getAppManifest');
      expect(manifest.url).toBe(`${app.baseUrl}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await devtools.detach();
    }
  });

  it('offers Install Strata on the phone when the browser offers installation, and remembers Not now', async () => {
    const { page } = browser;
    await page.goto(`${app.baseUrl}/dashboards`);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    // Headless Chromium does not offer installation by itself (it waits for user engagement): the event it
    // would dispatch is dispatched here, with a prompt() that records its call.
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, {
        prompt: async () => {
          (window as unknown as { promptCalls?: number }).promptCalls = 1;
        },
        userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
      });
      window.dispatchEvent(event);
    });
    const banner = page.getByRole('region', { name: 'Install Strata' });
    await banner.waitFor();
    await browser.screenshot('pwa-install-banner-390', { fullPage: false });
    await banner.getByRole('button', { name: 'Not now' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Install Strata' }).click();
    expect(await page.evaluate(() => (window as unknown as { promptCalls?: number }).promptCalls)).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('strata-install-banner-dismissed'))).toBe('1');
  });

  it('never keeps an /api answer in the caches, even after signed-in pages have loaded', async () => {
    const { page } = browser;
    const answer = await page.evaluate(async () => (await fetch('/api/health')).status);
    expect(answer).toBe(200);
    const urls = await cachedUrls(browser);
    expect(urls).toContain('/index.html');
    expect(urls.filter((path) => path === '/api' || path.startsWith('/api/'))).toEqual([]);
  });

  it('loads the app shell offline, while /api requests fail instead of answering from a cache', async () => {
    const { page, context } = browser;
    await context.setOffline(true);
    try {
      // A browser error page would make reload throw (net::ERR_INTERNET_DISCONNECTED); an /api address fails the same way.
      await page.reload();
      await expect.poll(() => page.title()).toBe('Strata');
      await expect.poll(() => page.locator('#root > *').count()).toBeGreaterThan(0);
      // The signed-in page cannot load its data: it says so truthfully instead of 'Unexpected error'.
      await page.getByRole('heading', { name: 'You are offline' }).waitFor();
      await browser.screenshot('pwa-offline-shell', { fullPage: false });

      const apiOutcome = await page.evaluate(async () => {
        try {
          const response = await fetch('/api/health');
          return `answered ${response.status}`;
        } catch (error) {
          return `failed: ${(error as Error).name}`;
        }
      });
      expect(apiOutcome).toBe('failed: TypeError');

      // Opening an API address is not answered with the cached shell either.
      await expect(page.goto(`${app.baseUrl}/api/health`)).rejects.toThrow(/net::ERR_/);
    } finally {
      await context.setOffline(false);
    }
  });

  it('in the installed app at 390 px: signs in through the form, opens the dashboards and enters a transaction', async () => {
    const installed = await openBrowser({ width: 390, height: 844 });
    try {
      const { page, context } = installed;
      const user = await createUser(app, { email: 'installed@example.test', name: 'Ines Installed' });
      const { id: repositoryId } = await apiAs<{ id: string }>(app, user, 'POST', '/repositories', {
        name: 'Pocket',
        currency: 'USD',
      });
      await apiAs(app, user, 'POST', `/repositories/${repositoryId}/initialize`);
      const settings = await apiAs<Record<string, unknown>>(app, user, 'GET', `/users/${user.id}/settings`);
      await apiAs(app, user, 'POST', `/users/${user.id}/settings`, { ...settings, dateFormat: 'YYYY-MM-DD' });
      const tags = await apiAs<Array<{ id: string; tag_name: string; tag_value: string }>>(
        app,
        user,
        'GET',
        `/tags?repository_id=${repositoryId}`,
      );
      const tagId = (name: string, value: string) =>
        tags.find((tag) => tag.tag_name === name && tag.tag_value === value)?.id;
      const { id: brokerId } = await apiAs<{ id: string }>(app, user, 'POST', '/assets', {
        repository_id: repositoryId,
        type: 'investment account',
        name: 'Broker',
        currency: 'USD',
        tags: [tagId('Category', 'Investments'), tagId('Subcategory', 'Brokerage')],
      });
      await context.clearCookies();

      // As installed: the app under its service worker's control at phone size. (Headless Chromium can neither
      // install the app nor emulate the standalone display mode; the install offer is the test above.)
      await page.goto(`${app.baseUrl}/login`);
      await page.evaluate(async () => navigator.serviceWorker.ready);
      await page.reload();
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

      await page.locator('input[name="email"]').fill(user.email);
      await page.locator('input[name="password"]').fill(user.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(/\/dashboards/);
      await page.getByRole('heading', { name: 'Pocket' }).waitFor();
      await expect.poll(() => page.getByText(/Computing analytics/).count()).toBe(0);
      await installed.screenshot('pwa-installed-dashboards-390', { fullPage: false });

      await page.goto(`${app.baseUrl}/transactions`);
      await page.getByRole('button', { name: 'New transaction' }).click();
      const form = page.getByRole('dialog', { name: 'New transaction' });
      await pick(page, form, 'Type', 'deposit');
      await form.getByLabel('Date').fill('2026-03-02');
      // The only account and the repository's currency are filled in already (checked below through the API).
      await form.getByRole('textbox', { name: 'Amount', exact: true }).first().fill('250');
      await installed.screenshot('pwa-installed-transaction-390', { fullPage: false });
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Transaction 2026-03-02 created').first().waitFor();

      const list = await apiAs<{
        data: Array<{ type: string; entries: Array<{ amount: string; account_id: string }> }>;
      }>(app, user, 'GET', `/transactions?repository_id=${repositoryId}`);
      expect(list.data.map((row) => [row.type, row.entries.map((entry) => entry.amount)])).toEqual([
        ['deposit', ['250']],
      ]);
      expect(list.data[0]?.entries[0]).toMatchObject({ account_id: brokerId });
      // No page reached outside the phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await installed.close();
    }
  });
});
