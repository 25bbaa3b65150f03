import { describe, expect, it } from 'vitest';
import { normaliseKrakenAsset } from './kraken-assets.ts';

describe('normaliseKrakenAsset', () => {
  const altnames = new Map([
    ['XXBT', 'XBT'],
    ['XETH', 'ETH'],
    ['ZUSD', 'USD'],
    ['XXDG', 'XDG'],
    ['DOT', 'DOT'],
    ['ETH2.S', 'ETH2.S'],
  ]);

  it.each([
    ['XXBT', 'BTC'],
    ['XETH', 'ETH'],
    ['ZUSD', 'USD'],
    ['XXDG', 'DOGE'],
    ['DOT', 'DOT'],
    ['ETH2.S', 'ETH2.S'],
    // Not in the Assets table: the legacy prefix goes, the suffix stays.
    ['ZEUR', 'EUR'],
    ['XXBT.M', 'BTC.M'],
    ['XBT.M', 'BTC.M'],
    ['DOT.S', 'DOT.S'],
    ['USDT', 'USDT'],
    ['SOL', 'SOL'],
  ])('%s → %s', (code, expected) => {
    expect(normaliseKrakenAsset(code, altnames)).toBe(expected);
  });
});
