import { describe, expect, it } from 'vitest';
import {
  calendarDate,
  decodeEntities,
  parseAmountWith,
  parseLooseAmount,
  parseOfxDateTime,
} from './values.ts';

describe('parseLooseAmount', () => {
  it.each([
    ['-6.60', '-6.6'],
    ['+00000000000115.8331', '115.8331'],
    ['74,40', '74.4'],
    ['-3,34', '-3.34'],
    ['1,234.56', '1234.56'],
    ['1.234,56', '1234.56'],
    ['1,234,567', '1234567'],
    ['-.5', '-0.5'],
    ['0.0', '0'],
  ])('%s → %s', (raw, expected) => {
    expect(parseLooseAmount(raw)).toBe(expected);
  });

  it.each(['', ' ', 'X', '1e5', '--1', '12.3.4', 'NaN'])('refuses %j', (raw) => {
    expect(parseLooseAmount(raw)).toBeNull();
  });
});

describe('parseAmountWith', () => {
  it.each([
    ['1.234,56', ',', '.', '1234.56'],
    ['-12,5', ',', '', '-12.5'],
    ['(12.50)', '.', ',', '-12.5'],
    ['12.50-', '.', '', '-12.5'],
    ['€ 1,000.00', '.', ',', '1000'],
    ["1'000.25", '.', "'", '1000.25'],
  ] as const)('%s with decimal %s and thousands %j → %s', (raw, decimal, thousands, expected) => {
    expect(parseAmountWith(raw, decimal, thousands)).toBe(expected);
  });

  it('refuses the other separator instead of guessing', () => {
    expect(parseAmountWith('1,5', '.', '')).toBeNull();
    expect(parseAmountWith('1.5', ',', '')).toBeNull();
  });
});

describe('dates', () => {
  it('knows real calendar days', () => {
    expect(calendarDate(2024, 2, 29)).toBe('2024-02-29');
    expect(calendarDate(2023, 2, 29)).toBeNull();
    expect(calendarDate(1900, 2, 29)).toBeNull();
    expect(calendarDate(2000, 2, 29)).toBe('2000-02-29');
    expect(calendarDate(2012, 2, 31)).toBeNull();
  });

  it.each([
    ['20090401122017.000[-5:EST]', { date: '2009-04-01', time: '12:20:17', utcOffsetMinutes: -300 }],
    ['20120928', { date: '2012-09-28', time: null, utcOffsetMinutes: null }],
    ['20091217162416.000[-:EST]', { date: '2009-12-17', time: '16:24:16', utcOffsetMinutes: null }],
    ['20180804093914:014', { date: '2018-08-04', time: '09:39:14', utcOffsetMinutes: null }],
    ['20240517120000[0:GMT]', { date: '2024-05-17', time: '12:00:00', utcOffsetMinutes: 0 }],
    ['20240517120000[-3.5:NST]', { date: '2024-05-17', time: '12:00:00', utcOffsetMinutes: -210 }],
  ])('reads the OFX date-time %s', (raw, expected) => {
    expect(parseOfxDateTime(raw)).toEqual(expected);
  });

  it.each(['****', '', '2012023', '20120231', '20121301'])('refuses the OFX date %j', (raw) => {
    expect(parseOfxDateTime(raw)).toBeNull();
  });
});

describe('decodeEntities', () => {
  it('decodes once, numeric references too, and leaves unknown names alone', () => {
    expect(decodeEntities('S&amp;P &amp;lt;x&amp;gt; &#233;&#x20AC; &bogus;')).toBe(
      'S&P &lt;x&gt; é€ &bogus;',
    );
  });
});
