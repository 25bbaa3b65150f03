// Numbers on dashboards: money in the reporting currency with the dashboard's precision (seed §9: default
// 0 decimals), returns as percents, multiples with '×'. A missing value is '—', never 0.
export const MISSING_TEXT = '—';

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string, precision: number): Intl.NumberFormat {
  const key = `${currency}:${precision}`;
  let format = moneyFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        minimumFractionDigits: precision,
        maximumFractionDigits: precision,
      });
    } catch {
      // A code Intl does not know (a crypto ticker used as the reporting currency): plain number + code.
      format = new Intl.NumberFormat('en-US', {
        minimumFractionDigits: precision,
        maximumFractionDigits: precision,
      });
    }
    moneyFormats.set(key, format);
  }
  return format;
}

const isNumber = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export function formatMoney(value: number | null | undefined, currency: string, precision = 0): string {
  if (!isNumber(value)) return MISSING_TEXT;
  // -0 after rounding reads as '-$0'; show it as zero.
  const rounded = Number(value.toFixed(precision));
  const format = moneyFormat(currency, precision);
  const text = format.format(rounded === 0 ? 0 : rounded);
  return format.resolvedOptions().style === 'currency' ? text : `${text} ${currency}`;
}

export function formatPercent(value: number | null | undefined, digits = 1): string {
  if (!isNumber(value)) return MISSING_TEXT;
  const text = (value * 100).toFixed(digits);
  return `${Number(text) === 0 ? (0).toFixed(digits) : text}%`;
}

/** MOIC, DPI, RVPI, TVPI. */
export function formatMultiple(value: number | null | undefined, digits = 2): string {
  return isNumber(value) ? `${value.toFixed(digits)}×` : MISSING_TEXT;
}
