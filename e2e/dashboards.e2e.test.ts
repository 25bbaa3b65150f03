import { WIDGET_KINDS } from '@strata/core/dashboards/widget-kinds';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app-server.ts';
import { type Browser, openBrowser } from './support/browser.ts';
import { keepForDocs } from './support/docs-screenshots.ts';
import { apiAs, signInBrowser, signInUser, type TE2eUser } from './support/users.ts';

const DEMO = { email: 'demo@example.com', password: 'demo-password-1' };

async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

/** Numbers shown by a widget, unrounded (its root's data-values). */
async function shownValues<T>(widget: Locator): Promise<T> {
  return JSON.parse((await widget.getAttribute('data-values')) ?? 'null') as T;
}

interface TValueRow {
  scope_kind: string;
  scope_id: string;
  scope_name: string;
  period: number;
  end: string;
  value_start: number | null;
  value_end: number | null;
  net_flows: number | null;
  income: number | null;
  expenses: number | null;
  market_change: number | null;
}
interface TIncomeRow {
  scope_kind: string;
  scope_id: string;
  period: number;
  end: string;
  category: string;
  kind: 'income' | 'expense';
  amount: number | null;
}
interface TResult {
  currency: string;
  value_view: TValueRow[];
  income_view: TIncomeRow[];
  irr_moic_view: Array<{
    scope_kind: string;
    scope_id: string;
    period: number;
    irr: number | null;
    moic: number | null;
  }>;
  performance_view: Array<{ scope_kind: string; scope_name: string; end: string; twr: number | null }>;
  commitments_view: Array<{
    asset_id: string | null;
    commitment: number;
    called: number;
    nav: number | null;
  }>;
  tree_view: Array<{
    node_kind: string;
    account_id: string | null;
    parent_id: string | null;
    node_id: string;
  }>;
}

const sum = (values: Array<number | null>) =>
  values.reduce<number>((total, value) => total + (value ?? Number.NaN), 0);

/** Sets the timeline through its controls: 12 months ending today. */
async function twelveMonths(page: Page): Promise<void> {
  const timeline = page.getByRole('group', { name: 'Timeline' });
  await timeline.getByText('Month', { exact: true }).click();
  await timeline.getByLabel('Periods').fill('12');
  await timeline.getByLabel('Periods').blur();
}

/** Waits until the board shows the answer of the current request (no compute in flight). */
async function settledBoard(page: Page, points: number): Promise<void> {
  await page.waitForFunction(
    (count) => {
      if (document.querySelector('[aria-label="Analytics progress"]')) return false;
      const bars = document.querySelector('[data-testid="widget-value-history-bars"]');
      if (!bars) return true;
      const values = JSON.parse(bars.getAttribute('data-values') ?? '[]') as unknown[];
      return values.length === count;
    },
    points,
    { timeout: 60_000 },
  );
}

