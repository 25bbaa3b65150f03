import DecimalJs from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { readAmountLiteral } from './amount-literal.ts';

describe('readAmountLiteral', () => {
  it('gives the canonical text of amounts that fit', () => {
    const cases: Array<[string, string]> = [
      ['100.0', '100'],
      [' -1500.25 ', '-1500.25'],
      ['.5', '0.5'],
      ['5.', '5'],
      ['+007.500', '7.5'],
      ['-0', '0'],
      ['-0.000e5', '0'],
      ['1e3', '1000'],
      ['1.5E-3', '0.0015'],
      ['-12345e-2', '-123.45'],
      ['9999999999999999999999999999', '9999999999999999999999999999'],
      ['0.000000000000000001', '0.000000000000000001'],
      ['1.50000000000000000000000', '1.5'],
      ['0e99999999999999999999', '0'],
      ['1e-9000000000000001', '0'],
    ];
    for (const [text, canonical] of cases) {
      expect(readAmountLiteral(text), text).toEqual({ ok: true, value: canonical });
    }
  });

  it('refuses what is not a number, and numbers the database cannot hold', () => {
    for (const text of ['', ' ', 'lots', '1,000', '1e', '--1', '.', '1.2.3', 'Infinity', 'NaN', '0x10']) {
      expect(readAmountLiteral(text), text).toEqual({ ok: false, reason: 'NOT_NUMERIC' });
    }
    for (const text of [
      '1e28',
      '-10000000000000000000000000000',
      '0.0000000000000000001',
      '1e140000',
      '1e-19',
    ]) {
      expect(readAmountLiteral(text), text).toEqual({ ok: false, reason: 'OUT_OF_RANGE' });
    }
  });

  it('accepts and writes exactly what decimal.js does (the rule it replaces)', () => {
    // decimal.js is the outside reference: the previous check was Decimal's abs() < 1e28, decimalPlaces() <= 18, toFixed().
    const Reference = DecimalJs.clone({ precision: 40, toExpNeg: -40, toExpPos: 40 });
    const reference = (text: string) => {
      const value = new Reference(text.trim());
      if (!value.abs().lt('1e28') || value.decimalPlaces() > 18) return { ok: false, reason: 'OUT_OF_RANGE' };
      return { ok: true, value: value.isZero() ? '0' : value.toFixed() };
    };
    let seed = 23;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const digits = (n: number) => Array.from({ length: n }, () => String(random(10))).join('');
    for (let i = 0; i < 5000; i += 1) {
      const sign = ['', '-', '+'][random(3)];
      const whole = digits(random(32));
      const fraction = random(2) ? `.${digits(random(24))}` : '';
      const exponent = random(3) === 0 ? `e${['', '-', '+'][random(3)]}${random(40)}` : '';
      const text = `${sign}${whole}${fraction}${exponent}`;
      if (!/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(text)) continue;
      expect(readAmountLiteral(text), text).toEqual(reference(text));
    }
  });
});
