// Amounts as both journal formats write them: `10 AAPL`, `-1,500.00 USD`, `$1500`, `-$5`, `EUR 20`,
// `"VWRL2" 3`. The decimal mark is the period; a comma is a thousands separator (a journal written with
// a decimal comma is refused by the parser, which sees `decimal-mark ,`).
import type { TJournalAmount } from './journal-types.ts';

const SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP' };

const NUMBER = String.raw`[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?`;
const COMMODITY = String.raw`"[^"]+"|[$€£]|[A-Za-z_][^\s\d"@{}=;,()+*/-]*`;
const NUMBER_FIRST = new RegExp(`^(${NUMBER})\\s*(${COMMODITY})$`);
const COMMODITY_FIRST = new RegExp(`^([-+]?)\\s*(${COMMODITY})\\s*(${NUMBER})$`);

function commodityOf(text: string): string {
  const unquoted = text.startsWith('"') ? text.slice(1, -1) : text;
  return SYMBOLS[unquoted] ?? unquoted;
}

const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

function numberOf(text: string): string | null {
  // Most amounts (every price line) are already plain: the rewrites below would leave them as they are.
  if (PLAIN_NUMBER.test(text)) return text;
  const plain = text.replace(/,/g, '').replace(/^\+/, '');
  if (!/\d/.test(plain)) return null;
  const normal = plain.replace(/^(-?)\./, '$10.');
  return /^-?\d+(\.\d+)?$/.test(normal) ? normal : null;
}

/** One amount, or null when `text` is not one (an expression, a bare number without commodity …). */
export function parseJournalAmount(text: string): TJournalAmount | null {
  const trimmed = text.trim();
  const numberFirst = NUMBER_FIRST.exec(trimmed);
  if (numberFirst) {
    const quantity = numberOf(numberFirst[1] ?? '');
    return quantity === null ? null : { quantity, commodity: commodityOf(numberFirst[2] ?? '') };
  }
  const commodityFirst = COMMODITY_FIRST.exec(trimmed);
  if (commodityFirst) {
    const quantity = numberOf(commodityFirst[3] ?? '');
    if (quantity === null) return null;
    const negative = (commodityFirst[1] === '-') !== quantity.startsWith('-');
    const magnitude = quantity.replace(/^-/, '');
    return {
      quantity: negative ? `-${magnitude}` : magnitude,
      commodity: commodityOf(commodityFirst[2] ?? ''),
    };
  }
  return null;
}
