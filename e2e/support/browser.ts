import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { chromiumPath } from './chromium.ts';

export const screenshotDir = join('test-output', 'screenshots');

// Flags from DESIGN.md: without the background-networking ones Chromium keeps dialing out of a closed network.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  /**
   * Writes `test-output/screenshots/<name>.png` (the whole page unless `fullPage: false`; `clip` cuts a part of
   * it) and answers its path.
   */
  screenshot(
    name: string,
    options?: { fullPage?: boolean; clip?: { x: number; y: number; width: number; height: number } },
  ): Promise<string>;
  close(): Promise<void>;
}

export async function openBrowser(options: { width?: number; height?: number } = {}): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('No Chromium: install the Debian package chromium');
  const userDataDir = mkdtempSync(join(tmpdir(), 'strata-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    args: chromiumArgs,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  mkdirSync(screenshotDir, { recursive: true });
  return {
    context,
    page,
    async screenshot(name, { fullPage = true, clip } = {}) {
      const path = join(screenshotDir, `${name}.png`);
      await page.screenshot({ path, fullPage, clip });
      return path;
    },
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
