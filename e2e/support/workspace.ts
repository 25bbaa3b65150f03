import { type RunningApp, startApp } from './app-server.ts';
import { type Browser, openBrowser } from './browser.ts';
import { apiAs, createUser, signInBrowser, type TE2eUser } from './users.ts';

/** A journey's starting point: the app, a signed-up user with one initialised repository, signed in in Chromium. */
export interface TWorkspace {
  app: RunningApp;
  user: TE2eUser;
  repositoryId: string;
  browser: Browser;
  /** Closes the browser and stops the app (whatever of them started). */
  close(): Promise<void>;
}

export async function openWorkspace(options: {
  email: string;
  name: string;
  repository: string;
  viewport?: { width: number; height: number };
  /**
   * The user's date format (settings `dateFormat`). Journeys read and type ISO dates unless they choose
   * otherwise: the default would follow Chromium's time zone (day first in UTC).
   */
  dateFormat?: 'YYYY-MM-DD' | 'DD/MM/YYYY' | 'MM/DD/YYYY';
  /** Extra environment of the app (a market-data provider's address, …). */
  env?: Record<string, string>;
}): Promise<TWorkspace> {
  const app = await startApp(options.env);
  let browser: Browser | undefined;
  try {
    const user = await createUser(app, { email: options.email, name: options.name });
    const { id: repositoryId } = await apiAs<{ id: string }>(app, user, 'POST', '/repositories', {
      name: options.repository,
      currency: 'USD',
    });
    await apiAs(app, user, 'POST', `/repositories/${repositoryId}/initialize`);
    const settings = await apiAs<Record<string, unknown>>(app, user, 'GET', `/users/${user.id}/settings`);
    await apiAs(app, user, 'POST', `/users/${user.id}/settings`, {
      ...settings,
      dateFormat: options.dateFormat ?? 'YYYY-MM-DD',
    });
    browser = await openBrowser(options.viewport);
    await signInBrowser(browser.context, app, user);
    const opened = browser;
    return {
      app,
      user,
      repositoryId,
      browser: opened,
      async close() {
        await opened.close();
        await app.stop();
      },
    };
  } catch (error) {
    await browser?.close();
    await app.stop();
    throw error;
  }
}
