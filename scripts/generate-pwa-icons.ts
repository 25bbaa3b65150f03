/**
 * Renders the PWA icons in apps/web/public from the brand mark (favicon.svg) in headless Chromium, so the PNGs
 * stay the same picture as the favicon. Run once when the mark changes and commit the PNGs:
 *   PATH=$PWD/node_modules/node/bin:$PATH node scripts/generate-pwa-icons.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const publicDir = join(import.meta.dirname, '../apps/web/public');
const mark = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');

// A maskable icon is cropped to a circle of 80% of its side by some launchers: the mark's lines are drawn on a
// full-bleed square, shrunk into that safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#1c7ed6"/><g transform="translate(16 16) scale(0.6) translate(-16 -16)"><path d="M6 22h20M6 16h20M6 10h20" stroke="#fff" stroke-width="3" stroke-linecap="round"/></g></svg>`;

const icons = [
  { file: 'pwa-192x192.png', size: 192, svg: mark },
  { file: 'pwa-512x512.png', size: 512, svg: mark },
  { file: 'maskable-icon-512x512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon-180x180.png', size: 180, svg: maskable },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img style="display:block;width:${icon.size}px;height:${icon.size}px" src="data:image/svg+xml;base64,${Buffer.from(icon.svg).toString('base64')}"></body></html>`,
    );
    await page.screenshot({ path: join(publicDir, icon.file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
