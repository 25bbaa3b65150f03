import type { TUserSettings } from '@strata/contracts/user-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userToday } from '../../shared/user-today.ts';
import type { TestBrowser } from '../auth/testing/auth-client.ts';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import { signUpVerified } from '../auth/testing/sign-up.ts';

let t: TIdentityTestApp;
let alice: { browser: TestBrowser; userId: string };
let bob: { browser: TestBrowser; userId: string };

beforeAll(async () => {
  t = await createIdentityTestApp();
  alice = await signUpVerified(t, 'alice@example.com', 'correct-horse-1');
  bob = await signUpVerified(t, 'bob@example.com', 'correct-horse-1');
});
afterAll(async () => {
  await t?.close();
});

const settingsUrl = (userId: string) => `/api/users/${userId}/settings`;

const saved: TUserSettings = {
  dateFormat: 'YYYY-MM-DD',
  lastActiveRepository: 'repo-1',
  allowedInactivityTime: 45,
  earlyAccess: true,
  timelineOpened: false,
  assetTreeWidth: 320,
  uiSettings: { settingsVersion: 20250815, common: { isNavbarPinned: true } },
  timeZone: 'Pacific/Auckland',
  isAiAgentEnabled: true,
};

describe('GET /api/users/:uuid/settings', () => {
  it('answers the defaults, with the date format from the time zone, before anything is saved', async () => {
    const american = await bob.browser.get(`${settingsUrl(bob.userId)}?timeZone=America/Chicago`);
    expect(american.statusCode).toBe(200);
    expect(american.json()).toEqual({
      dateFormat: 'MM/DD/YYYY',
      lastActiveRepository: null,
      allowedInactivityTime: 20,
      earlyAccess: false,
      timelineOpened: true,
      assetTreeWidth: null,
      uiSettings: { settingsVersion: 20250815 },
      timeZone: 'America/Chicago',
      isAiAgentEnabled: false,
    });
    const european = await bob.browser.get(`${settingsUrl(bob.userId)}?timeZone=Europe/Berlin`);
    expect(european.json().dateFormat).toBe('DD/MM/YYYY');
  });

  it('rejects a time zone that is not an IANA zone', async () => {
    const response = await bob.browser.get(`${settingsUrl(bob.userId)}?timeZone=Mars/Olympus`);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('is 401 for an anonymous caller and 403 for another user', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: settingsUrl(alice.userId) });
    expect(anonymous.statusCode).toBe(401);
    const other = await bob.browser.get(settingsUrl(alice.userId));
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'You don`t have permissions for this action',
    });
  });
});

