import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pick, settle } from './support/page-tools.ts';
import { apiAs } from './support/users.ts';
import { openWorkspace, type TWorkspace } from './support/workspace.ts';

// Issue 22's journey: a bank statement from the corpus goes in, a tagging rule that categorises its automatic
// withdrawals is previewed and applied to historic transactions, and a mapping rule turns its credit line into
// an income transaction that the analytics count.

// checking.ofx (jseutter/ofxparse): one USD checking account, 2011-03-31 +0.01 'DIVIDEND EARNED FOR PERIOD OF
// 03', 2011-04-05 −34.51 'AUTOMATIC WITHDRAWAL, ELECTRIC BILL', 2011-04-07 −25.00 'RETURNED CHECK FEE, CHECK # 319'.
const CHECKING = join(
  import.meta.dirname,
  '..',
  '..',
  'shared',
  'corpus',
  'ofx',
  'jseutter-ofxparse',
  'checking.ofx',
);

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });

interface TLinkedRow {
  counterparty: string | null;
  category: string | null;
  mapping_status: string;
  transaction_id: string | null;
}

async function linkedRows(workspace: TWorkspace): Promise<TLinkedRow[]> {
  const { app, user, repositoryId } = workspace;
  const page = await apiAs<{ data: TLinkedRow[] }>(
    app,
    user,
    'GET',
    `/linked_data/transactions?repository_id=${repositoryId}`,
  );
  return page.data;
}

/** Sets one mapped value of the rule dialog to a JSON path. */
async function fromJson(dialog: Locator, label: string, path: string): Promise<void> {
  const group = dialog.getByRole('group', { name: label, exact: true });
  await group.getByText('From JSON').click();
  await group.getByRole('textbox', { name: `${label}: JSON path` }).fill(path);
}

async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text).first().waitFor({ timeout: 30_000 });
}

