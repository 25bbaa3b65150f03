import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from './support/users.ts';
import { openWorkspace, type TWorkspace } from './support/workspace.ts';

// Issue 19, item 4: Meta+K / Ctrl+K opens global search; the keyboard alone finds and opens an item.
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  describe(`global search at ${viewport.width} px`, () => {
    let workspace: TWorkspace | undefined;
    let stockId = '';

    beforeAll(async () => {
      workspace = await openWorkspace({
        email: `search-${viewport.width}.e2e@example.com`,
        name: 'Sam Search',
        repository: 'Searched',
        viewport,
      });
      const { app, user, repositoryId } = workspace;
      const create = (name: string, ticker: string) =>
        apiAs<{ id: string }>(app, user, 'POST', '/assets', {
          repository_id: repositoryId,
          type: 'stock',
          name,
          ticker,
          currency: 'USD',
        });
      stockId = (await create('Northwind Shipping', 'NWND')).id;
      await create('Northwind Rail', 'NWRL');
    });

    afterAll(async () => {
      await workspace?.close();
    });

    it('finds the assets, moves with the arrows and opens one with Enter', async () => {
      const { app, browser } = workspace as TWorkspace;
      const { page } = browser;
      await page.goto(`${app.baseUrl}/dashboards`);
      await page.getByRole('button', { name: 'Search' }).first().waitFor();
      await page.keyboard.press('ControlOrMeta+k');
      const dialog = page.getByRole('dialog', { name: 'Search' });
      const input = dialog.getByRole('combobox', { name: 'Search' });
      await input.fill('northwind');
      await dialog.getByRole('option', { name: /Northwind Shipping/ }).waitFor();
      await dialog.getByText('Assets').waitFor();
      await browser.screenshot(`search-dialog-${viewport.width}`, { fullPage: false });
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      // Two results wrap: back on the first (by name, 'Northwind Rail' then 'Northwind Shipping').
      expect(await dialog.locator('[role="option"][aria-selected="true"]').textContent()).toContain(
        'Northwind Rail',
      );
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL(new RegExp(`/assets/${stockId}$`));
      expect(await dialog.count()).toBe(0);
    });

    it("says 'Nothing found', and Escape closes the dialog", async () => {
      const { app, browser } = workspace as TWorkspace;
      const { page } = browser;
      await page.goto(`${app.baseUrl}/dashboards`);
      await page.getByRole('button', { name: 'Search' }).first().waitFor();
      await page.keyboard.press('ControlOrMeta+k');
      const dialog = page.getByRole('dialog', { name: 'Search' });
      await dialog.getByRole('combobox', { name: 'Search' }).fill('no such thing');
      await dialog.getByText('Nothing found').waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
    });
  });
}
