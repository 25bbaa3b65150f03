import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from './support/app-server.ts';
import type { Browser } from './support/browser.ts';
import { gridRows } from './support/page-tools.ts';
import { openWorkspace, type TWorkspace } from './support/workspace.ts';

const GHOSTFOLIO = join('packages', 'core', 'src', 'journals', 'fixtures', 'portfolio.ghostfolio.json');

// The import runs as a background task; a busy machine (2 cores, shared) needs more than poll's 1 s.
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000 });

async function pickGhostfolioFile(page: Page) {
  await page.locator('input[type="file"]').setInputFiles({
    name: 'portfolio.ghostfolio.json',
    mimeType: 'application/json',
    buffer: await readFile(GHOSTFOLIO),
  });
  await poll(() => page.getByRole('combobox', { name: 'Format', exact: true }).inputValue()).toBe(
    'Ghostfolio export (JSON)',
  );
}

describe('moving in from another tool', () => {
  let workspace: TWorkspace | undefined;
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    workspace = await openWorkspace({
      email: 'mover.e2e@example.com',
      name: 'Mo Ver',
      repository: 'Everyday',
      viewport: { width: 1280, height: 900 },
    });
    ({ app, browser } = workspace);
  });

  afterAll(async () => {
    await workspace?.close();
  });

  it('imports a Ghostfolio export into a new repository and shows its transactions', async () => {
    const { page } = browser;
    await page.goto(`${app.baseUrl}/transactions`);
    // The no-data view leads to the screen.
    await page.getByRole('link', { name: 'Move in your history from another tool' }).click();
    await page.getByRole('heading', { name: 'Move in' }).waitFor();
    await pickGhostfolioFile(page);
    await page.getByRole('radio', { name: 'A new repository' }).check();
    await page.getByRole('textbox', { name: 'Repository name' }).fill('From Ghostfolio');
    // The file goes to the store as a file (the local store's upload route), never as a JSON string.
    const posts: { path: string; type: string }[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().startsWith(app.baseUrl))
        posts.push({ path: new URL(request.url()).pathname, type: request.headers()['content-type'] ?? '' });
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByLabel('Preview');
    await preview.getByText('Activity 8').waitFor();
    expect(await preview.getByText('BUY: the activity has no account').count()).toBe(1);
    expect(await preview.getByText('Transactions').locator('..').textContent()).toBe('Transactions11new');
    expect(posts.map((post) => post.path)).toEqual([
      '/api/journal_imports/uploads',
      '/api/files/upload',
      expect.stringMatching(/^\/api\/journal_imports\/[0-9a-f-]+\/preview$/),
    ]);
    expect(posts[1]?.type).toMatch(/^multipart\/form-data; boundary=/);
    await browser.screenshot('move-in-preview-1280');

    await page.getByRole('checkbox', { name: /Import without the 1 not carried/ }).check();
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByText('11 transactions imported').first().waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Open From Ghostfolio' }).click();

    await page.waitForURL(/\/transactions$/);
    await poll(async () => (await gridRows(page)).length).toBe(11);
    const text = (await gridRows(page)).map((cells) => cells.join(' ')).join('\n');
    expect(text).toContain('SAP on Xetra');
    expect(text).toContain('Custody fee');
    expect(await page.getByRole('button', { name: 'Repository: From Ghostfolio' }).count()).toBe(1);
    await browser.screenshot('move-in-transactions-1280');
  });

  it('previews on a phone', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/move-in`);
    await pickGhostfolioFile(page);
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByLabel('Preview').getByText('Activity 8').waitFor();
    await browser.screenshot('move-in-preview-390');
  });
});
