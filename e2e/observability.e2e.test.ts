import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exceptionsOf,
  startEnvelopeReceiver,
  type TEnvelopeReceiver,
} from '../apps/server/src/error-reports/testing/envelope-receiver.ts';
import {
  HUBSPOT_TEST_LOADER_PATH,
  HUBSPOT_TEST_TOKEN,
  startHubSpotLoopback,
  type THubSpotLoopback,
} from '../apps/server/src/features/chat/testing/hubspot-loopback.ts';
import { type RunningApp, startApp } from './support/app-server.ts';
import { type Browser, openBrowser } from './support/browser.ts';
import { createUser, signInBrowser } from './support/users.ts';

// The built app with both outside services configured, each a loopback server speaking its protocol: the
// browser loads the widget from the configured script and sends its errors to the DSN, under the page's CSP.
describe('error reporter and chat widget in the browser', () => {
  let receiver: TEnvelopeReceiver;
  let hubspot: THubSpotLoopback;
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    receiver = await startEnvelopeReceiver();
    hubspot = await startHubSpotLoopback();
    app = await startApp({
      SENTRY_DSN: receiver.dsn('11', 'serverkey'),
      SENTRY_WEB_DSN: receiver.dsn('12', 'webkey'),
      HUBSPOT_ACCESS_TOKEN: HUBSPOT_TEST_TOKEN,
      HUBSPOT_BASE_URL: hubspot.baseUrl,
      HUBSPOT_SCRIPT_URL: `${hubspot.baseUrl}${HUBSPOT_TEST_LOADER_PATH}`,
    });
    browser = await openBrowser({ width: 390, height: 844 });
    const user = await createUser(app, { email: 'chat.e2e@example.test', name: 'Chet Widget' });
    await signInBrowser(browser.context, app, user);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await hubspot?.close();
    await receiver?.close();
  });

  it('loads the chat widget from the configured script and identifies the signed-in user', async () => {
    const { page } = browser;
    await page.goto(`${app.baseUrl}/dashboards`);
    const settings = await page
      .waitForFunction(() => (window as unknown as { hubSpotTestLoadedWith?: unknown }).hubSpotTestLoadedWith)
      .then((handle) => handle.jsonValue());
    expect(settings).toEqual({
      loadImmediately: true,
      identificationEmail: 'chat.e2e@example.test',
      identificationToken: 'visitor-token-1',
    });
    expect(hubspot.calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'chat.e2e@example.test',
      firstName: 'Chet',
      lastName: 'Widget',
    });
  });

  it('sends an uncaught browser error to the web DSN, scrubbed', async () => {
    const { page } = browser;
    // The reporter starts after the page's load, once the run-time configuration is read.
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => entry.name.includes('/api/client-config')),
    );
    await expect
      .poll(async () => {
        await page.evaluate(() => {
          setTimeout(() => {
            throw new Error('Total 1,234.56 for chet@example.test');
          });
        });
        return receiver.events().length;
      })
      .toBeGreaterThan(0);
    const webEnvelope = receiver.envelopes.find((envelope) => envelope.project === '12');
    expect(webEnvelope?.publicKey).toBe('webkey');
    const [event] = receiver.events();
    expect((event?.tags as Record<string, unknown> | undefined)?.side).toBe('web');
    expect(exceptionsOf(event)[0]?.value).toBe('Total [number] for [email]');
    expect(JSON.stringify(event)).not.toContain('chet@example.test');
  });
});
