import { copyFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';

// The e2e journeys screenshot into test-output/ (ignored by git). The few screenshots the docs show are copied
// into docs/screenshots only on purpose — `npm run docs:screenshots` (scripts/docs-screenshots.ts) sets this
// flag — so an ordinary test run never changes a tracked file.
export const DOCS_SCREENSHOTS_FLAG = 'STRATA_DOCS_SCREENSHOTS';
export const DOCS_SCREENSHOT_DIR = join('docs', 'screenshots');

/** The screenshots the docs show, by name (`<name>.png`); nothing else is written to docs/screenshots. */
export const DOCS_SCREENSHOTS = [
  'asset-drawer',
  'asset-thumbnail',
  'dashboard-all-widgets-1280',
  'dashboard-desktop',
  'dashboard-mobile',
  'dashboard-phone-390',
  'linked-connectors-1280',
  'linked-connectors-390',
  'linked-pivot-1280',
  'linked-pivot-390',
  'linked-positions-1280',
  'linked-positions-390',
  'linked-widgets-1280',
  'linked-source-view-390',
  'linked-transactions-1280',
  'linked-transactions-390',
  'transactions-desktop',
  'transactions-form',
  'linked-grid-paste-1280',
  'linked-grid-edited-390',
  'connect-chooser-1280',
  'connectors-live-1280',
  'connectors-live-390',
  'connect-consent-390',
  'connectors-reconnect-1280',
  'gocardless-bank-picker-1280',
  'gocardless-linked-1280',
  'gocardless-bank-picker-390',
  'gocardless-callback-refused-390',
  'cap-table-authorize-1280',
  'cap-table-linked-1280',
  'cap-table-linked-390',
] as const;

export type TDocsScreenshot = (typeof DOCS_SCREENSHOTS)[number];

/** Copies a screenshot taken into test-output/ to docs/screenshots when the docs' screenshots are being made. */
export function keepForDocs(path: string): void {
  if (process.env[DOCS_SCREENSHOTS_FLAG] !== '1') return;
  const name = basename(path, '.png');
  if (!(DOCS_SCREENSHOTS as readonly string[]).includes(name)) {
    throw new Error(`${name}.png is not one the docs show (e2e/support/docs-screenshots.ts)`);
  }
  mkdirSync(DOCS_SCREENSHOT_DIR, { recursive: true });
  copyFileSync(path, join(DOCS_SCREENSHOT_DIR, `${name}.png`));
}
