import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from './support/app-server.ts';
import type { Browser } from './support/browser.ts';
import { clickGridRow, gridRows, pick, settle } from './support/page-tools.ts';
import { apiAs, type TE2eUser } from './support/users.ts';
import { openWorkspace, type TWorkspace } from './support/workspace.ts';

describe('entering assets and transactions', () => {
  let workspace: TWorkspace | undefined;
  let app: RunningApp;
  let browser: Browser;
  let user: TE2eUser;
  let repositoryId = '';

  beforeAll(async () => {
    workspace = await openWorkspace({
      email: 'data.e2e@example.com',
      name: 'Dana Data',
      repository: 'Ledger',
    });
    ({ app, browser, user, repositoryId } = workspace);
  });

  afterAll(async () => {
    await workspace?.close();
  });

  it('creates an account with Category and Subcategory, and a stock', async () => {
    const { page } = browser;
    await page.goto(`${app.baseUrl}/assets`);
    await page.getByRole('button', { name: 'New asset' }).click();
    let form = page.getByRole('dialog', { name: 'New asset' });
    await pick(page, form, 'Type', 'investment account');
    await form.getByLabel('Name').fill('Broker');
    await pick(page, form, 'Category', 'Investments');
    await pick(page, form, 'Subcategory', 'Brokerage');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Account Broker created').waitFor();
    // Saving opens the new account in its drawer; close it to get back to the list.
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'New asset' }).click();
    form = page.getByRole('dialog', { name: 'New asset' });
    await pick(page, form, 'Type', 'stock');
    await form.getByLabel('Name').fill('Apple');
    await form.getByLabel('Ticker').fill('AAPL');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Asset Apple created').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('table', { name: 'Assets' }).getByRole('row').count()).toBe(3);
    await settle(page);
    await browser.screenshot('assets-list');
  });

  it('records a deposit and a buy through the form, then trashes and restores one', async () => {
    const { page } = browser;
    await page.goto(`${app.baseUrl}/transactions`);
    for (const entry of [
      { type: 'deposit', amounts: ['5000'], assets: ['US Dollar'] },
      { type: 'buy', amounts: ['10', '1500'], assets: [/Apple/, 'US Dollar'] },
    ]) {
      await page.getByRole('button', { name: 'New transaction' }).click();
      const form = page.getByRole('dialog', { name: 'New transaction' });
      await pick(page, form, 'Type', entry.type);
      await form.getByLabel('Date').fill('2026-03-02');
      const accounts = form.getByRole('combobox', { name: 'Account', exact: true });
      const assets = form.getByRole('combobox', { name: 'Asset', exact: true });
      const amounts = form.getByRole('textbox', { name: 'Amount', exact: true });
      for (const [index, amount] of entry.amounts.entries()) {
        await accounts.nth(index).click();
        await page.getByRole('option', { name: 'Broker' }).click();
        await assets.nth(index).click();
        await page
          .getByRole('option', { name: entry.assets[index] as string | RegExp })
          .first()
          .click();
        await amounts.nth(index).fill(amount);
      }
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Transaction 2026-03-02 created').first().waitFor();
      // The slide-over stays on the saved transaction until closed.
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    }
    await expect.poll(async () => (await gridRows(page)).length).toBe(2);
    expect((await gridRows(page)).flat()).toContain('-1500 USD @ Broker');
    await settle(page);
    await browser.screenshot('transactions-list');

    const list = await apiAs<{ data: Array<{ type: string; entries: Array<{ amount: string }> }> }>(
      app,
      user,
      'GET',
      `/transactions?repository_id=${repositoryId}`,
    );
    expect(list.data.map((row) => [row.type, row.entries.map((entry) => entry.amount)])).toEqual(
      expect.arrayContaining([
        ['deposit', ['5000']],
        ['buy', ['10', '-1500']],
      ]),
    );

    const deposit = (await gridRows(page)).findIndex((row) => row[0] === 'deposit');
    await clickGridRow(page, deposit, 18);
    await page.getByRole('button', { name: 'Move to trash' }).click();
    await page.getByText('Transaction moved to the trash').waitFor();
    await expect.poll(async () => (await gridRows(page)).length).toBe(1);
    await page.getByText('Trash', { exact: true }).click();
    await expect.poll(async () => (await gridRows(page)).map((row) => row[0])).toEqual(['deposit']);
    await clickGridRow(page, 0, 18);
    await page.getByRole('button', { name: 'Restore selected' }).click();
    await page.getByText('The trash is empty').waitFor();
    await page.getByText('Transactions', { exact: true }).click();
    await expect.poll(async () => (await gridRows(page)).length).toBe(2);
  });
});