describe('dashboards on the demo repository', () => {
  let app: RunningApp;
  let browser: Browser;
  let user: TE2eUser;

  beforeAll(async () => {
    app = await startApp(
      {},
      {
        adminCommands: [
          [
            'seed-demo',
            '--email',
            DEMO.email,
            '--password',
            DEMO.password,
            '--today',
            new Date().toISOString().slice(0, 10),
          ],
        ],
      },
    );
    user = await signInUser(app, DEMO.email, DEMO.password);
    browser = await openBrowser();
    await signInBrowser(browser.context, app, user);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the desktop overview with the numbers of the analytics API', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.baseUrl}/dashboards`);
    const snapshot = page.getByLabel('Value Change Snapshot');
    await snapshot
      .getByText(/^Value on /)
      .first()
      .waitFor({ timeout: 60_000 });
    await settle(page);
    await browser.screenshot('dashboard-overview');

    const repositories = await apiAs<Array<{ id: string }>>(app, user, 'GET', '/repositories');
    const answer = await apiAs<{
      result: { value_view: Array<{ scope_kind: string; period: number; value_end: number }> };
    }>(
      app,
      user,
      'GET',
      `/repositories/${repositories[0]?.id}/analytics?periods=12&freq=month&datasets=value_view`,
    );
    const rows = answer.result.value_view.filter((row) => row.scope_kind === 'repository');
    const last = rows.reduce((a, b) => (a.period > b.period ? a : b));
    const shown = await snapshot.locator('[data-value]').last().getAttribute('data-value');
    expect(Number(shown)).toBeCloseTo(last.value_end, 6);
    expect(await page.getByLabel('IRR and MOIC').getByText('Repository').count()).toBe(1);
  });

  it('shows the mobile overview at phone width', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/dashboards`);
    await page
      .getByLabel('Value Change Snapshot')
      .getByText(/^Value on /)
      .first()
      .waitFor({ timeout: 60_000 });
    // The timeline is one folded line on a phone, and the seed's one-day default says what it shows.
    const summary = page.getByRole('button', { name: /^Timeline: / });
    expect(await summary.getAttribute('aria-label')).toBe('Timeline: Today · daily · USD');
    expect(await summary.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('group', { name: 'Timeline' }).isVisible()).toBe(false);
    await page.getByRole('note', { name: 'One-day timeline' }).waitFor();
    await settle(page);
    keepForDocs(await browser.screenshot('dashboard-mobile'));
    const widths = await page
      .locator('[data-testid^="widget-"]')
      .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().width));
    expect(widths.length).toBeGreaterThan(0);
    // Mobile widgets take the full width of the 4-column grid.
    expect(Math.min(...widths)).toBeGreaterThan(300);
  });

  it('builds a desktop dashboard with every widget kind whose numbers equal the analytics API', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    // The aggregator's callback parameters are dropped on first load.
    await page.goto(`${app.baseUrl}/dashboards?code=abc&state=xyz`);
    await page.waitForURL((url) => !url.search.includes('code='));
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('button', { name: 'Edit dashboard' }).click();
    await page.getByRole('button', { name: 'New dashboard' }).click();
    await page.getByLabel('Name').fill('Everything');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/dashboards\/everything$/);
    await page.getByRole('button', { name: 'Edit dashboard' }).click();
    // Every kind, in an order that reads well: summaries first, then the wide tables and pivots.
    const order = [
      'Section Delimiter',
      'Value Change Snapshot',
      'Value Pie',
      'Accounts By Type',
      'Value History Bars',
      'Income Change Snapshot',
      'IRR and MOIC',
      'Income History Bars',
      'Income Table',
      'Value Table',
      'Value Pivot',
      'Income Pivot',
      'Performance Pivot',
      'Commitments',
      'Linked Transactions',
      'Linked Transactions Pivot',
    ];
    expect([...order].sort()).toEqual(WIDGET_KINDS.map((kind) => kind.kind).sort());
    for (const [index, kind] of order.entries()) {
      await page.getByRole('button', { name: 'Add widget' }).click();
      await page.getByLabel(`Add ${kind}`, { exact: true }).click();
      await page.locator('[data-widget-kind]').nth(index).waitFor();
    }
    await twelveMonths(page);

    // Editing: widths, a title, one move up.
    await page.getByLabel('Width of Value History Bars', { exact: true }).selectOption('12');
    await page.getByLabel('Width of Income History Bars', { exact: true }).selectOption('12');
    await page.getByLabel('Width of Income Change Snapshot', { exact: true }).selectOption('6');
    await page.getByLabel('Settings of Value Table', { exact: true }).click();
    await page.getByRole('dialog').getByLabel('Title').fill('Accounts table');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByLabel('Move Accounts table up', { exact: true }).click();
    await page.getByRole('button', { name: 'Done' }).click();

    const repositories = await apiAs<Array<{ id: string }>>(app, user, 'GET', '/repositories');
    const repositoryId = repositories[0]?.id;
    // What the dashboard saved: every kind, the edits, a layout inside the 12 columns.
    const views = await apiAs<
      Array<{
        slug: string;
        type: string;
        widgets: Array<{
          kind: string;
          layout: { x: number; y: number; w: number };
          settings: Record<string, unknown>;
        }>;
      }>
    >(app, user, 'GET', `/dashboard_views?repository_id=${repositoryId}&type=desktop`);
    const saved = views.find((view) => view.slug === 'everything');
    expect(saved?.widgets.map((widget) => widget.kind).sort()).toEqual(
      WIDGET_KINDS.map((kind) => kind.kind).sort(),
    );
    const savedOrder = [...(saved?.widgets ?? [])]
      .sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x)
      .map((widget) => widget.kind);
    expect(savedOrder.indexOf('Value Table')).toBe(order.indexOf('Income Table'));
    expect(saved?.widgets.find((widget) => widget.kind === 'Value Table')?.settings.title).toBe(
      'Accounts table',
    );
    expect(saved?.widgets.find((widget) => widget.kind === 'Income Change Snapshot')?.layout.w).toBe(6);
    for (const widget of saved?.widgets ?? [])
      expect(widget.layout.x + widget.layout.w).toBeLessThanOrEqual(12);

    await settledBoard(page, 12);
    expect(await page.locator('[data-analytics-transport]').getAttribute('data-analytics-transport')).toBe(
      'socket',
    );
    const datasets = 'commitments_view,income_view,irr_moic_view,performance_view,tree_view,value_view';
    const answer = await apiAs<{ status: string; result: TResult }>(
      app,
      user,
      'GET',
      `/repositories/${repositoryId}/analytics?periods=12&freq=month&include_end=true&datasets=${datasets}`,
    );
    expect(answer.status).toBe('done');
    const result = answer.result;
    const repo = result.value_view
      .filter((row) => row.scope_kind === 'repository')
      .sort((a, b) => a.period - b.period);
    expect(repo).toHaveLength(12);
    const first = repo[0] as TValueRow;
    const last = repo.at(-1) as TValueRow;
    const accountEnd = (id: string) =>
      result.value_view.find(
        (row) => row.scope_kind === 'account' && row.scope_id === id && row.period === last.period,
      )?.value_end;
    const widget = (code: string) => page.getByTestId(`widget-${code}`);

    const snapshot = await shownValues<Record<string, number>>(widget('value-change-snapshot'));
    expect(snapshot.value_start).toBeCloseTo(first.value_start as number, 6);
    expect(snapshot.value_end).toBeCloseTo(last.value_end as number, 6);
    expect(snapshot.net_flows).toBeCloseTo(sum(repo.map((row) => row.net_flows)), 6);
    expect(snapshot.income).toBeCloseTo(sum(repo.map((row) => row.income)), 6);
    expect(snapshot.market_change).toBeCloseTo(sum(repo.map((row) => row.market_change)), 6);

    const table = await shownValues<{
      rows: Array<{ id: string; value_end: number }>;
      total: { value_end: number; net_flows: number };
    }>(widget('value-table'));
    expect(table.total.value_end).toBeCloseTo(last.value_end as number, 6);
    expect(table.total.net_flows).toBeCloseTo(sum(repo.map((row) => row.net_flows)), 6);
    expect(table.rows.length).toBeGreaterThan(1);
    for (const row of table.rows) expect(row.value_end).toBeCloseTo(accountEnd(row.id) as number, 6);
    await expect.poll(() => widget('value-table').getAttribute('aria-label')).toBe('Accounts table');

    const pie = await shownValues<{ total: number; slices: Array<{ id: string; value: number }> }>(
      widget('value-pie'),
    );
    expect(pie.total).toBeCloseTo(last.value_end as number, 4);
    for (const slice of pie.slices) expect(slice.value).toBeCloseTo(accountEnd(slice.id) as number, 6);
    const byType = await shownValues<{ total: number; slices: Array<{ id: string }> }>(
      widget('accounts-by-type'),
    );
    expect(byType.total).toBeCloseTo(last.value_end as number, 4);
    expect(byType.slices.map((slice) => slice.id)).not.toContain('Other');

    const bars = await shownValues<Array<{ period: string; value: number }>>(widget('value-history-bars'));
    expect(bars.map((point) => point.period)).toEqual(repo.map((row) => row.end));
    for (const [index, point] of bars.entries()) {
      expect(point.value).toBeCloseTo(repo[index]?.value_end as number, 6);
    }

    const valuePivot = await shownValues<{
      rows: string[];
      columns: string[];
      cells: Array<Array<number | null>>;
    }>(widget('value-pivot'));
    expect(valuePivot.columns).toEqual(repo.map((row) => row.end));
    for (const [r, name] of valuePivot.rows.entries()) {
      for (const [c, end] of valuePivot.columns.entries()) {
        const row = result.value_view.find(
          (item) => item.scope_kind === 'account' && item.scope_name === name && item.end === end,
        );
        expect(valuePivot.cells[r]?.[c]).toBeCloseTo(row?.value_end as number, 6);
      }
    }

    const repoIncome = result.income_view.filter((row) => row.scope_kind === 'repository');
    const incomeTable = await shownValues<{ income: number; expenses: number; net: number }>(
      widget('income-table'),
    );
    expect(incomeTable.net).toBeCloseTo(sum(repoIncome.map((row) => row.amount)), 6);
    expect(incomeTable.income).toBeCloseTo(
      sum(repoIncome.filter((row) => row.kind === 'income').map((row) => row.amount)),
      6,
    );
    const lastEnd = last.end;
    const change = await shownValues<{ lines: Array<{ category: string; amount: number }> }>(
      widget('income-change-snapshot'),
    );
    for (const line of change.lines) {
      const expected = sum(
        repoIncome
          .filter((row) => row.end === lastEnd && row.category === line.category)
          .map((row) => row.amount),
      );
      expect(line.amount).toBeCloseTo(expected, 6);
    }
    const incomeBars = await shownValues<Array<Record<string, number | string>>>(
      widget('income-history-bars'),
    );
    expect(incomeBars.map((point) => point.period)).toEqual(repo.map((row) => row.end));
    for (const point of incomeBars) {
      for (const [category, amount] of Object.entries(point)) {
        if (category === 'period') continue;
        const expected = sum(
          repoIncome
            .filter((row) => row.end === point.period && row.category === category)
            .map((row) => row.amount),
        );
        expect(amount).toBeCloseTo(expected, 6);
      }
    }
    const incomePivot = await shownValues<{ total: number }>(widget('income-pivot'));
    expect(incomePivot.total).toBeCloseTo(sum(repoIncome.map((row) => row.amount)), 6);

    const irr = await shownValues<Array<{ id: string; irr: number | null; moic: number | null }>>(
      widget('irr-and-moic'),
    );
    const irrRepo = result.irr_moic_view.find((row) => row.scope_kind === 'repository' && row.period === -1);
    expect(irr[0]?.id).toBe('repository');
    expect(irr[0]?.moic).toBeCloseTo(irrRepo?.moic as number, 9);
    if (irrRepo?.irr === null) expect(irr[0]?.irr).toBeNull();
    else expect(irr[0]?.irr).toBeCloseTo(irrRepo?.irr as number, 9);

    const commitments = await shownValues<
      Array<{ asset_id: string | null; commitment: number; nav: number | null }>
    >(widget('commitments'));
    expect(commitments.length).toBe(result.commitments_view.length);
    for (const row of commitments) {
      const expected = result.commitments_view.find((item) => item.asset_id === row.asset_id);
      expect(row.commitment).toBeCloseTo(expected?.commitment as number, 6);
    }

    const performance = await shownValues<{
      rows: string[];
      columns: string[];
      cells: Array<Array<number | null>>;
    }>(widget('performance-pivot'));
    const repoName = result.performance_view.find((row) => row.scope_kind === 'repository')?.scope_name;
    const repoRow = performance.rows.indexOf(repoName as string);
    expect(repoRow).toBeGreaterThanOrEqual(0);
    performance.columns.forEach((end, c) => {
      const expected = result.performance_view.find(
        (row) => row.scope_kind === 'repository' && row.end === end,
      )?.twr;
      if (expected === null || expected === undefined) expect(performance.cells[repoRow]?.[c]).toBeNull();
      else expect(performance.cells[repoRow]?.[c]).toBeCloseTo(expected, 9);
    });

    await expect.poll(() => widget('section-delimiter').textContent()).toContain('Section');
    // The linked widgets are real now (issue 23): a repository without linked data shows their empty states.
    await expect
      .poll(() => widget('linked-transactions').textContent())
      .toContain('No linked transactions yet');
    await expect
      .poll(() => widget('linked-transactions-pivot').textContent())
      .toContain('No linked transactions for this pivot');

    await settle(page);
    keepForDocs(await browser.screenshot('dashboard-all-widgets-1280'));
    // The README's picture: the top of the same page.
    keepForDocs(
      await browser.screenshot('dashboard-desktop', { clip: { x: 0, y: 0, width: 1280, height: 1028 } }),
    );
  });

  it('builds a phone dashboard with three widgets', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/dashboards`);
    await page.getByRole('button', { name: 'Edit dashboard' }).click();
    await page.getByRole('button', { name: 'New dashboard' }).click();
    await page.getByLabel('Name').fill('Pocket');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/dashboards\/pocket$/);
    await page.getByRole('button', { name: 'Edit dashboard' }).click();
    const kinds = ['Value Change Snapshot', 'Value Pie', 'Income Table'];
    for (const [index, kind] of kinds.entries()) {
      await page.getByRole('button', { name: 'Add widget' }).click();
      await page.getByLabel(`Add ${kind}`, { exact: true }).click();
      await page.locator('[data-widget-kind]').nth(index).waitFor();
    }
    await page.getByRole('button', { name: 'Done' }).click();
    await settledBoard(page, 0);
    await page.getByTestId('widget-income-table').waitFor();

    const repositories = await apiAs<Array<{ id: string }>>(app, user, 'GET', '/repositories');
    const answer = await apiAs<{ result: TResult }>(
      app,
      user,
      'GET',
      `/repositories/${repositories[0]?.id}/analytics?periods=12&freq=month&datasets=income_view,tree_view,value_view`,
    );
    const repo = answer.result.value_view
      .filter((row) => row.scope_kind === 'repository')
      .sort((a, b) => a.period - b.period);
    const snapshot = await shownValues<Record<string, number>>(
      page.getByTestId('widget-value-change-snapshot'),
    );
    expect(snapshot.value_end).toBeCloseTo(repo.at(-1)?.value_end as number, 6);
    const pie = await shownValues<{ total: number }>(page.getByTestId('widget-value-pie'));
    expect(pie.total).toBeCloseTo(repo.at(-1)?.value_end as number, 4);
    const income = await shownValues<{ net: number }>(page.getByTestId('widget-income-table'));
    expect(income.net).toBeCloseTo(
      sum(
        answer.result.income_view.filter((row) => row.scope_kind === 'repository').map((row) => row.amount),
      ),
      6,
    );
    const cards = page.locator('[data-widget-kind]');
    expect(await cards.count()).toBe(3);
    const boxes = await cards.evaluateAll((items) => items.map((item) => item.getBoundingClientRect()));
    for (const box of boxes) {
      expect(box.width).toBeGreaterThan(300);
      expect(box.right).toBeLessThanOrEqual(390);
    }
    await settle(page);
    keepForDocs(await browser.screenshot('dashboard-phone-390'));
  });

  it('opens the analytics pages only with the debug-tabs flag, with drill-down', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.baseUrl}/analytics-value`);
    await page.waitForURL(/\/404$/);

    // The user turns the analytics pages on in Settings; the Analytics menu appears with them.
    await page.goto(`${app.baseUrl}/settings`);
    await page.getByRole('switch', { name: /Analytics pages/ }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Settings saved').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Analytics' }).waitFor();
    await page.goto(`${app.baseUrl}/analytics-value`);
    await page.getByRole('heading', { name: 'Value', exact: true }).waitFor();
    const repositories = await apiAs<Array<{ id: string; name: string }>>(app, user, 'GET', '/repositories');
    const answer = await apiAs<{ result: TResult }>(
      app,
      user,
      'GET',
      `/repositories/${repositories[0]?.id}/analytics?periods=12&freq=month&datasets=tree_view,value_view`,
    );
    const repo = answer.result.value_view
      .filter((row) => row.scope_kind === 'repository')
      .sort((a, b) => a.period - b.period);
    const summary = page.getByRole('table', { name: /^Value of / });
    await summary.waitFor({ timeout: 60_000 });
    const firstRowEnd = await summary
      .locator('tbody tr')
      .first()
      .locator('td[data-value]')
      .last()
      .getAttribute('data-value');
    expect(Number(firstRowEnd)).toBeCloseTo(repo.at(-1)?.value_end as number, 6);

    // Drill into the first account, then one of its assets.
    const open = summary.getByRole('button', { name: /^Open / }).first();
    const accountName = ((await open.getAttribute('aria-label')) ?? '').replace(/^Open /, '');
    await open.click();
    await page.getByRole('table', { name: `Value of ${accountName}` }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Drill-down' }).textContent()).toContain(accountName);
    const account = answer.result.tree_view.find(
      (node) =>
        node.node_kind === 'account' && node.node_id === new URL(page.url()).searchParams.get('drill'),
    );
    const accountRows = answer.result.value_view
      .filter((row) => row.scope_kind === 'account' && row.scope_id === account?.account_id)
      .sort((a, b) => a.period - b.period);
    const shownEnd = await page
      .getByRole('table', { name: `Value of ${accountName}` })
      .locator('tbody tr')
      .first()
      .locator('td[data-value]')
      .last()
      .getAttribute('data-value');
    expect(Number(shownEnd)).toBeCloseTo(accountRows.at(-1)?.value_end as number, 6);
    await page.getByRole('heading', { name: 'Pivot' }).waitFor();
    await settle(page);
    await browser.screenshot('analytics-value-drill');

    for (const path of ['/analytics-value-change', '/analytics-income', '/analytics-position']) {
      await page.goto(`${app.baseUrl}${path}`);
      await page.getByRole('navigation', { name: 'Drill-down' }).waitFor({ timeout: 60_000 });
      expect(new URL(page.url()).pathname).toBe(path);
      await settle(page);
      await browser.screenshot(`analytics${path.replace('/analytics', '')}`);
    }
  });
});
