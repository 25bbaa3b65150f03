import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callTools,
  say,
  startLoopbackModel,
  type TLoopbackModel,
  toolResultsOf,
} from '../apps/server/src/features/assistant/testing/loopback-model.ts';
import { apiAs } from './support/users.ts';
import { openWorkspace, type TWorkspace } from './support/workspace.ts';

// Issue 26, the AI agent: the user turns it on in Preferences, opens the assistant and asks about dividends;
// a loopback chat-completions server plays the model, the server runs the real income tool.

let model: TLoopbackModel;

beforeAll(async () => {
  model = await startLoopbackModel((request, turn) => {
    if (turn % 2 === 0)
      return callTools({ name: 'income_by_period', arguments: '{"freq":"year","end":"2025-12-31"}' });
    const [income] = toolResultsOf(request) as Array<{ periods: Array<{ total_income: string }> }>;
    return say(`You earned ${income?.periods[0]?.total_income} USD in dividends in 2025.`);
  });
});
afterAll(async () => {
  await model?.close();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  describe(`the assistant at ${viewport.width} px`, () => {
    let workspace: TWorkspace | undefined;

    beforeAll(async () => {
      workspace = await openWorkspace({
        email: `assistant-${viewport.width}.e2e@example.com`,
        name: 'Ada Assistant',
        repository: 'Family',
        viewport,
        env: { AI_BASE_URL: model.baseUrl, AI_MODEL: 'loopback-model' },
      });
      const { app, user, repositoryId } = workspace;
      const assets = (
        await apiAs<{ data: Array<{ id: string; name: string; type: string }> }>(
          app,
          user,
          'GET',
          `/assets?repository_id=${repositoryId}`,
        )
      ).data;
      const find = (type: string, name: string) => assets.find((a) => a.type === type && a.name === name)?.id;
      const tags = await apiAs<Array<{ id: string; tag_name: string; tag_value: string }>>(
        app,
        user,
        'GET',
        `/tags?repository_id=${repositoryId}`,
      );
      const tag = (name: string, value: string) =>
        tags.find((item) => item.tag_name === name && item.tag_value === value)?.id;
      const broker = await apiAs<{ id: string }>(app, user, 'POST', '/assets', {
        repository_id: repositoryId,
        type: 'investment account',
        name: 'Broker',
        currency: 'USD',
        tags: [tag('Category', 'Investments'), tag('Subcategory', 'Brokerage')],
      });
      await apiAs(app, user, 'POST', '/transactions', {
        repository_id: repositoryId,
        type: 'dividend',
        date: '2025-04-15',
        description: 'ACME dividend',
        entries: [
          { account_id: broker.id, asset_id: find('currency', 'US Dollar'), amount: '12.5' },
          {
            account_id: find('income account', 'Cash dividend'),
            asset_id: find('currency', 'US Dollar'),
            amount: '-12.5',
          },
        ],
      });
    }, 240_000);

    afterAll(async () => {
      await workspace?.close();
    });

    it('is turned on in Preferences, then answers a dividends question in its panel', async () => {
      const { app, browser } = workspace as TWorkspace;
      const { page } = browser;
      await page.goto(`${app.baseUrl}/settings`);
      const toggle = page.getByRole('switch', { name: /AI agent/ });
      await toggle.waitFor();
      await page.getByText('Adds the assistant panel').waitFor();
      await toggle.check({ force: true });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Settings saved').first().waitFor();

      await page.goto(`${app.baseUrl}/dashboards`);
      if (viewport.width < 992) {
        await page.getByRole('button', { name: 'Open navigation' }).click();
      }
      await page.getByRole('button', { name: 'Assistant', exact: true }).click();
      const panel = page.getByRole('dialog', { name: /Assistant/ });
      await panel.getByRole('button', { name: 'What did I earn in dividends last year?' }).click();
      await panel.getByText('You earned 12.50 USD in dividends in 2025.').waitFor();
      await panel.getByText('Looked at: income').waitFor();
      await browser.screenshot(`assistant-panel-${viewport.width}`, { fullPage: false });
      // The panel fits the phone: no sideways scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    });
  });
}
