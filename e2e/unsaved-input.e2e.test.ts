import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pick, settle } from './support/page-tools.ts';
import { apiAs } from './support/users.ts';
import { openWorkspace, type TWorkspace } from './support/workspace.ts';

// Issue 19, item 1: the browser's Back asks before throwing away a form's unsaved input, as X and Escape do,
// and a reload makes the browser warn (beforeunload).
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

const question = (page: Page) => page.getByRole('dialog', { name: 'Unsaved changes' });

describe('unsaved input survives Back', () => {
  let workspace: TWorkspace | undefined;

  beforeAll(async () => {
    workspace = await openWorkspace({
      email: 'unsaved.e2e@example.com',
      name: 'Una Saved',
      repository: 'Drafts',
    });
  });

  afterAll(async () => {
    await workspace?.close();
  });

  it('a new asset: Back asks; Continue editing keeps the input, Discard leaves for the list', async () => {
    const { app, browser } = workspace as TWorkspace;
    const { page } = browser;
    await page.goto(`${app.baseUrl}/assets`);
    await page.getByRole('button', { name: 'New asset' }).click();
    await page.waitForURL(/\/assets\/new$/);
    const drawer = page.getByRole('dialog', { name: 'New asset' });
    await pick(page, drawer, 'Type', 'stock');
    await drawer.getByLabel('Name').fill('Half-typed Inc');

    await page.goBack();
    await question(page).waitFor();
    await browser.screenshot('unsaved-back-asset-1280', { fullPage: false });
    await question(page).getByRole('button', { name: 'Continue editing' }).click();
    await poll(() => question(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/assets/new');
    expect(await drawer.getByLabel('Name').inputValue()).toBe('Half-typed Inc');
    await settle(page);
    await page.goBack();
    await question(page).getByRole('button', { name: 'Discard form changes' }).click();
    await page.waitForURL(/\/assets$/);
    await poll(() => page.getByRole('dialog', { name: 'New asset' }).count()).toBe(0);
  });

  it('a new asset: a reload asks the browser to warn', async () => {
    const { app, browser } = workspace as TWorkspace;
    const { page } = browser;
    await page.goto(`${app.baseUrl}/assets/new`);
    const drawer = page.getByRole('dialog', { name: 'New asset' });
    await drawer.getByLabel('Name').fill('Not yet saved');
    const dialogs: string[] = [];
    const onDialog = (dialog: { type(): string; dismiss(): Promise<void> }) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    };
    page.on('dialog', onDialog);
    // Chromium shows the beforeunload prompt only after a user gesture on the page: the fill above was one.
    await page.reload({ timeout: 2_000 }).catch(() => undefined);
    page.off('dialog', onDialog);
    expect(dialogs).toEqual(['beforeunload']);
    expect(await drawer.getByLabel('Name').inputValue()).toBe('Not yet saved');
    await page.keyboard.press('Escape');
    await question(page).getByRole('button', { name: 'Discard form changes' }).click();
    await page.waitForURL(/\/assets$/);
  });

  it('a new transaction: Back asks; Continue editing keeps the input, Discard leaves for the list', async () => {
    const { app, browser } = workspace as TWorkspace;
    const { page } = browser;
    await page.goto(`${app.baseUrl}/transactions`);
    await page.getByRole('button', { name: 'New transaction' }).click();
    await page.waitForURL(/\/transactions\/new$/);
    const form = page.getByRole('dialog', { name: 'New transaction' });
    await form.getByLabel('Description').fill('Lunch money, half entered');

    await page.goBack();
    await question(page).waitFor();
    await browser.screenshot('unsaved-back-transaction-1280', { fullPage: false });
    await question(page).getByRole('button', { name: 'Continue editing' }).click();
    await poll(() => question(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/transactions/new');
    expect(await form.getByLabel('Description').inputValue()).toBe('Lunch money, half entered');
    await settle(page);

    await page.goBack();
    await question(page).getByRole('button', { name: 'Discard form changes' }).click();
    await page.waitForURL(/\/transactions$/);
    await poll(() => page.getByRole('dialog', { name: 'New transaction' }).count()).toBe(0);
  });

  it('a new tag: Back asks as well (the item dialogs of tags, contacts and documents)', async () => {
    const { app, browser } = workspace as TWorkspace;
    const { page } = browser;
    // Back must stay inside the app: a page loaded by the address bar is left by the browser itself.
    await page.goto(`${app.baseUrl}/tags`);
    await page.getByRole('button', { name: 'New tag' }).click();
    await page.waitForURL(/\/tags\/new$/);
    const dialog = page.getByRole('dialog', { name: 'New tag' });
    await dialog.getByLabel('Tag name').fill('Colour');
    await page.goBack();
    await question(page).getByRole('button', { name: 'Continue editing' }).click();
    // The question has left before Back asks it again: two at once would be two dialogs of that name.
    await poll(() => question(page).count()).toBe(0);
    expect(await dialog.getByLabel('Tag name').inputValue()).toBe('Colour');
    await settle(page);
    await page.goBack();
    await question(page).getByRole('button', { name: 'Discard form changes' }).click();
    await page.waitForURL(/\/tags$/);
  });

  it('an existing asset: another tab asks too, since only Basic info holds the form', async () => {
    const { app, user, repositoryId, browser } = workspace as TWorkspace;
    const { page } = browser;
    const stock = await apiAs<{ id: string }>(app, user, 'POST', '/assets', {
      repository_id: repositoryId,
      type: 'stock',
      name: 'Steady Corp',
      ticker: 'STDY',
      currency: 'USD',
    });
    await page.goto(`${app.baseUrl}/assets`);
    await page.getByRole('table', { name: 'Assets' }).getByRole('link', { name: 'Steady Corp' }).click();
    const drawer = page.getByRole('dialog', { name: 'Steady Corp · STDY · stock' });
    await drawer.getByLabel('Name').fill('Steady Corporation');
    await drawer.getByRole('tab', { name: 'Prices' }).click();
    await question(page).getByRole('button', { name: 'Continue editing' }).click();
    await poll(() => question(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/assets/${stock.id}`);
    expect(await drawer.getByLabel('Name').inputValue()).toBe('Steady Corporation');
    await settle(page);
    await drawer.getByRole('tab', { name: 'Prices' }).click();
    await question(page).getByRole('button', { name: 'Discard form changes' }).click();
    await page.waitForURL(new RegExp(`/assets/${stock.id}/prices$`));
  });
});

describe('unsaved input on a 390 px phone', () => {
  let workspace: TWorkspace | undefined;

  beforeAll(async () => {
    workspace = await openWorkspace({
      email: 'unsaved.phone.e2e@example.com',
      name: 'Una Phone',
      repository: 'Pocket drafts',
      viewport: { width: 390, height: 844 },
    });
  });

  afterAll(async () => {
    await workspace?.close();
  });

  it('a new transaction: Back asks, and Discard leaves for the list', async () => {
    const { app, browser } = workspace as TWorkspace;
    const { page } = browser;
    await page.goto(`${app.baseUrl}/transactions`);
    await page.getByRole('button', { name: 'New transaction' }).click();
    await page.waitForURL(/\/transactions\/new$/);
    const form = page.getByRole('dialog', { name: 'New transaction' });
    await form.getByLabel('Description').fill('Typed on the bus');
    await page.goBack();
    await question(page).waitFor();
    await settle(page);
    await browser.screenshot('unsaved-back-transaction-390', { fullPage: false });
    await question(page).getByRole('button', { name: 'Discard form changes' }).click();
    await page.waitForURL(/\/transactions$/);
  });
});
