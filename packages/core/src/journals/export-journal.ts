// What the Ghostfolio and Wealthfolio readers share: an export's activities written as journal
// transactions (postings with plain account names and a root each), so that they become smart
// transactions by role through map-journal.ts exactly as a ledger journal does. An activity's number (its
// index in Ghostfolio's list, its line in Wealthfolio's CSV) stands where a journal has a line number.
import { Decimal } from '../money/decimal.ts';
import type {
  TJournalFormat,
  TJournalNotice,
  TJournalPosting,
  TJournalPrice,
  TJournalTransaction,
  TParsedJournal,
} from './journal-types.ts';

/** The accounts an export does not name but its activities need, with the root that classes each. */
export const EXPORT_ACCOUNTS = {
  fees: { name: 'Fees', root: 'Expenses' },
  taxes: { name: 'Taxes', root: 'Expenses' },
  dividends: { name: 'Dividends', root: 'Income' },
  interest: { name: 'Interest', root: 'Income' },
  income: { name: 'Other income', root: 'Income' },
  opening: { name: 'Opening balances', root: 'Equity' },
} as const;

/** A number as an export writes it (JSON number or CSV text) as exact decimal text, or null. */
export function decimalText(value: unknown): string | null {
  if (typeof value === 'number')
    // A JSON number's shortest text (`1e-7` for tiny ones): its exponent is bounded by the double.
    return Number.isFinite(value) ? new Decimal(String(value)).toFixed() : null;
  if (typeof value !== 'string') return null;
  // Text has no exponent: `1e999999999` written out would be a billion digits.
  const text = value.trim();
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) ? new Decimal(text).toFixed() : null;
}

/** 'YYYY-MM-DD' of an ISO date or date-time (the UTC day: an export does not say its owner's zone). */
export function dayOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? match[0] : null;
}

export const amount = (quantity: Decimal | string, commodity: string) => ({
  quantity: typeof quantity === 'string' ? quantity : quantity.toFixed(),
  commodity,
});

/** Collects an export's transactions, prices and notices, and the root of every account it names. */
export class ExportJournal {
  readonly transactions: TJournalTransaction[] = [];
  readonly prices: TJournalPrice[] = [];
  readonly ignored: TJournalNotice[] = [];
  readonly refused: TJournalNotice[] = [];
  readonly roots = new Map<string, string>();
  readonly format: TJournalFormat;

  constructor(format: TJournalFormat) {
    this.format = format;
  }

  account(name: string, root: string): string {
    if (!this.roots.has(name)) this.roots.set(name, root);
    return name;
  }

  /** An account of the export's own (it holds cash and positions). */
  holding(name: string): string {
    return this.account(name, 'Assets');
  }

  posting(
    line: number,
    account: string,
    quantity: Decimal | string | null,
    commodity: string,
    extra: Partial<TJournalPosting> = {},
  ): TJournalPosting {
    return {
      line,
      account,
      amount: quantity === null ? null : amount(quantity, commodity),
      ...extra,
    };
  }

  add(line: number, date: string, description: string, postings: TJournalPosting[]) {
    this.transactions.push({ line, date, description, postings });
  }

  /** A fee or tax taken off an activity that is not a trade: its own `fee` transaction from the cash. */
  charge(line: number, date: string, description: string, cash: string, value: Decimal, currency: string) {
    if (value.isZero()) return;
    this.add(line, date, description, [
      this.posting(line, this.account(EXPORT_ACCOUNTS.fees.name, EXPORT_ACCOUNTS.fees.root), value, currency),
      this.posting(line, cash, null, currency),
    ]);
  }

  refuse(line: number, message: string) {
    this.refused.push({ line, message });
  }

  ignore(line: number, message: string) {
    this.ignored.push({ line, message });
  }

  journal(): TParsedJournal {
    return {
      format: this.format,
      accounts: new Map(),
      commodities: new Map(),
      prices: this.prices,
      transactions: this.transactions,
      ignored: this.ignored,
      refused: this.refused,
      roots: this.roots,
    };
  }
}
