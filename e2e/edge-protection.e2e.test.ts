import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWorkspace, type TWorkspace } from './support/workspace.ts';

/**
 * The built app under its Content-Security-Policy (apps/server/src/plugins/edge-protection.ts): pages with
 * charts, grids and the analytics WebSocket, and the OpenAPI UI, render without one blocked resource.
 */
describe('the app under its security headers', () => {
  let workspace: TWorkspace;
  const violations: string[] = [];

  beforeAll(async () => {
    workspace = await openWorkspace({ email: 'csp@example.com', name: 'Csp', repository: 'Headers' });
    const { page } = workspace.browser;
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
  });
  afterAll(async () => {
    await workspace?.close();
  });

  it('renders the app’s pages with nothing refused', async () => {
    const { page } = workspace.browser;
    const response = await page.goto(`${workspace.app.baseUrl}/dashboards`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByText('Headers').first().waitFor();
    // Each page is waited for by what it shows once its code and data have loaded (the dashboard is titled by the
    // repository; the analytics page is behind the debug-tabs flag, so it is its /404).
    const shown = {
      '/transactions': page.getByRole('heading', { name: 'Smart Transactions' }),
      '/assets': page.getByRole('heading', { name: 'Assets', exact: true }),
      '/analytics-value': page.getByText('Page not found'),
      '/dashboards': page.getByRole('heading', { name: 'Headers' }),
    };
    for (const [path, locator] of Object.entries(shown)) {
      await page.goto(`${workspace.app.baseUrl}${path}`);
      await locator.first().waitFor();
    }
    expect(violations).toEqual([]);
  });

  it('renders the OpenAPI UI', async () => {
    const { page } = workspace.browser;
    await page.goto(`${workspace.app.baseUrl}/api/docs`);
    // Swagger UI renders after fetching and parsing the whole document.
    await page.getByText('Strata API').first().waitFor();
    // Swagger UI draws the operations of a long document as a virtual list (only what is near the viewport), so
    // every tag is checked by scrolling through it: each tag of the document is drawn on the way down.
    const tags = await page.evaluate(async () => {
      const document = (await (await fetch('/api/docs/json')).json()) as {
        paths: Record<string, Record<string, { tags?: string[] }>>;
      };
      const ordered = Object.values(document.paths).flatMap((methods) =>
        Object.values(methods).flatMap((operation) => operation.tags ?? []),
      );
      return [...new Set(ordered)];
    });
    expect(tags.length).toBeGreaterThan(15);
    const drawn = new Set<string>();
    for (let step = 0; step < 200 && drawn.size < tags.length; step += 1) {
      for (const tag of await page
        .locator('h3.opblock-tag')
        .evaluateAll((headings) => headings.map((heading) => heading.getAttribute('data-tag') ?? ''))) {
        drawn.add(tag);
      }
      await page.mouse.wheel(0, 1200);
      await page.waitForTimeout(50);
    }
    expect([...drawn].sort()).toEqual([...tags].sort());
    await expect.poll(() => page.locator('.opblock').count()).toBeGreaterThan(5);
    expect(violations).toEqual([]);
  });
});
