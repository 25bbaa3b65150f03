import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from './support/app-server.ts';
import type { Browser } from './support/browser.ts';
import { keepForDocs } from './support/docs-screenshots.ts';
import { clickGridRow, gridRows, pick, settle } from './support/page-tools.ts';
import { apiAs, type TE2eUser } from './support/users.ts';
import { openWorkspace, type TWorkspace } from './support/workspace.ts';

const typesAndDates = async (page: Page) =>
  (await gridRows(page)).map(([type, date]) => `${type} ${date}`).join(', ');

// The page reloads and refetches between steps; a busy machine (2 cores, shared) needs more than poll's 1 s.
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

describe('smart transactions list, form, trash, import and export', () => {
  let workspace: TWorkspace | undefined;
  let app: RunningApp;
  let browser: Browser;
  let user: TE2eUser;
  let repositoryId = '';

  beforeAll(async () => {
    workspace = await openWorkspace({
      email: 'ledger.e2e@example.com',
      name: 'Lee Ledger',
      repository: 'Ledger',
      viewport: { width: 1440, height: 900 },
    });
    ({ app, browser, user, repositoryId } = workspace);
    const tags = await apiAs<Array<{ id: string; tag_name: string; tag_value: string }>>(
      app,
      user,
      'GET',
      `/tags?repository_id=${repositoryId}`,
    );
    const tag = (name: string, value: string) =>
      tags.find((item) => item.tag_name === name && item.tag_value === value)?.id;
    await apiAs(app, user, 'POST', '/assets', {
      repository_id: repositoryId,
      type: 'investment account',
      name: 'Broker',
      currency: 'USD',
      tags: [tag('Category', 'Investments'), tag('Subcategory', 'Brokerage')],
    });
    await apiAs(app, user, 'POST', '/assets', {
      repository_id: repositoryId,
      type: 'stock',
      name: 'Apple',
      ticker: 'AAPL',
      currency: 'USD',
    });
  });

  afterAll(async () => {
    await workspace?.close();
  });

  it('creates a buy and a sell through the form; the new one comes first', async () => {
    const { page } = browser;
    await page.goto(`${app.baseUrl}/transactions`);
    await page.getByText('No transactions').waitFor();
    const entries = [
      { type: 'buy', date: '2026-03-02', units: '10', cash: '1500', description: 'First lot' },
      { type: 'sell', date: '2026-01-15', units: '4', cash: '700', description: 'Trim' },
    ];
    for (const entry of entries) {
      await page.getByRole('button', { name: 'New transaction' }).click();
      const form = page.getByRole('dialog', { name: 'New transaction' });
      await poll(() => form.getByLabel('State: new').count()).toBe(1);
      await pick(page, form, 'Type', entry.type);
      // The type's slots, by their titles; the cash slot starts on the repository currency.
      const position = form.getByRole('group', { name: 'Position' });
      const cash = form.getByRole('group', { name: 'Cash' });
      expect(await cash.getByRole('combobox', { name: 'Asset', exact: true }).inputValue()).toBe(
        'US Dollar (USD)',
      );
      await form.getByLabel('Date').fill(entry.date);
      await form.getByLabel('Description').fill(entry.description);
      await pick(page, position, 'Account', 'Broker');
      await pick(page, position, 'Asset', /Apple/);
      await position.getByRole('textbox', { name: 'Amount', exact: true }).fill(entry.units);
      await pick(page, cash, 'Account', 'Broker');
      // A pasted percent becomes a fraction; the real amount is typed over it.
      const cashAmount = cash.getByRole('textbox', { name: 'Amount', exact: true });
      await cashAmount.focus();
      await page.evaluate(() => {
        const data = new DataTransfer();
        data.setData('text', '12%');
        document.activeElement?.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true }),
        );
      });
      expect(await cashAmount.inputValue()).toBe('0.12');
      await cashAmount.fill(entry.cash);
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByText(`Transaction ${entry.date} created`).first().waitFor();
      // The form stays on the saved transaction.
      const saved = page.getByRole('dialog', { name: 'Transaction' });
      await poll(() => saved.getByLabel('State: saved').count()).toBe(1);
      if (entry.type === 'sell') {
        await settle(page);
        keepForDocs(await browser.screenshot('transactions-form', { fullPage: false }));
      }
      await saved.getByRole('button', { name: 'Close' }).click();
      await poll(() => page.getByRole('dialog').count()).toBe(0);
    }
    // Sorted by date descending the sell (January) would come second; saved here, it comes first.
    await poll(() => typesAndDates(page)).toBe('sell 2026-01-15, buy 2026-03-02');
    const rows = await gridRows(page);
    expect(rows[0]).toEqual(['sell', '2026-01-15', '-4 AAPL @ Broker', '700 USD @ Broker', 'Trim']);

    const list = await apiAs<{ data: Array<{ type: string; entries: Array<{ amount: string }> }> }>(
      app,
      user,
      'GET',
      `/transactions?repository_id=${repositoryId}`,
    );
    expect(list.data.map((row) => [row.type, row.entries.map((entry) => entry.amount)])).toEqual([
      ['buy', ['10', '-1500']],
      ['sell', ['-4', '700']],
    ]);
  });

  it('edits through the form, asking before unsaved changes are lost', async () => {
    const { page } = browser;
    await page.reload();
    await poll(() => typesAndDates(page)).toBe('buy 2026-03-02, sell 2026-01-15');
    await clickGridRow(page, 0);
    const form = page.getByRole('dialog', { name: 'Transaction' });
    await form.getByLabel('Description').fill('First lot, edited');
    await poll(() => form.getByLabel('State: changed').count()).toBe(1);
    await form.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Continue editing' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Transaction 2026-03-02 updated').first().waitFor();
    await poll(() => form.getByLabel('State: saved').count()).toBe(1);
    await form.getByRole('button', { name: 'Close' }).click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    await poll(async () => (await gridRows(page))[0]?.[4]).toBe('First lot, edited');
    expect(page.url()).toBe(`${app.baseUrl}/transactions`);
  });

  it('filters and sorts the list, and keeps both in the user settings', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const builder = page.getByTestId('filter-builder');
    await builder.getByRole('button', { name: 'Add group' }).click();
    await builder.getByRole('combobox', { name: 'Field' }).selectOption({ label: 'Type' });
    await builder.getByRole('combobox', { name: 'Value' }).click();
    await page.getByRole('option', { name: 'sell', exact: true }).click();
    await builder.getByRole('button', { name: 'Apply' }).click();
    await poll(() => typesAndDates(page)).toBe('sell 2026-01-15');

    await page.getByRole('button', { name: 'Clear filter' }).click();
    await poll(() => typesAndDates(page)).toBe('buy 2026-03-02, sell 2026-01-15');
    await page.getByRole('button', { name: 'Sort', exact: true }).click();
    await page.getByRole('button', { name: 'Descending, change direction' }).click();
    await poll(() => typesAndDates(page)).toBe('sell 2026-01-15, buy 2026-03-02');
    await page.keyboard.press('Escape');

    // Saved 1000 ms after the last change: a reload keeps the ascending order.
    await poll(async () => {
      const repositories = await apiAs<Array<{ id: string; user_repo_settings: { ui_settings: unknown } }>>(
        app,
        user,
        'GET',
        '/repositories',
      );
      return JSON.stringify(repositories.find((item) => item.id === repositoryId)?.user_repo_settings);
    }).toContain('"sortDirection":"ascending"');
    await page.reload();
    await poll(() => typesAndDates(page)).toBe('sell 2026-01-15, buy 2026-03-02');
  });

  it('exports the CSV and imports it again; a bad paste is reported by line and field', async () => {
    const { page } = browser;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    const csv = await readFile((await download.path()) as string, 'utf8');
    expect(csv.split(/\r?\n/)[0]).toMatch(/^type,date,account1,amount1,asset1,account2,amount2,asset2/);
    expect(csv).toContain('sell,2026-01-15');

    await page.getByRole('button', { name: 'Import' }).click();
    let dialog = page.getByRole('dialog', { name: 'Import transactions' });
    await dialog
      .getByLabel('Or paste the rows')
      .fill(
        'type,date,account1,amount1,asset1,account2,amount2,asset2,account3,account4,description\n' +
          'buy,2026-02-01,Broker,x,Apple,Broker,10,USD,,,bad amount',
      );
    await dialog.getByRole('button', { name: 'Import' }).click();
    const errors = dialog.getByRole('table', { name: 'Import errors' });
    await errors.waitFor();
    expect(await errors.textContent()).toMatch(/2\s*Position: amount\s*Must be numeric/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);

    const file = join(tmpdir(), `transactions-${Date.now()}.csv`);
    await writeFile(file, csv);
    await page.getByRole('button', { name: 'Import' }).click();
    dialog = page.getByRole('dialog', { name: 'Import transactions' });
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Import' }).click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    await poll(() => typesAndDates(page)).toBe(
      'sell 2026-01-15, sell 2026-01-15, buy 2026-03-02, buy 2026-03-02',
    );
    await poll(() => page.getByLabel('Rows').textContent()).toBe('4');
    await page.getByText('2 transactions imported').waitFor({ state: 'detached', timeout: 15_000 });
    await settle(page);
    keepForDocs(await browser.screenshot('transactions-desktop', { fullPage: false }));
  });

  it('moves a row to the trash and restores it', async () => {
    const { page } = browser;
    await clickGridRow(page, 0, 18);
    await page.getByRole('button', { name: 'Move to trash' }).click();
    await poll(() => page.getByLabel('Rows').textContent()).toBe('3');
    await page.getByText('Trash', { exact: true }).click();
    await poll(() => typesAndDates(page)).toBe('sell 2026-01-15');
    await clickGridRow(page, 0, 18);
    await page.getByRole('button', { name: 'Restore selected' }).click();
    await page.getByText('The trash is empty').waitFor();
    await page.getByText('Transactions', { exact: true }).click();
    await poll(() => page.getByLabel('Rows').textContent()).toBe('4');
  });
});
