import { describe, expect, it } from 'vitest';
import { crossRate, float32Text, majorCurrencyOf, priceText, toMajorUnits } from './minor-units.ts';
import { assetTypeOfKind } from './security-types.ts';

describe('minor units', () => {
  it('turns pence (Yahoo GBp, EODHD GBX) into pounds exactly', () => {
    expect(majorCurrencyOf('GBp')).toBe('GBP');
    expect(majorCurrencyOf('GBX')).toBe('GBP');
    expect(toMajorUnits('GBp')('12345.6')).toBe('123.456');
    expect(toMajorUnits('GBX')('0.1')).toBe('0.001');
  });

  it('keeps major currencies as they are', () => {
    expect(majorCurrencyOf('usd')).toBe('USD');
    expect(majorCurrencyOf('GBP')).toBe('GBP');
    expect(toMajorUnits('USD')('189.95')).toBe('189.95');
  });

  it('knows South African cents and Israeli agorot', () => {
    expect(majorCurrencyOf('ZAc')).toBe('ZAR');
    expect(toMajorUnits('ILA')('1050')).toBe('10.5');
  });
});

describe('asset types of provider kinds', () => {
  it('proposes Strata words', () => {
    expect(assetTypeOfKind('EQUITY')).toBe('stock');
    expect(assetTypeOfKind('Common Stock')).toBe('stock');
    expect(assetTypeOfKind('ETF')).toBe('etf');
    expect(assetTypeOfKind('MUTUALFUND')).toBe('mutual fund');
    expect(assetTypeOfKind('Warrant')).toBe('warrant');
    expect(assetTypeOfKind(null)).toBeNull();
  });
});

describe('decimal text of provider figures', () => {
  it("keeps a 32-bit float's seven significant digits", () => {
    expect(float32Text(185.63999938964844)).toBe('185.64');
    expect(float32Text(0.01233999989926815)).toBe('0.01234');
  });

  it('crosses two per-euro rates (1.0956 USD and 0.86730 GBP per EUR: 1.263230716 USD per GBP)', () => {
    expect(crossRate('1.0956', '0.86730')).toBe('1.263230716');
    expect(crossRate('1.0956', '1')).toBe('1.0956');
  });

  it('reads an exact price in the major unit', () => {
    expect(priceText(68.86, 'GBX')).toBe('0.6886');
  });
});
