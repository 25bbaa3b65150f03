import { describe, expect, it } from 'vitest';
import { createNonceSource, krakenSignature } from './kraken-signature.ts';

describe('krakenSignature', () => {
  it("matches the worked example of Kraken's REST authentication guide", () => {
    // The guide's example (docs.kraken.com, spot REST authentication): an AddOrder call with this private
    // key, nonce and body is signed as below.
    expect(
      krakenSignature({
        path: '/0/private/AddOrder',
        nonce: '1616492376594',
        body: 'nonce=1616492376594&ordertype=limit&pair=XBTUSD&price=37500&type=buy&volume=1.25',
        privateKey:
          'kQH5HW/8p1uGOVjbgWA7FunAmGO8lsSUXNsu3eow76sz84Q18fWxnyRzBHCd3pd5nE9qa99HAZtuZuj6F1huXg==',
      }),
    ).toBe('4/dpxb3iT4tp/ZCVEwSnEsLxx0bqyhLpdfOpc6fn7OR8+UClSV5n9E6aSS8MPtnRfp32bAb0nmbRn6H8ndwLUQ==');
  });
});

describe('createNonceSource', () => {
  it('is microseconds, and strictly increasing when the clock stands still or goes back', () => {
    const times = [1_700_000_000_000, 1_700_000_000_000, 1_699_999_999_000, 1_700_000_000_001];
    const next = createNonceSource(() => times.shift() as number);
    expect([next(), next(), next(), next()]).toEqual([
      '1700000000000000',
      '1700000000000001',
      '1700000000000002',
      '1700000000001000',
    ]);
  });
});
