import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepForDocs } from './support/docs-screenshots.ts';
import { GRID, GRID_HEADER_HEIGHT, GRID_ROW_HEIGHT, pick, settle } from './support/page-tools.ts';
import { apiAs } from './support/users.ts';
import { openWorkspace, type TWorkspace } from './support/workspace.ts';

// Issue 23: an investment statement from the corpus goes in through the OFX/QFX import dialog; its positions
// show in /linked-positions (search, 'Source view'), its transactions pivot by month and type, and the two
// linked dashboard widgets show the same data. At 1280 and 390 px.
//
// fidelity.ofx (jseutter/ofxparse), worked out by hand from the file:
// - 6 positions as of 2012-09-08, all holding more than 0 units: CLCT 70.573 = 1,010.60, HI 115 = 2,176.95,
//   INTC 100.911 = 2,441.03, RHT 50 = 2,957.50, SDRL 128 = 5,231.36, XIN 390.909 = 1,102.36.
// - 17 transactions (type: month → TOTAL or TRNAMT):
//   BUYSTOCK  7: -2,571.45 -5,049.99 -1,991.70 -1,006.37 -1,007.19 = -11,626.70; 8: -14.47 -22.43 = -36.90; 9: -22.50
//   DEP       7: 0.24; 8: 0.16                     INCOME 7: 5.53; 8: 15.44 + 22.43 = 37.87; 9: 22.50
//   OTHER     8: -0.97                             SELLSTOCK 7: 1,089.30; 8: 4.80
//   months: 7 = -11,626.70 + 0.24 + 5.53 + 1,089.30 = -10,531.63; 8 = -36.90 + 0.16 + 37.87 - 0.97 + 4.80 = 4.96;
//   9 = -22.50 + 22.50 = 0; all -10,526.67.

const FIDELITY = join(
  import.meta.dirname,
  '..',
  '..',
  'shared',
  'corpus',
  'ofx',
  'jseutter-ofxparse',
  'fidelity.ofx',
);

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });

