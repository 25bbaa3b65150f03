import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OIDC_DISCOVERY_MAX_DELAY_MS, type TProvidersContext, watchOidcDiscovery } from './oidc-discovery.ts';

const logger = { info: vi.fn(), warn: vi.fn() };

beforeEach(() => {
  vi.useFakeTimers();
  logger.info.mockClear();
  logger.warn.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('watchOidcDiscovery', () => {
  it('offers a provider that loaded at start at once, and never retries it', async () => {
    const load = vi.fn();
    const discovery = watchOidcDiscovery({
      providerId: 'oidc',
      context: Promise.resolve({ socialProviders: [{ id: 'oidc' }] }),
      load,
      firstDelayMs: 1000,
      logger,
    });
    await discovery.available();
    expect(discovery.isAvailable()).toBe(true);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(load).not.toHaveBeenCalled();
  });

  it('retries with a doubling wait bounded at 5 minutes, then adds the provider to the context', async () => {
    const context: TProvidersContext = { socialProviders: [{ id: 'passkey-like' }] };
    let attempts = 0;
    const succeedAt = 12;
    const load = vi.fn(async (ctx: TProvidersContext) => {
      attempts += 1;
      return attempts >= succeedAt ? [{ id: 'oidc' }, ...ctx.socialProviders] : ctx.socialProviders;
    });
    const discovery = watchOidcDiscovery({
      providerId: 'oidc',
      context: Promise.resolve(context),
      load,
      firstDelayMs: 1000,
      logger,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(discovery.isAvailable()).toBe(false);
    const waits = () => logger.warn.mock.calls.map(([fields]) => (fields as { retryInMs: number }).retryInMs);
    await vi.advanceTimersByTimeAsync(2 * 60 * 60_000);
    expect(load).toHaveBeenCalledTimes(succeedAt);
    expect(waits()).toEqual([
      1000,
      2000,
      4000,
      8000,
      16_000,
      32_000,
      64_000,
      128_000,
      256_000,
      OIDC_DISCOVERY_MAX_DELAY_MS,
      OIDC_DISCOVERY_MAX_DELAY_MS,
      OIDC_DISCOVERY_MAX_DELAY_MS,
    ]);
    expect(discovery.isAvailable()).toBe(true);
    expect(context.socialProviders.map((provider) => provider.id)).toEqual(['oidc', 'passkey-like']);
  });

  it('stops retrying when stopped (server close)', async () => {
    const load = vi.fn(async (ctx: TProvidersContext) => ctx.socialProviders);
    const discovery = watchOidcDiscovery({
      providerId: 'oidc',
      context: Promise.resolve({ socialProviders: [] }),
      load,
      firstDelayMs: 1000,
      logger,
    });
    await vi.advanceTimersByTimeAsync(3500);
    expect(load).toHaveBeenCalledTimes(2);
    discovery.stop();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(load).toHaveBeenCalledTimes(2);
    expect(discovery.isAvailable()).toBe(false);
  });
});
