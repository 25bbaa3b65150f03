// A journal transaction's postings with every amount known: the elided one filled from the balance, each
// posting classed by its account's root (DOMAIN.md roles: holding accounts carry positions, income and
// expense accounts book income and cost, equity is outside the repository).

import { Decimal } from '../money/decimal.ts';
import { isIsoCurrencyCode } from '../repositories/iso-currencies.ts';
import type { TJournalFormat, TJournalPosting, TJournalTransaction } from './journal-types.ts';

export type TPostingClass = 'holding' | 'income' | 'expense' | 'external';

export interface TResolvedPosting {
  line: number;
  account: string;
  accountClass: TPostingClass;
  commodity: string;
  isCurrency: boolean;
  /** Null only for a posting whose amount depends on lot booking (`{}` with no price): a gain posting. */
  quantity: Decimal | null;
}

const ROOTS: Record<string, TPostingClass> = {
  assets: 'holding',
  asset: 'holding',
  liabilities: 'holding',
  liability: 'holding',
  income: 'income',
  revenue: 'income',
  revenues: 'income',
  expenses: 'expense',
  expense: 'expense',
  equity: 'external',
};

export function accountClassOf(account: string, roots?: ReadonlyMap<string, string>): TPostingClass | null {
  const root = (roots?.get(account) ?? account.split(':')[0])?.toLowerCase() ?? '';
  return ROOTS[root] ?? null;
}

/** The account's name with its root in front, as a journal writes it (what the kind rules read). */
export const rootedName = (account: string, roots?: ReadonlyMap<string, string>) => {
  const root = roots?.get(account);
  return root ? `${root}:${account}` : account;
};

export const isCurrencyCommodity = (symbol: string) => isIsoCurrencyCode(symbol);

/**
 * What a posting weighs in the balance, in which commodity; null when only lot booking knows it. ledger and
 * hledger balance on the price (`@`) before the lot cost; beancount on the cost before the price.
 */
function weightOf(
  format: TJournalFormat,
  posting: TJournalPosting,
): { commodity: string; quantity: Decimal } | null {
  const amount = posting.amount;
  if (!amount) return null;
  const units = new Decimal(amount.quantity);
  const sign = units.isNegative() ? -1 : 1;
  const byPrice = posting.totalPrice
    ? {
        commodity: posting.totalPrice.commodity,
        quantity: new Decimal(posting.totalPrice.quantity).abs().times(sign),
      }
    : posting.unitPrice
      ? { commodity: posting.unitPrice.commodity, quantity: units.times(posting.unitPrice.quantity) }
      : null;
  const byCost = posting.totalCost
    ? {
        commodity: posting.totalCost.commodity,
        quantity: new Decimal(posting.totalCost.quantity).abs().times(sign),
      }
    : posting.unitCost
      ? { commodity: posting.unitCost.commodity, quantity: units.times(posting.unitCost.quantity) }
      : null;
  if (posting.hasEmptyCost && format === 'beancount') return null;
  const weight = format === 'beancount' ? (byCost ?? byPrice) : (byPrice ?? byCost);
  if (weight) return weight;
  if (posting.hasEmptyCost) return null;
  return { commodity: amount.commodity, quantity: units };
}

function decimalsOf(quantity: string): number {
  return quantity.split('.')[1]?.length ?? 0;
}

export type TResolution =
  | { ok: true; postings: TResolvedPosting[] }
  | { ok: false; line: number; message: string };

/** Fills the elided amount and checks the balance (to half a unit of the finest amount written). */
export function resolvePostings(
  format: TJournalFormat,
  transaction: TJournalTransaction,
  roots?: ReadonlyMap<string, string>,
): TResolution {
  const elided = transaction.postings.filter((posting) => posting.amount === null);
  if (elided.length > 1)
    return { ok: false, line: transaction.line, message: 'More than one posting without an amount' };
  const sums = new Map<string, Decimal>();
  let hasUnknownWeight = false;
  let finest = 0;
  for (const posting of transaction.postings) {
    if (!posting.amount) continue;
    finest = Math.max(finest, decimalsOf(posting.amount.quantity));
    const weight = weightOf(format, posting);
    if (!weight) {
      hasUnknownWeight = true;
      continue;
    }
    sums.set(weight.commodity, (sums.get(weight.commodity) ?? new Decimal(0)).plus(weight.quantity));
  }
  const tolerance = new Decimal(0.5).times(new Decimal(10).pow(-Math.max(finest, 2)));
  const open = [...sums].filter(([, sum]) => sum.abs().greaterThan(tolerance));
  const postings: TResolvedPosting[] = [];
  for (const posting of transaction.postings) {
    const accountClass = accountClassOf(posting.account, roots);
    if (!accountClass)
      return {
        ok: false,
        line: posting.line,
        message: `Account ${posting.account} is under none of Assets, Liabilities, Income, Expenses, Equity`,
      };
    let commodity: string;
    let quantity: Decimal | null;
    if (posting.amount) {
      commodity = posting.amount.commodity;
      quantity = new Decimal(posting.amount.quantity);
    } else if (hasUnknownWeight) {
      commodity = '';
      quantity = null;
    } else if (open.length === 1) {
      const [onlyCommodity, sum] = open[0] as [string, Decimal];
      commodity = onlyCommodity;
      quantity = sum.negated();
    } else if (open.length === 0) {
      continue; // an elided posting of nothing
    } else {
      return {
        ok: false,
        line: posting.line,
        message: `The elided amount would be in ${open.length} commodities (${open.map(([c]) => c).join(', ')})`,
      };
    }
    postings.push({
      line: posting.line,
      account: posting.account,
      accountClass,
      commodity,
      isCurrency: isCurrencyCommodity(commodity),
      quantity,
    });
  }
  if (elided.length === 0 && !hasUnknownWeight && open.length > 0) {
    const [commodity, sum] = open[0] as [string, Decimal];
    return {
      ok: false,
      line: transaction.line,
      message: `Does not balance: ${sum.toFixed()} ${commodity} left`,
    };
  }
  return { ok: true, postings: postings.filter((p) => p.quantity === null || !p.quantity.isZero()) };
}