describe('tagging and mapping rules on an imported statement, at 1280 px', () => {
  let workspace: TWorkspace | undefined;

  beforeAll(async () => {
    workspace = await openWorkspace({
      email: 'rules.e2e@example.com',
      name: 'Rue Rules',
      repository: 'Rules',
      viewport: { width: 1280, height: 900 },
    });
    const { app, user, repositoryId } = workspace;
    const tags = await apiAs<{ id: string; tag_name: string; tag_value: string }[]>(
      app,
      user,
      'GET',
      `/tags?repository_id=${repositoryId}`,
    );
    const tag = (name: string, value: string) =>
      tags.find((candidate) => candidate.tag_name === name && candidate.tag_value === value)?.id;
    await apiAs(app, user, 'POST', '/assets', {
      repository_id: repositoryId,
      type: 'bank account',
      name: 'Everyday checking',
      currency: 'USD',
      tags: [tag('Category', 'Cash'), tag('Subcategory', 'Checking')],
    });
  });

  afterAll(async () => {
    await workspace?.close();
  });

  it('imports the statement', async () => {
    const { app, browser } = workspace as TWorkspace;
    const { page } = browser;
    await page.goto(`${app.baseUrl}/connectors`);
    await page.getByRole('button', { name: 'Import OFX/QFX file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import OFX/QFX file' });
    await dialog.locator('input[type="file"]').setInputFiles(CHECKING);
    await dialog.getByRole('button', { name: 'Import' }).click();
    const result = dialog.getByTestId('import-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.textContent()).toContain('3 added, 0 skipped as duplicates, 0 failed');
  });

  it('previews a tagging rule, then creates it and applies it to historic transactions', async () => {
    const { app, browser } = workspace as TWorkspace;
    const { page } = browser;
    await page.goto(`${app.baseUrl}/linked-tagging-rules`);
    await page.getByText('No tagging rules yet.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'New rule' }).click();
    const dialog = page.getByTestId('rule-dialog');
    expect(await dialog.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);

    await dialog.getByRole('button', { name: 'Add criterion' }).click();
    const criteria = dialog.getByTestId('rule-criteria');
    await criteria.getByRole('combobox', { name: 'Criterion' }).selectOption('counterparty');
    await criteria.getByRole('textbox', { name: 'Value' }).fill('withdrawal');
    await dialog.getByTestId('rule-actions').getByRole('textbox', { name: 'Value' }).fill('Utilities');

    await dialog.getByRole('button', { name: 'Preview changes' }).click();
    await page.getByRole('dialog', { name: 'Preview changes' }).waitFor();
    const preview = dialog.getByTestId('rule-preview');
    await preview.waitFor();
    expect(await preview.getByText('1 matching transaction').count()).toBe(1);
    expect(await preview.getByText('Category: — → Utilities').count()).toBe(1);
    await settle(page);
    await browser.screenshot('rules-preview-1280', { fullPage: false });
    // Nothing is written by a preview.
    expect((await linkedRows(workspace as TWorkspace)).map((row) => row.category)).toEqual([
      null,
      null,
      null,
    ]);

    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Rule was created and applied successfully!');
    await poll(async () =>
      (await linkedRows(workspace as TWorkspace)).map((row) => [row.counterparty, row.category]),
    ).toEqual([
      ['RETURNED CHECK FEE, CHECK # 319', null],
      ['AUTOMATIC WITHDRAWAL, ELECTRIC BILL', 'Utilities'],
      ['DIVIDEND EARNED FOR PERIOD OF 03', null],
    ]);
    const table = page.getByRole('table', { name: 'Tagging rules' });
    await table.getByText('Set category "Utilities"').waitFor();
    await settle(page);
    await browser.screenshot('rules-tagging-list-1280', { fullPage: false });
  });

  it('maps the credit line to an income transaction the analytics count', async () => {
    const { app, browser, user, repositoryId } = workspace as TWorkspace;
    const { page } = browser;
    await page.goto(`${app.baseUrl}/linked-mapping-rules`);
    await page.getByRole('button', { name: 'New rule' }).click();
    const dialog = page.getByTestId('rule-dialog');
    await dialog.getByRole('button', { name: 'Add criterion' }).click();
    const criteria = dialog.getByTestId('rule-criteria');
    await criteria.getByRole('combobox', { name: 'Criterion' }).selectOption('counterparty');
    await criteria.getByRole('textbox', { name: 'Value' }).fill('DIVIDEND');

    const mapping = dialog.getByTestId('rule-mapping');
    await pick(page, mapping, 'Transaction type', 'income');
    // The date's path is picked by clicking its node in the transaction's source.
    const date = mapping.getByRole('group', { name: 'Date', exact: true });
    await date.getByText('From JSON').click();
    await date.getByRole('button', { name: 'Date: pick from JSON' }).click();
    const json = page.getByRole('dialog', { name: 'JSON data' });
    await json.getByRole('button', { name: 'Pick $.date' }).click();
    expect(await date.getByRole('textbox', { name: 'Date: JSON path' }).inputValue()).toBe('$.date');
    await fromJson(mapping, 'Description', '$.payee');
    await pick(page, mapping, 'Cash: account', 'Everyday checking');
    await fromJson(mapping, 'Cash: amount', '$.amount');
    await pick(page, mapping, 'Cash: asset', 'US Dollar');
    await pick(page, mapping, 'Income: account', 'Current income');
    await fromJson(mapping, 'Income: amount', '$.amount');
    await pick(page, mapping, 'Income: asset', 'US Dollar');

    await dialog.getByRole('button', { name: 'Preview changes' }).click();
    const preview = dialog.getByTestId('rule-preview');
    await preview.getByText('Maps').waitFor();
    expect(
      await preview.getByText('income 2011-03-31: Everyday checking 0.01, Current income -0.01').count(),
    ).toBe(1);
    await settle(page);
    await browser.screenshot('rules-mapping-preview-1280', { fullPage: false });

    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Rule was created and applied successfully!');
    const credit = (await linkedRows(workspace as TWorkspace)).find((row) =>
      row.counterparty?.startsWith('DIVIDEND'),
    );
    expect(credit).toMatchObject({ mapping_status: 'ok' });

    const mapped = await apiAs<{ type: string; date: string; source: string; entries: { amount: string }[] }>(
      app,
      user,
      'GET',
      `/transactions/${credit?.transaction_id}`,
    );
    expect(mapped).toMatchObject({ type: 'income', date: '2011-03-31', source: 'linked' });
    expect(mapped.entries.map((entry) => entry.amount)).toEqual(['0.01', '-0.01']);

    const analytics = await apiAs<{
      result: { income_view: { scope_kind: string; kind: string; amount: number }[] };
    }>(
      app,
      user,
      'GET',
      `/repositories/${repositoryId}/analytics?periods=1&freq=year&end=2011-12-31&datasets=income_view&scopes=repository`,
    );
    const income = analytics.result.income_view.filter(
      (row) => row.scope_kind === 'repository' && row.kind === 'income',
    );
    expect(income.reduce((sum, row) => sum + (row.amount ?? 0), 0)).toBeCloseTo(0.01, 10);
  });
});
