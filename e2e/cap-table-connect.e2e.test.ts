import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startCapTableServer,
  type TCapTableServer,
} from '../apps/server/src/features/linked-data/providers/testing/cap-table-protocol-server.ts';
import { keepForDocs } from './support/docs-screenshots.ts';
import { GRID, settle } from './support/page-tools.ts';
import { openWorkspace, type TWorkspace } from './support/workspace.ts';

// Issue #24 in the browser: a cap table linked through OAuth 2.0's authorization code grant with PKCE S256. The
// app talks to the loopback authorization server and portfolio API of providers/testing; Chromium meets its
// consent page (the test clicks 'Allow' or 'Deny' as the holder would) and is sent back to the callback page.
// The fixture: Acme Robotics (12,000 common shares; a grant of 40,000 options with 10,000 exercised, and one
// exercised in full) and Globex (2,500 Series A): 2 accounts, 3 positions (12,000, 30,000 and 2,500).

const overflow = (page: TWorkspace['browser']['page']) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('linking a cap table (OAuth) on /connectors', () => {
  let ct: TCapTableServer;
  let workspace: TWorkspace | undefined;
  /** The callback URL the authorization server sent the browser to: its state is spent once linked. */
  let callbackUrl = '';

  beforeAll(async () => {
    ct = await startCapTableServer({ tokenAuth: 'client_secret_basic', pageSize: 1, consentPage: true });
    ct.portfolios.push({
      id: 'pf-1',
      issuers: [
        {
          id: 'iss-acme',
          legalName: 'Acme Robotics, Inc.',
          certificates: [
            {
              id: 'cert-1',
              label: 'CS-12',
              shareClass: { id: 'common', name: 'Common' },
              quantity: '12000',
              costBasis: { value: '1200.00', currencyCode: 'USD' },
            },
          ],
          optionGrants: [
            {
              id: 'grant-1',
              label: 'ES-3',
              quantity: 40000,
              exercisedQuantity: '10000',
              exercisePrice: { value: '0.25', currencyCode: 'USD' },
            },
            {
              id: 'grant-2',
              label: 'ES-9',
              quantity: '5000',
              exercisedQuantity: '5000',
              exercisePrice: { value: '0.10', currencyCode: 'USD' },
            },
          ],
        },
        {
          id: 'iss-globex',
          legalName: 'Globex Corp.',
          certificates: [
            {
              id: 'cert-7',
              label: 'PA-1',
              shareClass: { id: 'series-a', name: 'Series A Preferred' },
              quantity: '2500',
              costBasis: { value: '5000.00', currencyCode: 'EUR' },
            },
          ],
          optionGrants: [],
        },
      ],
    });
    workspace = await openWorkspace({
      email: 'cap-table-connect.e2e@example.com',
      name: 'Cara Table',
      repository: 'Equity',
      viewport: { width: 1280, height: 800 },
      env: {
        CONNECTOR_SECRETS_KEY: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
        CAP_TABLE_CLIENT_ID: ct.clientId,
        CAP_TABLE_CLIENT_SECRET: ct.clientSecret,
        CAP_TABLE_AUTHORIZE_URL: `${ct.url}/authorize`,
        CAP_TABLE_TOKEN_URL: `${ct.url}/token`,
        CAP_TABLE_API_URL: ct.url,
        PROVIDER_RETRY_BASE_MS: '10',
      },
    });
  }, 240_000);

  afterAll(async () => {
    await workspace?.close();
    await ct?.close();
  });

  it('Connect Carta → the provider’s consent → Allow → the callback page → the first sync; the positions listed', async () => {
    const { app, browser } = workspace as TWorkspace;
    const { page } = browser;
    await page.goto(`${app.baseUrl}/connectors`);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Connect an account' })
      .getByRole('button', { name: 'Connect Carta' })
      .click();
    await page.waitForURL((url) => url.href.startsWith(`${ct.url}/authorize?`));
    const asked = new URL(page.url()).searchParams;
    expect(asked.get('redirect_uri')).toBe(`${app.baseUrl}/connectors/callback/cap_table`);
    expect(asked.get('code_challenge_method')).toBe('S256');
    await page.getByRole('heading', { name: 'Authorize Strata' }).waitFor();
    keepForDocs(await browser.screenshot('cap-table-authorize-1280', { fullPage: false }));

    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${app.baseUrl}/connectors/callback/cap_table?`));
    callbackUrl = page.url();
    expect(new URL(callbackUrl).searchParams.get('code')).toMatch(/^code_/);
    expect(new URL(callbackUrl).searchParams.get('state')).toBe(asked.get('state'));
    const result = page.getByTestId('link-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.textContent()).toContain('Carta linked');
    // A cap table has positions, no transactions: the transaction counts are all nought, the positions counted.
    expect(await result.textContent()).toContain(
      '0 added, 0 updated, 0 removed, 0 skipped as duplicates, 0 failed; 3 positions',
    );
    // The code went to the token endpoint once, with the verifier matching the challenge and the client as Basic.
    expect(ct.tokenCalls).toEqual([{ grantType: 'authorization_code', verifierOk: true, auth: 'basic' }]);
    await settle(page);
    keepForDocs(await browser.screenshot('cap-table-linked-1280', { fullPage: false }));

    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(`${app.baseUrl}/connectors`);
    const card = page.getByRole('region', { name: 'Connector Carta' });
    await card.getByLabel('Status OK').waitFor();
    await card.getByRole('link', { name: 'Acme Robotics, Inc.' }).waitFor();
    await card.getByRole('link', { name: 'Globex Corp.' }).waitFor();

    await page.goto(`${app.baseUrl}/linked-positions`);
    await page.getByPlaceholder('Search positions...').waitFor();
    await expect.poll(() => page.getByLabel('Rows').textContent(), { timeout: 20_000 }).toBe('3 rows');
    const rows = () =>
      page
        .locator(`${GRID} table[role="grid"] tbody tr`)
        .evaluateAll((found) => found.map((row) => (row.textContent ?? '').replace(/\s+/g, ' ')));
    await expect.poll(async () => (await rows()).length, { timeout: 20_000 }).toBe(3);
    const text = (await rows()).join('\n');
    expect(text).toContain('Acme Robotics, Inc. Common');
    expect(text).toContain('12,000');
    expect(text).toContain('Acme Robotics, Inc. option ES-3 @ 0.25 USD');
    expect(text).toContain('30,000');
    expect(text).toContain('Globex Corp. Series A Preferred');
    expect(text).toContain('2,500');
    // The grant exercised in full is no position.
    expect(text).not.toContain('ES-9');
  });

  it('at 390 px: the connector fits, a replayed callback and a consent denied are refused with the way back', async () => {
    const { app, browser } = workspace as TWorkspace;
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/connectors`);
    await page.getByRole('region', { name: 'Connector Carta' }).getByLabel('Status OK').waitFor();
    await settle(page);
    keepForDocs(await browser.screenshot('cap-table-linked-390', { fullPage: false }));
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // The same code and state again: the state was used once.
    expect(callbackUrl).not.toBe('');
    await page.goto(callbackUrl);
    const refused = page.getByTestId('callback-refused');
    await refused.waitFor();
    expect(await refused.textContent()).toContain(
      'This cap table link is not valid or has expired: start connecting again',
    );
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: 'Connect again' }).click();
    await page.waitForURL(`${app.baseUrl}/connectors`);

    // The holder denies at the provider: back with error=access_denied, nothing made.
    await page.getByRole('button', { name: 'Connect', exact: true }).first().click();
    await page
      .getByRole('dialog', { name: 'Connect an account' })
      .getByRole('button', { name: 'Connect Carta' })
      .click();
    await page.getByRole('heading', { name: 'Authorize Strata' }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL((url) => url.searchParams.get('error') === 'access_denied');
    expect(new URL(page.url()).pathname).toBe('/connectors/callback/cap_table');
    await refused.waitFor();
    expect(await refused.textContent()).toContain(
      'The cap table link was not completed: start connecting again',
    );
    await page.getByRole('link', { name: 'Connect again' }).waitFor();
    expect(ct.tokenCalls).toHaveLength(1);
    await page.goto(`${app.baseUrl}/connectors`);
    await page.getByRole('region', { name: 'Connector Carta' }).waitFor();
    expect(await page.getByRole('region', { name: /^Connector / }).count()).toBe(1);
  });
});
