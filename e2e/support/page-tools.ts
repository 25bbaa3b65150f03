import type { Locator, Page } from 'playwright-core';

/** Waits for running animations (fading toasts, modals, drawers); a cancelled one has settled all the same. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

/** Chooses `option` in the select labelled `label` inside `scope` (a text option matches whole). */
export async function pick(
  page: Page,
  scope: Locator,
  label: string,
  option: string | RegExp,
): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .first()
    .click();
}

// The transactions list is a Glide grid drawn on a canvas; its accessibility table (role=grid) mirrors the
// visible rows as text. Its header is 36 px high, each row 34 px.
export const GRID = '[data-testid="lazy-grid"]';
export const GRID_HEADER_HEIGHT = 36;
export const GRID_ROW_HEIGHT = 34;

/** The grid's visible rows as [type, date, entry 1, entry 2, description] (the checkbox column dropped). */
export async function gridRows(page: Page): Promise<string[][]> {
  return page
    .locator(`${GRID} table[role="grid"] tbody tr`)
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '').slice(-5)),
    );
}

/** Clicks the grid's row `index` at `x` pixels from its left edge (x 18 is the row's checkbox). */
export async function clickGridRow(page: Page, index: number, x = 300): Promise<void> {
  await page
    .locator(GRID)
    .click({ position: { x, y: GRID_HEADER_HEIGHT + GRID_ROW_HEIGHT * index + GRID_ROW_HEIGHT / 2 } });
}
