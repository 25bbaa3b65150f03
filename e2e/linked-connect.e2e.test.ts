import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startPlaidServer,
  type TPlaidItem,
  type TPlaidServer,
} from '../apps/server/src/features/linked-data/providers/testing/plaid-protocol-server.ts';
import {
  startSimplefinServer,
  type TSimplefinServer,
} from '../apps/server/src/features/linked-data/providers/testing/simplefin-protocol-server.ts';
import { keepForDocs } from './support/docs-screenshots.ts';
import { startFakePlaidLink, type TFakePlaidLink } from './support/fake-plaid-link.ts';
import { GRID, settle } from './support/page-tools.ts';
import { openWorkspace, type TWorkspace } from './support/workspace.ts';

// Issue #24 on the web: linking live accounts from /connectors. Plaid through its Link overlay (a local script
// stands in for Plaid's CDN and answers a public token the loopback Plaid accepts), SimpleFIN through the
// consent dialog and a setup token claimed at the loopback bridge; both first syncs' rows in the linked list;
// 'Sync now' with its toast. At 1280 px, the list and the dialogs again at 390.

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000 });

const CHECKING = {
  account_id: 'acc-chk',
  name: 'Platypus Checking',
  official_name: 'Platypus Everyday Checking',
  mask: '4321',
  type: 'depository',
  subtype: 'checking',
  balances: { available: 1200, current: 1250, iso_currency_code: 'USD', unofficial_currency_code: null },
};

