import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { SUBSCRIPTION_QUERY_KEY } from './api/subscription-api.ts';
import { isSubscriptionPath, requireActiveSubscription } from './subscription-middleware.ts';

type TArgs = Parameters<ReturnType<typeof requireActiveSubscription>>;

async function visit(path: string, subscription: { is_active: boolean } | 'unreadable') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (subscription !== 'unreadable') queryClient.setQueryData(SUBSCRIPTION_QUERY_KEY, subscription);
  else
    queryClient.setQueryDefaults(SUBSCRIPTION_QUERY_KEY, {
      queryFn: () => Promise.reject(new Error('down')),
    });
  const store = { warn: vi.fn() };
  const middleware = requireActiveSubscription(queryClient, store);
  const args = [
    { request: new Request(`http://strata.test${path}`) },
    async () => undefined,
  ] as unknown as TArgs;
  try {
    await middleware(...args);
    return { redirectedTo: null, store };
  } catch (thrown) {
    if (thrown instanceof Response) return { redirectedTo: thrown.headers.get('Location'), store };
    throw thrown;
  }
}

describe('an inactive subscription (seed §2)', () => {
  it('sends every private page to /subscription with the 402 message', async () => {
    const { redirectedTo, store } = await visit('/transactions', { is_active: false });
    expect(redirectedTo).toBe('/subscription');
    expect(store.warn).toHaveBeenCalledWith('You need to activate the subscription to access the resource');
  });

  it('keeps the subscription pages open', async () => {
    expect((await visit('/subscription', { is_active: false })).redirectedTo).toBeNull();
    expect((await visit('/subscription/plans', { is_active: false })).redirectedTo).toBeNull();
    expect(isSubscriptionPath('/subscriptions')).toBe(false);
  });

  it('keeps /account open, so password and second factor can still be changed', async () => {
    expect((await visit('/account', { is_active: false })).redirectedTo).toBeNull();
    expect((await visit('/accounts', { is_active: false })).redirectedTo).toBe('/subscription');
  });

  it('lets an active subscription through, and an unreadable one (the API answers 402 itself)', async () => {
    expect((await visit('/dashboards', { is_active: true })).redirectedTo).toBeNull();
    expect((await visit('/dashboards', 'unreadable')).redirectedTo).toBeNull();
  });
});
