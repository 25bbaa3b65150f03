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
    await expect.poll(() => page.getByText('Headers').count()).toBeGreaterThan(0);
    for (const path of ['/transactions', '/assets', '/analytics-value', '/dashboards']) {
      await page.goto(`${workspace.app.baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
  });

  it('renders the OpenAPI UI', async () => {
    const { page } = workspace.browser;
    await page.goto(`${workspace.app.baseUrl}/api/docs`);
    // Swagger UI renders after fetching and parsing the whole document.
    await page.getByText('Strata API').first().waitFor();
    expect(await page.locator('.opblock').count()).toBeGreaterThan(50);
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
});
