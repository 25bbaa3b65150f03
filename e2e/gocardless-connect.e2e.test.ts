import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startGocardlessServer,
  type TGocardlessServer,
} from '../apps/server/src/features/linked-data/providers/testing/gocardless-protocol-server.ts';
import { keepForDocs } from './support/docs-screenshots.ts';
import { settle } from './support/page-tools.ts';
import { openWorkspace, type TWorkspace } from './support/workspace.ts';

// Issue #24 on the web: a bank linked through GoCardless Bank Account Data (API v2) end to end. The app talks to
// the loopback GoCardless of providers/testing; the "bank" is played by the test: once the browser has gone to
// the requisition's link, the test links the requisition and sends the browser back to its redirect with
// `?ref=<reference>`, as GoCardless does. At 1280 px, then the picker and a refused callback at 390.

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

describe('linking a bank through GoCardless on /connectors', () => {
  let gc: TGocardlessServer;
  let workspace: TWorkspace | undefined;

  beforeAll(async () => {
    gc = await startGocardlessServer();
    gc.institutions.push(
      {
        id: 'MONZO_MONZGB2L',
        name: 'Monzo',
        bic: 'MONZGB2L',
        countries: ['GB'],
        logo: `${gc.url}/logo/monzo.png`,
      },
      {
        id: 'SANDBOXFINANCE_SFIN0000',
        name: 'Sandbox Finance',
        bic: 'SFIN0000',
        countries: ['GB'],
        logo: `${gc.url}/logo/sandbox.png`,
      },
      {
        id: 'N26_NTSBDEB1',
        name: 'N26 Bank',
        bic: 'NTSBDEB1',
        countries: ['DE'],
        logo: `${gc.url}/logo/n26.png`,
      },
    );
    gc.accounts.set('acc-1', {
      id: 'acc-1',
      details: { resourceId: 'r-1', iban: 'GB33BUKB20201555555555', currency: 'GBP', name: 'Main account' },
      balances: [{ balanceAmount: { amount: '1000.50', currency: 'GBP' }, balanceType: 'interimAvailable' }],
      booked: [
        {
          transactionId: 'b-1',
          bookingDate: day(10),
          transactionAmount: { amount: '-45.10', currency: 'GBP' },
          creditorName: 'Tesco',
          remittanceInformationUnstructured: 'TESCO STORES 3361',
        },
        {
          transactionId: 'b-2',
          bookingDate: day(8),
          transactionAmount: { amount: '2500.00', currency: 'GBP' },
          debtorName: 'Acme Ltd',
        },
      ],
      pending: [
        {
          valueDate: day(1),
          transactionAmount: { amount: '-3.20', currency: 'GBP' },
          creditorName: 'Pret A Manger',
        },
      ],
    });
    workspace = await openWorkspace({
      email: 'gocardless-connect.e2e@example.com',
      name: 'Gwen Cardless',
      repository: 'Euro banks',
      viewport: { width: 1280, height: 800 },
      env: {
        CONNECTOR_SECRETS_KEY: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
        GOCARDLESS_SECRET_ID: gc.secretId,
        GOCARDLESS_SECRET_KEY: gc.secretKey,
        GOCARDLESS_BASE_URL: gc.url,
        PROVIDER_RETRY_BASE_MS: '10',
      },
    });
  }, 240_000);

  afterAll(async () => {
    await workspace?.close();
    await gc?.close();
  });

  it('consent → bank search → the bank → the callback page → the first sync’s counts; then a daily schedule', async () => {
    const { app, browser } = workspace as TWorkspace;
    const { page } = browser;
    await page.goto(`${app.baseUrl}/connectors`);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Connect an account' })
      .getByRole('button', { name: 'Connect GoCardless' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Connect your bank (GoCardless)' });
    const next = dialog.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox').check();
    await next.click();
    await dialog.getByRole('button', { name: 'Sandbox Finance' }).waitFor();
    await dialog.getByRole('textbox', { name: 'Bank' }).fill('mon');
    await dialog.getByRole('button', { name: 'Sandbox Finance' }).waitFor({ state: 'detached' });
    await settle(page);
    keepForDocs(await browser.screenshot('gocardless-bank-picker-1280', { fullPage: false }));

    await dialog.getByRole('button', { name: 'Monzo' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${gc.url}/psd2/start/`));
    const requisition = [...gc.requisitions.values()].find((one) => one.institution_id === 'MONZO_MONZGB2L');
    expect(requisition?.redirect).toBe(`${app.baseUrl}/connectors/callback/gocardless`);
    expect(gc.agreements.size).toBe(1);
    expect([...gc.agreements.values()][0]).toMatchObject({
      max_historical_days: 90,
      access_valid_for_days: 90,
    });

    // The user agrees at the bank; GoCardless sends the browser back with the requisition's reference.
    gc.link(requisition?.id as string, ['acc-1']);
    await page.goto(`${requisition?.redirect}?ref=${encodeURIComponent(requisition?.reference as string)}`);
    await page.getByRole('heading', { name: 'Linking your bank' }).waitFor();
    const result = page.getByTestId('link-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.textContent()).toContain('Monzo linked');
    expect(await result.textContent()).toContain(
      '3 added, 0 updated, 0 removed, 0 skipped as duplicates, 0 failed',
    );
    await settle(page);
    keepForDocs(await browser.screenshot('gocardless-linked-1280', { fullPage: false }));

    await page.getByRole('link', { name: 'Open connector' }).click();
    await page.getByRole('heading', { name: 'Monzo' }).waitFor();
    await page.getByRole('button', { name: 'Actions of Monzo' }).click();
    await page.getByRole('menuitem', { name: 'Sync schedule' }).click();
    const schedule = page.getByRole('dialog', { name: 'Sync schedule of Monzo' });
    await schedule.getByRole('combobox', { name: 'Sync' }).click();
    await page.getByRole('option', { name: 'Daily' }).click();
    await schedule.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Sync schedule saved successfully.').waitFor();
    const answer = await page.evaluate(async (id) => {
      const response = await fetch(`/api/linked_data/connectors/${id}/schedule`, { credentials: 'include' });
      return response.json();
    }, new URL(page.url()).pathname.split('/')[2]);
    expect(answer).toMatchObject({ schedule: 'daily', every_hours: 24 });
  });

  it('at 390 px: the bank picker fits, and a used or unknown link is refused with the way back', async () => {
    const { app, browser } = workspace as TWorkspace;
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/connectors`);
    await page.getByRole('button', { name: 'Connect', exact: true }).first().click();
    await page
      .getByRole('dialog', { name: 'Connect an account' })
      .getByRole('button', { name: 'Connect GoCardless' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Connect your bank (GoCardless)' });
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Monzo' }).waitFor();
    await settle(page);
    keepForDocs(await browser.screenshot('gocardless-bank-picker-390', { fullPage: false }));
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    const used = [...gc.requisitions.values()][0]?.reference as string;
    await page.goto(`${app.baseUrl}/connectors/callback/gocardless?ref=${encodeURIComponent(used)}`);
    const refused = page.getByTestId('callback-refused');
    await refused.waitFor();
    expect(await refused.textContent()).toContain(
      'This bank link is not valid or has expired: start connecting again',
    );
    await settle(page);
    keepForDocs(await browser.screenshot('gocardless-callback-refused-390', { fullPage: false }));
    await page.getByRole('link', { name: 'Connect again' }).click();
    await page.waitForURL(`${app.baseUrl}/connectors`);
  });
});