async function gridTexts(page: Page): Promise<string[]> {
  return page
    .locator(`${GRID} table[role="grid"] tbody tr`)
    .evaluateAll((rows) => rows.map((row) => (row.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

/** The pivot table's rows as their cells' text, joined by '|'. */
async function pivotRows(page: Page, scope = page.locator('body')): Promise<string[]> {
  return scope
    .getByTestId('linked-pivot-table')
    .locator('tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th,td')].map((cell) => cell.textContent ?? '').join('|')),
    );
}

const BY_MONTH = [
  'Month|(empty)|Total',
  '7|-10,531.63|-10,531.63',
  '8|4.96|4.96',
  '9|0.00|0.00',
  'Total|-10,526.67|-10,526.67',
];

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  describe(`linked positions, the pivot and the linked widgets at ${viewport.width} px`, () => {
    let workspace: TWorkspace | undefined;

    beforeAll(async () => {
      workspace = await openWorkspace({
        email: `linked-positions-${viewport.width}.e2e@example.com`,
        name: 'Pia Pivot',
        repository: 'Brokerage',
        viewport,
      });
    });

    afterAll(async () => {
      await workspace?.close();
    });

    it('imports an investment statement through the OFX/QFX dialog', async () => {
      const { app, browser } = workspace as TWorkspace;
      const { page } = browser;
      await page.goto(`${app.baseUrl}/connectors`);
      await page.getByRole('button', { name: 'Import OFX/QFX file' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import OFX/QFX file' });
      await dialog.locator('input[type="file"]').setInputFiles(FIDELITY);
      await dialog.getByRole('button', { name: 'Import' }).click();
      const result = dialog.getByTestId('import-result');
      await result.waitFor({ timeout: 60_000 });
      expect(await result.textContent()).toContain('17 added, 0 skipped as duplicates, 0 failed');
    });

    it('lists the positions, searches them and opens one as JSON data', async () => {
      const { app, browser } = workspace as TWorkspace;
      const { page } = browser;
      await page.goto(`${app.baseUrl}/linked-positions`);
      await page.getByPlaceholder('Search positions...').waitFor();
      await poll(async () => (await gridTexts(page)).length).toBe(6);
      expect(await page.getByLabel('Rows').textContent()).toBe('6 rows');
      const rows = await gridTexts(page);
      // One as-of date: by the security's name.
      expect(rows[0]).toContain('COLLECTORS UNIVERSE INC');
      expect(rows[5]).toContain('XINYUAN REAL ESTATE');
      if (viewport.width === 1280) {
        expect(rows[0]).toContain('CLCT');
        expect(rows[0]).toContain('70.573');
        expect(rows[0]).toContain('1,010.60');
        expect(rows[4]).toContain('5,231.36');
      }
      await settle(page);
      const shot = await browser.screenshot(`linked-positions-${viewport.width}`, { fullPage: false });
      keepForDocs(shot);

      await page.getByPlaceholder('Search positions...').fill('intel');
      await page.getByPlaceholder('Search positions...').press('Enter');
      await poll(async () => (await gridTexts(page)).length).toBe(1);
      expect((await gridTexts(page))[0]).toContain('INTEL CORP');

      // No product transaction is mapped yet: the menu has 'Source view' only.
      await page.locator(GRID).click({ position: { x: 40, y: GRID_HEADER_HEIGHT + GRID_ROW_HEIGHT / 2 } });
      const menu = page.getByRole('menu');
      await menu.getByRole('menuitem', { name: 'Source view' }).waitFor();
      expect(await menu.getByRole('menuitem', { name: 'View Transaction' }).count()).toBe(0);
      await menu.getByRole('menuitem', { name: 'Source view' }).click();
      const panel = page.getByRole('dialog', { name: 'JSON data' });
      await panel.getByTestId('json-data').waitFor();
      const json = await panel.getByTestId('json-data').textContent();
      expect(json).toContain('458140100');
      expect(json).toContain('2441.03');
      await settle(page);
      await browser.screenshot(`linked-position-source-${viewport.width}`, { fullPage: false });
      await page.keyboard.press('Escape');
    });

    it("opens the linked account's positions from the repository account it was made into", async () => {
      const { app, browser, user, repositoryId } = workspace as TWorkspace;
      const { page } = browser;
      const [linked] = await apiAs<Array<{ id: string }>>(
        app,
        user,
        'GET',
        `/linked_data/accounts?repository_id=${repositoryId}`,
      );
      const tags = await apiAs<Array<{ id: string; tag_name: string; tag_value: string }>>(
        app,
        user,
        'GET',
        `/tags?repository_id=${repositoryId}`,
      );
      const tag = (name: string, value: string) =>
        tags.find((item) => item.tag_name === name && item.tag_value === value)?.id;
      const { asset } = await apiAs<{ asset: { id: string; name: string } }>(
        app,
        user,
        'PUT',
        '/linked_data/accounts/repository_link',
        {
          id: linked?.id,
          asset: {
            type: 'investment account',
            name: 'Fidelity brokerage',
            tags: [tag('Category', 'Investments'), tag('Subcategory', 'Brokerage')],
          },
        },
      );
      await page.goto(`${app.baseUrl}/assets/${asset.id}`);
      await page.getByRole('button', { name: 'Open linked data' }).waitFor();
      await settle(page);
      await browser.screenshot(`account-linked-status-${viewport.width}`, { fullPage: false });
      await page.getByRole('button', { name: 'Open linked data' }).click();
      // The panel opens over the account's drawer, titled alike (name · type, linked seed §2): the top one.
      const panel = page.getByRole('dialog', { name: /Fidelity brokerage · investment account/ }).last();
      await panel.getByRole('button', { name: 'Minimise' }).waitFor();
      await panel.getByRole('tab', { name: 'Positions' }).click();
      await poll(() => panel.getByLabel('Rows').textContent()).toBe('6 rows');
      await settle(page);
      await browser.screenshot(`account-panel-positions-${viewport.width}`, { fullPage: false });
      await page.keyboard.press('Escape');
    });

    it('pivots the linked transactions by month, then by type and month', async () => {
      const { app, browser } = workspace as TWorkspace;
      const { page } = browser;
      await page.goto(`${app.baseUrl}/linked-transactions`);
      // Mantine's segmented control hides its radios under their labels.
      await page
        .locator('label')
        .filter({ hasText: /^Pivot$/ })
        .click();
      await page.waitForURL(/view=pivot/);
      // The default: month × category, sums. A statement names no categories: one '(empty)' column.
      await poll(() => pivotRows(page)).toEqual(BY_MONTH);

      await pick(page, page.locator('main'), 'Rows', 'Transaction type');
      await pick(page, page.locator('main'), 'Columns', 'Month');
      await poll(() => pivotRows(page)).toEqual([
        'Transaction type|7|8|9|Total',
        'BUYSTOCK|-11,626.70|-36.90|-22.50|-11,686.10',
        'DEP|0.24|0.16||0.40',
        'INCOME|5.53|37.87|22.50|65.90',
        'OTHER||-0.97||-0.97',
        'SELLSTOCK|1,089.30|4.80||1,094.10',
        'Total|-10,531.63|4.96|0.00|-10,526.67',
      ]);
      expect(new URL(page.url()).searchParams.get('rows')).toBe('type');

      await pick(page, page.locator('main'), 'Values', 'Count');
      await poll(() => pivotRows(page)).toEqual([
        'Transaction type|7|8|9|Total',
        'BUYSTOCK|5|2|1|8',
        'DEP|1|1||2',
        'INCOME|1|2|1|4',
        'OTHER||1||1',
        'SELLSTOCK|1|1||2',
        // 7: 5 + 1 + 1 + 1 = 8; 8: 2 + 1 + 2 + 1 + 1 = 7; 9: 1 + 1 = 2; 17 in all.
        'Total|8|7|2|17',
      ]);
      await settle(page);
      const shot = await browser.screenshot(`linked-pivot-${viewport.width}`, { fullPage: false });
      keepForDocs(shot);
    });

    it('adds the Linked Transactions and Linked Transactions Pivot widgets to a dashboard', async () => {
      const { app, browser } = workspace as TWorkspace;
      const { page } = browser;
      await page.goto(`${app.baseUrl}/dashboards`);
      await page.getByRole('button', { name: 'Edit dashboard' }).click();
      await page.getByRole('button', { name: 'New dashboard' }).click();
      await page.getByLabel('Name').fill('Linked');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(/\/dashboards\/linked$/);
      await page.getByRole('button', { name: 'Edit dashboard' }).click();
      for (const kind of ['Linked Transactions Pivot', 'Linked Transactions']) {
        await page.getByRole('button', { name: 'Add widget' }).click();
        await page.getByLabel(`Add ${kind}`, { exact: true }).click();
        // Widgets are drawn once the board's analytics are computed (slow on a busy machine).
        await page.locator(`[data-widget-kind="${kind}"]`).waitFor({ timeout: 90_000 });
      }
      await page.getByRole('button', { name: 'Done' }).click();

      const pivot = page.getByRole('region', { name: 'Linked Transactions Pivot', exact: true });
      await pivot.getByTestId('linked-pivot-table').waitFor({ timeout: 60_000 });
      await poll(() => pivotRows(page, pivot)).toEqual(BY_MONTH);
      const list = page.getByRole('region', { name: 'Linked Transactions', exact: true });
      const preview = list.getByTestId('linked-transactions-preview');
      await preview.waitFor();
      // Newest first: 2012-09-01 (the INTC reinvested dividend's buy and income, -22.50 and 22.50).
      expect(await preview.locator('tbody tr').first().textContent()).toContain('2012-09-01');
      expect(await list.getByText('8 of 17').count()).toBe(1);
      await settle(page);
      const shot = await browser.screenshot(`linked-widgets-${viewport.width}`, { fullPage: false });
      if (viewport.width === 1280) keepForDocs(shot);
    });
  });
}
