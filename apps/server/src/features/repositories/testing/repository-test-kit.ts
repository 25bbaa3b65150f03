import type { Database } from '@strata/db/schema';
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { TestBrowser } from '../../auth/testing/auth-client.ts';
import { TEST_PUBLIC_URL, type TIdentityTestApp } from '../../auth/testing/identity-test-app.ts';
import { signUpVerified } from '../../auth/testing/sign-up.ts';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A signed-in test user with a request helper for every method (TestBrowser has GET and POST only). */
export interface TTestUser {
  id: string;
  email: string;
  browser: TestBrowser;
  call(method: THttpMethod, url: string, body?: unknown): Promise<LightMyRequestResponse>;
}

export function callAs(t: TIdentityTestApp, browser: TestBrowser | null) {
  return (method: THttpMethod, url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: {
        origin: TEST_PUBLIC_URL,
        ...(browser && browser.cookies.size > 0 ? { cookie: browser.cookieHeader() } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
}

export async function createTestUser(t: TIdentityTestApp, email: string): Promise<TTestUser> {
  const { browser, userId } = await signUpVerified(t, email, 'correct-horse-1');
  return { id: userId, email, browser, call: callAs(t, browser) };
}

export const anonymousCall = (t: TIdentityTestApp) => callAs(t, null);

/** Creates a repository through the API (and initializes it); answers its id. */
export async function createRepositoryAs(
  user: TTestUser,
  name: string,
  options: { currency?: string; isInitialized?: boolean } = {},
): Promise<string> {
  const created = await user.call('POST', '/api/repositories', { name, currency: options.currency ?? 'USD' });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
  const id = created.json().id as string;
  if (options.isInitialized !== false) {
    const initialized = await user.call('POST', `/api/repositories/${id}/initialize`);
    if (initialized.statusCode !== 200)
      throw new Error(`initialize failed: ${initialized.statusCode} ${initialized.body}`);
  }
  return id;
}

/** Shares a repository and accepts the invite: `member` ends a collaborator at `accessType`. */
export async function shareRepository(
  owner: TTestUser,
  member: TTestUser,
  repositoryId: string,
  accessType: 1 | 2,
) {
  const invite = await owner.call('POST', '/api/invites', {
    email: member.email,
    access_type: accessType,
    repository_id: repositoryId,
  });
  if (invite.statusCode !== 201) throw new Error(`invite failed: ${invite.statusCode} ${invite.body}`);
  const accepted = await member.call('PUT', `/api/invites/${invite.json().id}/accept`);
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
}

/** Sets a user's subscription directly (what `npm run admin -- set-plan` does). */
export async function setSubscription(db: Kysely<Database>, userId: string, planId: string, status: string) {
  await db
    .insertInto('subscriptions')
    .values({ user_id: userId, plan_id: planId, status, period_unit: 'month', end_date: null })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ plan_id: planId, status }))
    .execute();
}

/** Creates an asset through the API; answers its id (any answer but 201 fails the caller's setup). */
export async function createAssetAs(
  user: TTestUser,
  repositoryId: string,
  fields: Record<string, unknown>,
): Promise<string> {
  const created = await user.call('POST', '/api/assets', { repository_id: repositoryId, ...fields });
  if (created.statusCode !== 201) throw new Error(`asset: ${created.statusCode} ${created.body}`);
  return created.json().id as string;
}

/** A USD stock named after its ticker ('AAPL Inc.'). */
export function createStockAs(user: TTestUser, repositoryId: string, ticker: string): Promise<string> {
  return createAssetAs(user, repositoryId, {
    type: 'stock',
    name: `${ticker} Inc.`,
    ticker,
    currency: 'USD',
  });
}

/** The repository's tags as a lookup by name and value (initialised repositories have Category/Subcategory). */
export async function tagLookupAs(
  user: TTestUser,
  repositoryId: string,
): Promise<(name: string, value: string) => string> {
  const tags: Array<{ id: string; tag_name: string; tag_value: string }> = (
    await user.call('GET', `/api/tags?repository_id=${repositoryId}`)
  ).json();
  return (name, value) => {
    const found = tags.find((tag) => tag.tag_name === name && tag.tag_value === value);
    if (!found) throw new Error(`no tag ${name}=${value}`);
    return found.id;
  };
}

/** A USD investment account ('Broker', tagged Investments/Brokerage) and the repository's US Dollar. */
export async function createBrokerageAs(
  user: TTestUser,
  repositoryId: string,
): Promise<{ broker: string; usd: string }> {
  const tag = await tagLookupAs(user, repositoryId);
  const broker = await createAssetAs(user, repositoryId, {
    type: 'investment account',
    name: 'Broker',
    currency: 'USD',
    tags: [tag('Category', 'Investments'), tag('Subcategory', 'Brokerage')],
  });
  const assets = (await user.call('GET', `/api/assets?repository_id=${repositoryId}`)).json().data;
  const usd = assets.find((asset: { type: string }) => asset.type === 'currency').id as string;
  return { broker, usd };
}