function plaidTransaction(id: string, amount: number, date: string, name: string) {
  return {
    transaction_id: id,
    account_id: 'acc-chk',
    amount,
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
    date,
    name,
    merchant_name: name,
    pending: false,
    pending_transaction_id: null,
    personal_finance_category: { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_COFFEE' },
  };
}

const daysAgo = (days: number) => Math.floor(Date.now() / 1000) - days * 86_400;

async function gridTexts(page: Page): Promise<string[]> {
  return page
    .locator(`${GRID} table[role="grid"] tbody tr`)
    .evaluateAll((rows) => rows.map((row) => (row.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

describe('linking live accounts on /connectors', () => {
  let plaid: TPlaidServer;
  let bridge: TSimplefinServer;
  let link: TFakePlaidLink;
  let workspace: TWorkspace | undefined;
  const items: TPlaidItem[] = [];

  beforeAll(async () => {
    plaid = await startPlaidServer();
    bridge = await startSimplefinServer();
    link = await startFakePlaidLink({
      institution: { name: 'First Platypus Bank', institution_id: 'ins_109508' },
      nextPublicToken: () => {
        const { publicToken, item } = plaid.addItem({
          accounts: [CHECKING],
          pages: [
            {
              added: [
                plaidTransaction('p1', 4.5, '2026-11-20', 'Blue Bottle Coffee'),
                plaidTransaction('p2', -1500, '2026-11-21', 'ACME PAYROLL'),
                plaidTransaction('p3', 89.99, '2026-11-22', 'Hardware Haven'),
              ],
            },
          ],
        });
        items.push(item);
        return publicToken;
      },
    });
    workspace = await openWorkspace({
      email: 'linked-connect.e2e@example.com',
      name: 'Connie Connect',
      repository: 'Live links',
      viewport: { width: 1280, height: 800 },
      env: {
        CONNECTOR_SECRETS_KEY: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
        PLAID_CLIENT_ID: plaid.clientId,
        PLAID_SECRET: plaid.secret,
        PLAID_BASE_URL: plaid.url,
        PLAID_LINK_SCRIPT_URL: link.scriptUrl,
        SIMPLEFIN_ENABLED: 'true',
        SIMPLEFIN_ALLOW_HTTP: 'true',
        PROVIDER_RETRY_BASE_MS: '10',
      },
    });
  }, 240_000);

  afterAll(async () => {
    await workspace?.close();
    await link?.close();
    await bridge?.close();
    await plaid?.close();
  });

  it('connects a Plaid account through the Link overlay and follows its first sync to the counts', async () => {
    const { app, browser } = workspace as TWorkspace;
    const { page } = browser;
    await page.goto(`${app.baseUrl}/connectors`);
    await page.getByRole('heading', { name: 'Link your accounts' }).waitFor();
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    const chooser = page.getByRole('dialog', { name: 'Connect an account' });
    await chooser.getByRole('region', { name: 'Plaid' }).waitFor();
    await settle(page);
    keepForDocs(await browser.screenshot('connect-chooser-1280', { fullPage: false }));

    await chooser.getByRole('button', { name: 'Connect Plaid' }).click();
    const run = page.getByRole('dialog', { name: 'Connect First Platypus Bank' });
    const result = run.getByTestId('link-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.textContent()).toContain(
      '3 added, 0 updated, 0 removed, 0 skipped as duplicates, 0 failed',
    );
    // Link was opened with the token the server had from the loopback Plaid.
    const tokens = await page.evaluate(
      () => (window as unknown as { __plaidLinkTokens: string[] }).__plaidLinkTokens,
    );
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatch(/^link-sandbox-/);
    expect(plaid.callsTo('/item/public_token/exchange')).toHaveLength(1);
    await run.getByRole('button', { name: 'Done' }).click();

    const card = page.getByRole('region', { name: 'Connector First Platypus Bank' });
    await card.getByLabel('Status OK').waitFor();
    await card.getByLabel('Powered by Plaid').waitFor();
    await card.getByRole('link', { name: 'Platypus Checking' }).waitFor();
  });

  it('connects a SimpleFIN account through the consent dialog: Next only once consent is ticked', async () => {
    const { app, browser } = workspace as TWorkspace;
    const { page } = browser;
    const { setupToken } = bridge.addUser([
      {
        id: 'sf-acc-1',
        name: 'Bridge Savings',
        currency: 'USD',
        balance: '5200.10',
        'balance-date': daysAgo(0),
        org: { domain: 'bank.example', name: 'Example Credit Union', 'sfin-url': `${bridge.url}/simplefin` },
        transactions: [
          {
            id: 'sf-1',
            posted: daysAgo(6),
            amount: '-42.17',
            description: 'Corner Grocer',
            payee: 'Corner Grocer',
          },
          {
            id: 'sf-2',
            posted: daysAgo(3),
            amount: '12.00',
            description: 'Savings interest',
            payee: 'Savings interest',
          },
        ],
      },
    ]);
    await page.goto(`${app.baseUrl}/connectors`);
    await page.getByRole('region', { name: 'Connector First Platypus Bank' }).waitFor();
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Connect an account' })
      .getByRole('button', { name: 'Connect SimpleFIN' })
      .click();

    const dialog = page.getByRole('dialog', { name: 'Connect SimpleFIN' });
    const next = dialog.getByRole('button', { name: 'Next' });
    await next.waitFor();
    expect(await next.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox').check();
    expect(await next.isDisabled()).toBe(false);
    await settle(page);
    await browser.screenshot('connect-consent-1280', { fullPage: false });
    await next.click();
    await dialog.getByLabel('Connector name').fill('Credit union');
    await dialog.getByLabel('Setup token').fill(setupToken);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    const result = dialog.getByTestId('link-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.textContent()).toContain(
      '2 added, 0 updated, 0 removed, 0 skipped as duplicates, 0 failed',
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    const card = page.getByRole('region', { name: 'Connector Credit union' });
    await card.getByRole('link', { name: 'Bridge Savings' }).waitFor();
    // 'Powered by' is for the one known source only.
    expect(await card.getByLabel(/Powered by/).count()).toBe(0);
  });

  it("shows both links' rows in the linked transactions list", async () => {
    const { app, browser } = workspace as TWorkspace;
    const { page } = browser;
    await page.goto(`${app.baseUrl}/linked-transactions`);
    await page.locator(GRID).waitFor();
    await poll(async () => (await gridTexts(page)).length).toBe(5);
    const rows = (await gridTexts(page)).join(' | ');
    for (const text of [
      'Blue Bottle Coffee',
      'ACME PAYROLL',
      'Hardware Haven',
      'Corner Grocer',
      'Savings interest',
    ])
      expect(rows).toContain(text);
    // Plaid's amounts are positive when money leaves: stored with this app's sign.
    expect(rows).toContain('-89.99');
    expect(rows).toContain('-42.17');
  });

  it("'Sync now' fetches Plaid's new changes and says the counts in its toast", async () => {
    const { app, browser } = workspace as TWorkspace;
    const { page } = browser;
    (items[0] as TPlaidItem).pages.push({
      added: [plaidTransaction('p4', 3.75, '2026-11-25', 'Bagel Barn')],
    });
    await page.goto(`${app.baseUrl}/connectors`);
    const card = page.getByRole('region', { name: 'Connector First Platypus Bank' });
    await card.getByRole('button', { name: 'Sync now' }).click();
    const toast = page.getByText('First Platypus Bank synced');
    await toast.waitFor({ timeout: 30_000 });
    await page.getByText('1 added, 0 updated, 0 removed, 0 skipped as duplicates, 0 failed').waitFor();
    await settle(page);
    keepForDocs(await browser.screenshot('connectors-live-1280', { fullPage: false }));
  });

  it("'login required' offers Reconnect: Link in update mode on the same item, then a sync back to OK", async () => {
    const { app, browser } = workspace as TWorkspace;
    const { page } = browser;
    const item = items[0] as TPlaidItem;
    item.loginRequired = true;
    await page.goto(`${app.baseUrl}/connectors`);
    const card = page.getByRole('region', { name: 'Connector First Platypus Bank' });
    await card.getByRole('button', { name: 'Sync now' }).click();
    // The task's error as a toast, and the connector failed with the same words.
    await card.getByText('Login required: reconnect this connector to the bank').waitFor({ timeout: 30_000 });
    await card.getByLabel('Status Failed').waitFor();
    expect(await card.getByRole('button', { name: 'Sync now' }).count()).toBe(0);
    await settle(page);
    keepForDocs(await browser.screenshot('connectors-reconnect-1280', { fullPage: false }));

    // The user signs in again inside Link; the bank has one more transaction meanwhile.
    item.loginRequired = false;
    item.pages.push({ added: [plaidTransaction('p5', 7.25, '2026-11-26', 'Noodle Nook')] });
    const exchanged = plaid.callsTo('/item/public_token/exchange').length;
    await card.getByRole('button', { name: 'Reconnect' }).click();
    const run = page.getByRole('dialog', { name: 'Reconnect First Platypus Bank' });
    const result = run.getByTestId('link-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.textContent()).toContain(
      '1 added, 0 updated, 0 removed, 0 skipped as duplicates, 0 failed',
    );
    // Update mode: the Link token was made for the item's own access token, and nothing new was exchanged.
    expect(plaid.callsTo('/link/token/create').at(-1)?.body.access_token).toBe(item.accessToken);
    expect(plaid.callsTo('/item/public_token/exchange')).toHaveLength(exchanged);
    await run.getByRole('button', { name: 'Done' }).click();
    await card.getByLabel('Status OK').waitFor();
    await card.getByRole('button', { name: 'Sync now' }).waitFor();
  });

  it('at 390 px: the connectors, the chooser and the consent dialog fit the phone', async () => {
    const { app, browser } = workspace as TWorkspace;
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/connectors`);
    await page.getByRole('region', { name: 'Connector Credit union' }).waitFor();
    await settle(page);
    keepForDocs(await browser.screenshot('connectors-live-390', { fullPage: false }));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    const chooser = page.getByRole('dialog', { name: 'Connect an account' });
    await chooser.getByRole('button', { name: 'Connect SimpleFIN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect SimpleFIN' });
    await dialog.getByRole('checkbox').check();
    await settle(page);
    keepForDocs(await browser.screenshot('connect-consent-390', { fullPage: false }));
    expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(false);
  });
});
