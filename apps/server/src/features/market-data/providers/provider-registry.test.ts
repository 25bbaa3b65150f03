import { describe, expect, it } from 'vitest';
import { createMarketDataProviders } from './provider-registry.ts';

describe('market-data provider registry', () => {
  it('configures none by default', () => {
    expect(createMarketDataProviders({})).toEqual({
      securities: null,
      crypto: null,
      fx: null,
      start: '2020-01-01',
      syncCron: '30 22 * * 1-5',
    });
  });

  it('turns the scheduled sync off, or runs it when asked', () => {
    expect(createMarketDataProviders({ MARKET_DATA_SYNC_CRON: 'off' }).syncCron).toBeNull();
    expect(createMarketDataProviders({ MARKET_DATA_SYNC_CRON: '0 6 * * *' }).syncCron).toBe('0 6 * * *');
  });

  it('picks the configured providers', () => {
    const providers = createMarketDataProviders({
      MARKET_DATA_PROVIDER: 'eodhd',
      EODHD_API_KEY: 'k',
      FX_PROVIDER: 'ecb',
      MARKET_DATA_START: '2021-06-01',
    });
    expect(providers.securities?.id).toBe('eodhd');
    expect(providers.fx?.id).toBe('ecb');
    expect(providers.start).toBe('2021-06-01');
    expect(createMarketDataProviders({ MARKET_DATA_PROVIDER: 'yahoo' }).securities?.id).toBe('yahoo');
  });

  it('configures crypto beside equities', () => {
    const providers = createMarketDataProviders({
      MARKET_DATA_PROVIDER: 'yahoo',
      CRYPTO_PROVIDER: 'coingecko',
    });
    expect(providers.securities?.id).toBe('yahoo');
    expect(providers.crypto?.id).toBe('coingecko');
    expect(createMarketDataProviders({ CRYPTO_PROVIDER: 'coingecko' }).securities).toBeNull();
  });

  it('refuses EODHD without its key', () => {
    expect(() => createMarketDataProviders({ MARKET_DATA_PROVIDER: 'eodhd' })).toThrow(
      'MARKET_DATA_PROVIDER=eodhd needs EODHD_API_KEY',
    );
  });
});
