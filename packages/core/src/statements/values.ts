// Value readers shared by the statement parsers: amounts with either decimal separator, calendar dates,
// OFX date-times. Each returns null for text it cannot read so the caller names the field in its message.
import { toAmountString } from '../money/decimal.ts';

const PLAIN_DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * An OFX or QIF amount as a canonical decimal string, or null. Banks write '+00000000000115.8331',
 * '74,40' (comma decimals, Brazilian and French banks), '1,234.56' (QIF thousands) and '1.234,56'.
 * With both separators the last one is the decimal point; a lone comma is a decimal comma, several
 * commas are thousands separators.
 */
export function parseLooseAmount(raw: string): string | null {
  let text = raw.trim().replace(/[\s\u00a0']/g, '');
  if (text === '') return null;
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    text = lastComma > lastDot ? text.replaceAll('.', '').replace(',', '.') : text.replaceAll(',', '');
  } else if (lastComma >= 0) {
    text = text.indexOf(',') === lastComma ? text.replace(',', '.') : text.replaceAll(',', '');
  }
  return PLAIN_DECIMAL.test(text) ? toAmountString(text) : null;
}

/** An amount written with a known decimal separator (CSV profiles): no guessing between '1,234' and '1,5'. */
export function parseAmountWith(
  raw: string,
  decimalSeparator: '.' | ',',
  thousandsSeparator: string,
): string | null {
  let text = raw.trim().replace(/[\s\u00a0]/g, '');
  if (text === '') return null;
  let isNegative = false;
  // Accounting negatives: '(12.50)' and a trailing minus '12.50-'.
  if (text.startsWith('(') && text.endsWith(')')) {
    isNegative = true;
    text = text.slice(1, -1);
  } else if (text.endsWith('-')) {
    isNegative = true;
    text = text.slice(0, -1);
  }
  text = text.replace(/\p{Sc}/gu, '');
  if (thousandsSeparator !== '') text = text.replaceAll(thousandsSeparator, '');
  if (decimalSeparator === ',') {
    if (text.includes('.')) return null;
    text = text.replace(',', '.');
  } else if (text.includes(',')) {
    return null;
  }
  if (!PLAIN_DECIMAL.test(text)) return null;
  const amount = toAmountString(text);
  if (!isNegative || amount === '0') return amount;
  return amount.startsWith('-') ? null : `-${amount}`;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** 'YYYY-MM-DD' when the three numbers make a real calendar day (2012-02-31 does not), else null. */
export function calendarDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const isLeap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 && isLeap ? 29 : DAYS_IN_MONTH[month - 1]!;
  if (day > days) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface TOfxDateTime {
  date: string;
  time: string | null;
  utcOffsetMinutes: number | null;
}

const OFX_DATE = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(?:(\d{2}))?)?/;
const OFX_ZONE = /\[\s*([+-]?\d+(?:\.\d+)?)?\s*(?::[^\]]*)?\]/;

/**
 * OFX's 'YYYYMMDD[HHMMSS[.XXX]][[gmt offset[:tz name]]]'. The calendar day is the one written: a bank's
 * '20090401122017.000[-5:EST]' is April 1st for its customer whatever the zone, so we never shift it.
 * Odd tails seen in real files ('20180804093914:014', '[-:EST]') keep the date and drop what they cannot say.
 */
export function parseOfxDateTime(raw: string): TOfxDateTime | null {
  const text = raw.trim();
  const match = OFX_DATE.exec(text);
  if (!match) return null;
  const date = calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  if (date === null) return null;
  let time: string | null = null;
  if (match[4] !== undefined) {
    const hours = Number(match[4]);
    const minutes = Number(match[5]);
    const seconds = match[6] === undefined ? 0 : Number(match[6]);
    if (hours <= 23 && minutes <= 59 && seconds <= 60) {
      time = `${match[4]}:${match[5]}:${match[6] ?? '00'}`;
    }
  }
  let utcOffsetMinutes: number | null = null;
  const zone = OFX_ZONE.exec(text.slice(match[0].length));
  if (zone?.[1] !== undefined) {
    const hours = Number(zone[1]);
    if (Math.abs(hours) <= 14) utcOffsetMinutes = Math.round(hours * 60);
  }
  return { date, time, utcOffsetMinutes };
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/**
 * Decodes character references once ('&amp;lt;' stays '&lt;': the bank escaped its own text twice and
 * we show what it sent). Unknown names are left as written rather than guessed.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|[a-zA-Z]{2,8});/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Trimmed text, or null for nothing (an empty element is the same as an absent one). */
export function blankToNull(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}