describe('POST /api/users/:uuid/settings', () => {
  it('stores the whole document and answers it; GET returns it whatever the time zone', async () => {
    const post = await alice.browser.post(settingsUrl(alice.userId), saved);
    expect(post.statusCode).toBe(200);
    expect(post.json()).toEqual(saved);
    const get = await alice.browser.get(`${settingsUrl(alice.userId)}?timeZone=America/New_York`);
    expect(get.json()).toEqual(saved);
  });

  it('keeps the AI-agent toggle, off for a client that does not send it', async () => {
    expect((await alice.browser.post(settingsUrl(alice.userId), saved)).json().isAiAgentEnabled).toBe(true);
    expect((await alice.browser.get(settingsUrl(alice.userId))).json().isAiAgentEnabled).toBe(true);
    const { isAiAgentEnabled: _toggle, ...older } = saved;
    expect((await alice.browser.post(settingsUrl(alice.userId), older)).json().isAiAgentEnabled).toBe(false);
    await alice.browser.post(settingsUrl(alice.userId), saved);
  });

  it('replaces the document instead of merging', async () => {
    const replacement = { ...saved, uiSettings: { settingsVersion: 20250815 }, earlyAccess: false };
    await alice.browser.post(settingsUrl(alice.userId), replacement);
    expect((await alice.browser.get(settingsUrl(alice.userId))).json()).toEqual(replacement);
  });

  it('migrates an old-shaped uiSettings document on save', async () => {
    const response = await alice.browser.post(settingsUrl(alice.userId), {
      ...saved,
      uiSettings: {
        common: { navbarPinned: true, showAnalyticsDebugTab: true },
        linkedTransactions: { search: 'rent' },
      },
    });
    expect(response.json().uiSettings).toEqual({
      common: { isNavbarPinned: true },
      analytics: { isDebugTabsEnabled: true },
      linkedData: { transactions: { search: 'rent' } },
      settingsVersion: 20250815,
    });
  });

  it('migrates a stored old document once, on read', async () => {
    await t.app.db
      .withTables<{ user_settings: { user_id: string; settings: string } }>()
      .updateTable('user_settings')
      .set({ settings: JSON.stringify({ ...saved, uiSettings: { common: { tabsOrder: ['a'] } } }) })
      .where('user_id', '=', alice.userId)
      .execute();
    const first = await alice.browser.get(settingsUrl(alice.userId));
    expect(first.json().uiSettings).toEqual({ common: { sortedTabs: ['a'] }, settingsVersion: 20250815 });
    const row = await t.app.db
      .withTables<{ user_settings: { user_id: string; settings: Record<string, unknown> } }>()
      .selectFrom('user_settings')
      .select('settings')
      .where('user_id', '=', alice.userId)
      .executeTakeFirstOrThrow();
    expect(row.settings.uiSettings).toEqual({ common: { sortedTabs: ['a'] }, settingsVersion: 20250815 });
  });

  it('rejects an invalid document with 400 and field messages, storing nothing', async () => {
    const before = (await alice.browser.get(settingsUrl(alice.userId))).json();
    const response = await alice.browser.post(settingsUrl(alice.userId), {
      ...saved,
      dateFormat: 'YY.MM.DD',
      allowedInactivityTime: 0,
      unknownField: true,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.details.fieldErrors)).toEqual(
      expect.arrayContaining(['dateFormat', 'allowedInactivityTime']),
    );
    expect((await alice.browser.get(settingsUrl(alice.userId))).json()).toEqual(before);
  });

  it('refuses text with a lone surrogate (valid JSON, not storable in jsonb) with a 400, storing nothing', async () => {
    const before = (await alice.browser.get(settingsUrl(alice.userId))).json();
    // JSON.stringify writes a lone surrogate as the escape "\ud800", as a careless client would send it.
    for (const text of ['repo\ud800-1', '\udfff', 'a\ud83d']) {
      const response = await alice.browser.post(settingsUrl(alice.userId), {
        ...saved,
        lastActiveRepository: text,
      });
      expect(response.statusCode, JSON.stringify(text)).toBe(400);
      // The one text check of every route (plugins/validator.ts), in the shape of every validation error.
      expect(response.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'lastActiveRepository: Must be valid Unicode (it holds an unpaired surrogate)',
        details: {
          fieldErrors: { lastActiveRepository: ['Must be valid Unicode (it holds an unpaired surrogate)'] },
        },
      });
    }
    const inKey = await alice.browser.post(settingsUrl(alice.userId), {
      ...saved,
      uiSettings: { 'x\ud800': 1 },
    });
    expect(inKey.statusCode).toBe(400);
    expect(inKey.json().code).toBe('VALIDATION_FAILED');
    const paired = await alice.browser.post(settingsUrl(alice.userId), {
      ...saved,
      lastActiveRepository: 'repo 💰',
    });
    expect(paired.statusCode).toBe(200);
    expect((await alice.browser.get(settingsUrl(alice.userId))).json().lastActiveRepository).toBe('repo 💰');
    await alice.browser.post(settingsUrl(alice.userId), before);
  });

  it('rejects a partial document', async () => {
    const response = await alice.browser.post(settingsUrl(alice.userId), { dateFormat: 'DD/MM/YYYY' });
    expect(response.statusCode).toBe(400);
  });

  it("refuses to write another user's settings and an anonymous write", async () => {
    const other = await bob.browser.post(settingsUrl(alice.userId), saved);
    expect(other.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: settingsUrl(alice.userId),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ not: 'even valid' }),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await bob.browser.get(settingsUrl(bob.userId))).json().earlyAccess).toBe(false);
  });
});

describe("the server's today", () => {
  // 23:30 UTC on New Year's Eve is 12:30 on 1 January in Auckland (UTC+13 in summer).
  const instant = new Date('2023-12-31T23:30:00Z');

  it("is the day in the user's saved time zone, and UTC for a user without one", async () => {
    await alice.browser.post(settingsUrl(alice.userId), saved);
    expect(await userToday(t.app.db, alice.userId, instant)).toBe('2024-01-01');
    expect(await userToday(t.app.db, bob.userId, instant)).toBe('2023-12-31');
    expect(await userToday(t.app.db, undefined, instant)).toBe('2023-12-31');
  });

  it('keeps a document saved without a time zone (an older client) valid, with none', async () => {
    const { timeZone: _zone, ...older } = saved;
    const post = await alice.browser.post(settingsUrl(alice.userId), older);
    expect(post.statusCode).toBe(200);
    expect(post.json().timeZone).toBeNull();
    expect(await userToday(t.app.db, alice.userId, instant)).toBe('2023-12-31');
    await alice.browser.post(settingsUrl(alice.userId), saved);
  });
});
