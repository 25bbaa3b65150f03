import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepForDocs } from './support/docs-screenshots.ts';
import { GRID, GRID_HEADER_HEIGHT, GRID_ROW_HEIGHT, settle } from './support/page-tools.ts';
import { apiAs } from './support/users.ts';
import { openWorkspace, type TWorkspace } from './support/workspace.ts';

// Issue 23, the linked transactions grid's writes: filter → tick rows → Add tags → Exclude → inline edit →
// paste, each checked on screen and in what the API then answers. At 1280 and 390 px.

// A hand-written OFX 1.02 bank statement (the SGML form of bank_medium.ofx in the corpus), three card payments.
const STATEMENT = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260331120000<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>021000021<ACCTID>5550001234<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20260301<DTEND>20260331
<STMTTRN><TRNTYPE>POS<DTPOSTED>20260302120000<TRNAMT>-4.50<FITID>GRID-0001<NAME>COFFEE HOUSE<MEMO>CARD PURCHASE</STMTTRN>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260305120000<TRNAMT>-1200.00<FITID>GRID-0002<NAME>CITY RENT<MEMO>STANDING ORDER</STMTTRN>
<STMTTRN><TRNTYPE>POS<DTPOSTED>20260309120000<TRNAMT>-36.25<FITID>GRID-0003<NAME>BOOK STORE<MEMO>CARD PURCHASE</STMTTRN>
</BANKTRANLIST><LEDGERBAL><BALAMT>759.25<DTASOF>20260331120000</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`;

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });

/** Every visible row of the grid as its cells' text (Glide's accessibility table mirrors the canvas). */
async function gridTexts(page: Page): Promise<string[]> {
  return page
    .locator(`${GRID} table[role="grid"] tbody tr`)
    .evaluateAll((rows) => rows.map((row) => (row.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

/** Clicks the grid's row `index` at `x` pixels from its left edge (18: the checkbox; 80: the actions cell). */
async function clickRow(page: Page, index: number, x: number): Promise<void> {
  await page
    .locator(GRID)
    .click({ position: { x, y: GRID_HEADER_HEIGHT + GRID_ROW_HEIGHT * index + GRID_ROW_HEIGHT / 2 } });
}

/** The grid cell that holds the keyboard focus as [column, row] (Glide focuses the focused cell's mirror `td`). */
async function focusedCell(page: Page): Promise<[number, number] | null> {
  const id = await page.evaluate(() => document.activeElement?.id ?? '');
  const match = /^glide-cell-(\d+)-(\d+)$/.exec(id);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/**
 * Clicks the cell of row `index` showing `text` and waits until the grid holds the keyboard focus there: keys
 * pressed before then (Enter, arrows, paste) reach whatever had the focus — a closing menu's anchor, or the cell
 * focused before, which Glide focuses again first when the grid regains the focus.
 */
async function focusCell(page: Page, index: number, x: number, text: string): Promise<number> {
  await clickRow(page, index, x);
  const focusedText = () =>
    page.evaluate(() => {
      const cell = document.activeElement;
      return /^glide-cell-\d+-\d+$/.test(cell?.id ?? '') ? `${cell?.id} ${cell?.textContent}` : '';
    });
  await expect
    .poll(focusedText, { timeout: 10_000 })
    .toMatch(new RegExp(`^glide-cell-\\d+-${index} ${text}$`));
  return (await focusedCell(page))?.[0] ?? -1;
}

/** The stored rows as the API answers them, the most negative amount first. */
async function storedRows(workspace: TWorkspace) {
  const sort = encodeURIComponent(JSON.stringify([{ field: 'amount', sortDirection: 'ascending' }]));
  const page = await apiAs<{
    data: { date: string; amount: string; counterparty: string | null; tags: { name: string }[] }[];
  }>(
    workspace.app,
    workspace.user,
    'GET',
    `/linked_data/transactions?repository_id=${workspace.repositoryId}&sort=${sort}`,
  );
  return page.data.map((row) => ({
    date: row.date,
    amount: row.amount,
    counterparty: row.counterparty,
    tags: row.tags.map((tag) => tag.name),
  }));
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  describe(`the linked transactions grid's edits at ${viewport.width} px`, () => {
    let workspace: TWorkspace | undefined;

    beforeAll(async () => {
      workspace = await openWorkspace({
        email: `linked-grid-${viewport.width}.e2e@example.com`,
        name: 'Gil Grid',
        repository: 'Grid',
        viewport,
      });
      const { app, browser } = workspace;
      await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
      const { page } = browser;
      await page.goto(`${app.baseUrl}/connectors`);
      await page.getByRole('button', { name: 'Import OFX/QFX file' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import OFX/QFX file' });
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'march.ofx',
        mimeType: 'application/x-ofx',
        buffer: Buffer.from(STATEMENT),
      });
      await dialog.getByRole('button', { name: 'Import' }).click();
      const result = dialog.getByTestId('import-result');
      await result.waitFor({ timeout: 30_000 });
      expect(await result.textContent()).toContain('3 added, 0 skipped as duplicates, 0 failed');
    });

    afterAll(async () => {
      await workspace?.close();
    });

    it('filters, tags rows in bulk, excludes one, edits a cell and pastes a column', async () => {
      const opened = workspace as TWorkspace;
      const { app, browser } = opened;
      const { page } = browser;
      await page.goto(`${app.baseUrl}/linked-transactions`);
      await page.locator(GRID).waitFor();
      await poll(async () => (await gridTexts(page)).length).toBe(3);

      // Amount less than -10: the book store's -36.25 and the rent's -1200.00, not the coffee's -4.50.
      await page.getByRole('button', { name: 'Filter', exact: true }).click();
      await page.getByRole('button', { name: 'Add group' }).click();
      const condition = page.getByRole('group', { name: 'Condition' });
      await condition.getByLabel('Field').selectOption('amount');
      await condition.getByLabel('Comparison').selectOption('LESS');
      await condition.getByLabel('Value').fill('-10');
      await settle(page);
      await browser.screenshot(`linked-grid-filter-${viewport.width}`, { fullPage: false });
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('button', { name: 'Filter (1)' }).waitFor();
      await poll(async () => (await gridTexts(page)).length).toBe(2);
      const filtered = await gridTexts(page);
      expect(filtered[0]).toContain('2026-03-09');
      expect(filtered[0]).toContain('BOOK STORE');
      expect(filtered[1]).toContain('2026-03-05');
      expect(filtered[1]).toContain('CITY RENT');

      // Both rows ticked, then a new tag added to both.
      await clickRow(page, 0, 18);
      await clickRow(page, 1, 18);
      await page.getByRole('button', { name: 'Export 2 selected' }).waitFor();
      await page.getByRole('button', { name: 'Tags', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Add tags' }).click();
      const tagsDialog = page.getByRole('dialog', { name: 'Add tags' });
      await tagsDialog.getByText('2 selected rows').waitFor();
      const tagInput = tagsDialog.getByRole('combobox', { name: 'Tags to add (pick or type a new one)' });
      await tagInput.fill('travel');
      await tagInput.press('Enter');
      // Leaving the input closes its list of the other tags, which lies over the buttons.
      await tagInput.press('Tab');
      await settle(page);
      await browser.screenshot(`linked-grid-bulk-tags-${viewport.width}`, { fullPage: false });
      await tagsDialog.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByText('Tags were updated').first().waitFor();
      await tagsDialog.waitFor({ state: 'detached' });
      expect((await storedRows(opened)).map((row) => row.tags)).toEqual([['travel'], ['travel'], []]);

      // Exclude the book store's row; its menu then offers no Exclude.
      await clickRow(page, 0, 80);
      await page.getByRole('menuitem', { name: 'Exclude' }).click();
      await poll(async () => (await storedRows(opened))[1]?.tags).toEqual(['exclude', 'travel']);
      await clickRow(page, 0, 80);
      await page.getByRole('menuitem', { name: 'Source view' }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Exclude' }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });

      // Inline edit of the book store's counterparty.
      await focusCell(page, 0, 300, 'BOOK STORE');
      await page.keyboard.press('Enter');
      const editor = page.locator('textarea.gdg-input');
      await editor.waitFor();
      await editor.fill('Book Nook');
      await editor.press('Enter');
      await page.getByText('Transactions processed').first().waitFor();
      await poll(async () => (await gridTexts(page))[0]).toContain('Book Nook');
      // The two rows are still ticked: a focused cell keeps them, and the saved rows took their place.
      await page.getByRole('button', { name: 'Export 2 selected' }).waitFor();

      // A line of date and counterparty pasted on the date cell of a ticked row lands on both ticked rows.
      const paste = async (text: string, counterparty: string, screenshot?: string) => {
        await page.evaluate((clip) => navigator.clipboard.writeText(clip), text);
        // The counterparty cell, then one to the left: the date cell, scrolled into view whatever the width (a
        // second click on the focused cell would open its editor instead).
        const column = await focusCell(page, 0, 300, counterparty);
        await page.keyboard.press('ArrowLeft');
        await expect.poll(() => focusedCell(page), { timeout: 10_000 }).toEqual([column - 1, 0]);
        await page.keyboard.press('Control+V');
        const confirm = page.getByRole('dialog', { name: 'Update selected columns' });
        await confirm.getByText('Are you sure you want to update selected fields?').waitFor();
        if (screenshot) {
          await settle(page);
          const file = await browser.screenshot(screenshot, { fullPage: false });
          if (viewport.width === 1280) keepForDocs(file);
        }
        await confirm.getByRole('button', { name: 'Update' }).click();
        await confirm.waitFor({ state: 'detached' });
      };
      await paste('2026-03-31\tShop A', 'Book Nook', `linked-grid-paste-${viewport.width}`);
      await poll(async () => (await gridTexts(page))[1]).toContain('Shop A');
      let edited = await gridTexts(page);
      expect(edited[0]).toContain('2026-03-31');
      expect(edited[0]).toContain('Shop A');
      expect(edited[1]).toContain('2026-03-31');
      // 31 February does not parse: the date is ignored, the counterparty still pasted.
      await paste('2026-02-31\tShop B', 'Shop A');
      await poll(async () => (await gridTexts(page))[1]).toContain('Shop B');
      edited = await gridTexts(page);
      expect(edited[0]).toContain('2026-03-31');
      expect(edited[0]).toContain('Shop B');
      await settle(page);
      const edited390 = await browser.screenshot(`linked-grid-edited-${viewport.width}`, { fullPage: false });
      if (viewport.width === 390) keepForDocs(edited390);
      expect(await storedRows(opened)).toEqual([
        { date: '2026-03-31', amount: '-1200', counterparty: 'Shop B', tags: ['travel'] },
        { date: '2026-03-31', amount: '-36.25', counterparty: 'Shop B', tags: ['exclude', 'travel'] },
        { date: '2026-03-02', amount: '-4.5', counterparty: 'COFFEE HOUSE', tags: [] },
      ]);

      await page.getByRole('button', { name: 'Clear filter' }).click();
      await poll(async () => (await gridTexts(page)).length).toBe(3);
    });
  });
}
