import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepForDocs } from './support/docs-screenshots.ts';
import { GRID, GRID_HEADER_HEIGHT, GRID_ROW_HEIGHT, settle } from './support/page-tools.ts';
import { openWorkspace, type TWorkspace } from './support/workspace.ts';

// Issue 23, first slice: a bank statement from the corpus goes in through the OFX/QFX import dialog, its load
// is followed to the sync event's counts, its rows show in /linked-transactions, the search narrows them and
// the row's source opens as 'JSON data'. At 1280 and 390 px.

const CORPUS = join(import.meta.dirname, '..', '..', 'shared', 'corpus', 'ofx');
// bank_medium.ofx (jseutter/ofxparse): one CAD checking account, 3 transactions of -6.60, -316.67, -22.00.
const BANK_MEDIUM = join(CORPUS, 'jseutter-ofxparse', 'bank_medium.ofx');
const CSV_FILE = join(CORPUS, 'actualbudget-actual', 'data-payee-memo.csv');

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });

/** Every visible row of the grid as its cells' text (Glide's accessibility table mirrors the canvas). */
async function gridTexts(page: Page): Promise<string[]> {
  return page
    .locator(`${GRID} table[role="grid"] tbody tr`)
    .evaluateAll((rows) => rows.map((row) => (row.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  describe(`linked data screens at ${viewport.width} px`, () => {
    let workspace: TWorkspace | undefined;

    beforeAll(async () => {
      workspace = await openWorkspace({
        email: `linked-${viewport.width}.e2e@example.com`,
        name: 'Lin Linked',
        repository: 'Linked',
        viewport,
      });
    });

    afterAll(async () => {
      await workspace?.close();
    });

    it('imports an OFX file through the dialog, with its progress and the sync counts', async () => {
      const { app, browser } = workspace as TWorkspace;
      const { page } = browser;
      await page.goto(`${app.baseUrl}/connectors`);
      await page.getByRole('heading', { name: 'Link your accounts' }).waitFor();
      await browser.screenshot(`linked-connectors-empty-${viewport.width}`);

      await page.getByRole('button', { name: 'Import OFX/QFX file' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import OFX/QFX file' });
      await dialog.getByRole('button', { name: 'Import' }).click();
      await dialog.getByText('Nothing to import').waitFor();

      // The progress is short on a small file: record every label it showed, whenever it showed.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { progressSeen: string[] }).progressSeen = seen;
        new MutationObserver(() => {
          const text = document.querySelector('[data-testid="import-progress"]')?.textContent;
          if (text && seen.at(-1) !== text) seen.push(text);
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await dialog.locator('input[type="file"]').setInputFiles(BANK_MEDIUM);
      await dialog.getByRole('button', { name: 'Import' }).click();
      const result = dialog.getByTestId('import-result');
      await result.waitFor({ timeout: 30_000 });
      expect(await result.textContent()).toContain('3 added, 0 skipped as duplicates, 0 failed');
      const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
      expect(seen[0]).toBe('Uploading…');
      await settle(page);
      await browser.screenshot(`linked-import-done-${viewport.width}`, { fullPage: false });

      await dialog.getByRole('link', { name: 'Open transactions' }).click();
      await page.waitForURL(/\/linked-transactions$/);
    });

    it('lists the rows, searches them and opens a row source as JSON data', async () => {
      const { app, browser } = workspace as TWorkspace;
      const { page } = browser;
      await page.goto(`${app.baseUrl}/linked-transactions`);
      await page.getByPlaceholder('Search linked transactions...').waitFor();
      await page.locator(GRID).waitFor();
      await poll(async () => (await gridTexts(page)).length).toBe(3);
      const rows = await gridTexts(page);
      // Newest first: 2009-04-03, 04-02, 04-01. Glide's table holds the columns in view: at 390 px the date and
      // the counterparty, at 1280 the amount and description too.
      expect(rows[0]).toContain('2009-04-03');
      expect(rows[0]).toContain("CONNIE'S HAIR D");
      expect(rows[2]).toContain('2009-04-01');
      expect(rows[2]).toContain("MCDONALD'S #112");
      if (viewport.width === 1280) {
        // The grid is editable for this writer: its accessible cells carry the exact stored amount (what an edit
        // starts from); the canvas draws it grouped with two decimals.
        expect(rows[0]).toContain('-22');
        expect(rows[1]).toContain('-316.67');
        expect(rows[2]).toContain('POS MERCHANDISE;MCDONALD');
      }
      expect(await page.getByLabel('Rows').textContent()).toBe('3 rows');
      const file = await browser.screenshot(`linked-transactions-${viewport.width}`, { fullPage: false });
      keepForDocs(file);

      await page.getByPlaceholder('Search linked transactions...').fill('hair');
      await page.getByPlaceholder('Search linked transactions...').press('Enter');
      await poll(async () => (await gridTexts(page)).length).toBe(2);
      expect((await gridTexts(page)).join(' | ')).not.toContain('MCDONALD');

      // The first column after the checkbox is the row's actions menu.
      await page.locator(GRID).click({ position: { x: 80, y: GRID_HEADER_HEIGHT + GRID_ROW_HEIGHT / 2 } });
      await page.getByRole('menuitem', { name: 'Source view' }).click();
      const panel = page.getByRole('dialog', { name: 'JSON data' });
      await panel.getByTestId('json-data').waitFor();
      const json = await panel.getByTestId('json-data').textContent();
      expect(json).toContain('"payee": "CONNIE\'S HAIR D"');
      expect(json).toContain('"fitId": "0000123456782009040300005"');
      await settle(page);
      const source = await browser.screenshot(`linked-source-view-${viewport.width}`, { fullPage: false });
      if (viewport.width === 390) keepForDocs(source);
    });

    it('shows the connector with its account, and the account with its sync event', async () => {
      const { app, browser } = workspace as TWorkspace;
      const { page } = browser;
      await page.goto(`${app.baseUrl}/connectors`);
      const card = page.getByRole('region', { name: /^Connector / });
      await card.waitFor();
      expect(await card.getByLabel('Status OK').count()).toBe(1);
      await card.getByRole('link', { name: '12300 000012345678' }).waitFor();
      const list = await browser.screenshot(`linked-connectors-${viewport.width}`, { fullPage: false });
      keepForDocs(list);

      await card.getByRole('link', { name: '12300 000012345678' }).click();
      await page.getByRole('heading', { name: '12300 000012345678 · CHECKING' }).waitFor();
      const events = page.getByRole('table', { name: 'Sync events' });
      await events.waitFor();
      expect((await events.locator('tbody tr').first().textContent())?.replace(/\s+/g, ' ')).toMatch(
        /Success\s*3\s*0\s*0/,
      );
      await poll(async () => (await gridTexts(page)).length).toBe(3);
      await browser.screenshot(`linked-account-${viewport.width}`, { fullPage: false });

      await page.goto(`${app.baseUrl}/connectors/00000000-0000-4000-8000-000000000000`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    });

    if (viewport.width === 1280) {
      it('loads a bank CSV through the manual loader with its column mapping and preview', async () => {
        const { app, browser } = workspace as TWorkspace;
        const { page } = browser;
        await page.goto(`${app.baseUrl}/connectors`);
        await page.getByRole('button', { name: 'Load a file' }).click();
        const dialog = page.getByRole('dialog', { name: 'Load a statement file' });
        await dialog.locator('input[type="file"]').setInputFiles(CSV_FILE);
        await dialog.getByRole('combobox', { name: /^Date column/ }).click();
        await page.getByRole('option', { name: 'date', exact: true }).click();
        await dialog.getByRole('combobox', { name: /^Amount column/ }).click();
        await page.getByRole('option', { name: 'amount', exact: true }).click();
        await dialog.getByRole('combobox', { name: 'Payee column' }).click();
        await page.getByRole('option', { name: 'payee', exact: true }).click();
        await dialog.getByRole('combobox', { name: 'Memo column' }).click();
        await page.getByRole('option', { name: 'notes', exact: true }).click();
        const preview = dialog.getByRole('table', { name: 'Preview rows' });
        await preview.waitFor();
        expect((await preview.locator('tbody tr').first().textContent())?.replace(/\s+/g, ' ')).toBe(
          '2019-01-23-10Payee NameNote Text',
        );
        await settle(page);
        await browser.screenshot('linked-csv-mapping-1280', { fullPage: false });
        await dialog.getByRole('button', { name: 'Import' }).click();
        const result = dialog.getByTestId('import-result');
        await result.waitFor({ timeout: 30_000 });
        expect(await result.textContent()).toContain('4 added, 0 skipped as duplicates, 0 failed');
      });
    }
  });
}
