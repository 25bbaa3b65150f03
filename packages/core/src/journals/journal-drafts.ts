// One journal transaction's resolved postings as smart-transaction drafts, by the postings' roles
// (docs/journal-import.md has the table): what fits no transaction type is a refusal message.
import type { Decimal } from '../money/decimal.ts';
import type { TReportingCategory } from '../transactions/asset-kinds.ts';
import type { TEntryDraft } from '../transactions/catalogue.ts';
import type { TResolvedPosting } from './journal-postings.ts';

export const accountRef = (name: string) => `account:${name}`;
export const assetRef = (ticker: string) => `asset:${ticker}`;

/** Income accounts: dividend and interest types need their account's Category to be that category. */
export function incomeCategory(account: string): TReportingCategory {
  if (/dividend/i.test(account)) return 'cash dividend';
  if (/interest/i.test(account)) return 'cash interest';
  return 'current income';
}

export interface TDraft {
  type: string;
  entries: TEntryDraft[];
  /** Postings read but carried by Strata's own computation (a sale's gain). */
  dropped: TResolvedPosting[];
}

const entry = (p: TResolvedPosting, quantity?: Decimal, pos?: string | null): TEntryDraft => ({
  account_id: accountRef(p.account),
  asset_id: assetRef(p.commodity),
  amount: (quantity ?? (p.quantity as Decimal)).toFixed(),
  pos_id: pos ? assetRef(pos) : null,
});

const sign = (p: TResolvedPosting) => (p.quantity === null ? 0 : p.quantity.isNegative() ? -1 : 1);

/** The instrument an income or expense account names by its last segment (Income:Dividends:AAPL → AAPL). */
function positionOf(account: string, instruments: ReadonlySet<string>): string | null {
  const last = account.split(':').at(-1) ?? '';
  return instruments.has(last) ? last : null;
}

/** One journal transaction as smart-transaction drafts (an expense split in several gives several). */
export function draftsOf(postings: TResolvedPosting[], instruments: ReadonlySet<string>): TDraft[] | string {
  const holding = postings.filter((p) => p.accountClass === 'holding');
  const income = postings.filter((p) => p.accountClass === 'income');
  const expense = postings.filter((p) => p.accountClass === 'expense');
  const external = postings.filter((p) => p.accountClass === 'external');
  const unknown = postings.find((p) => p.quantity === null && p.accountClass !== 'income');
  if (unknown) return `The amount of the posting to ${unknown.account} depends on lot booking`;
  const units = holding.filter((p) => !p.isCurrency);
  const cash = holding.filter((p) => p.isCurrency);
  const fees = expense.filter((p) => p.isCurrency && sign(p) > 0);

  // buy / sell: units one way, cash the other, an optional fee; a sale's gain posting is Strata's to compute.
  if (
    units.length === 1 &&
    cash.length === 1 &&
    external.length === 0 &&
    fees.length === expense.length &&
    fees.length <= 1
  ) {
    const [position, money] = [units[0] as TResolvedPosting, cash[0] as TResolvedPosting];
    const fee = fees[0];
    if (sign(position) > 0 && sign(money) < 0 && income.length === 0)
      return [
        {
          type: 'buy',
          entries: [
            entry(position),
            entry(money),
            ...(fee ? [entry(fee, undefined, position.commodity)] : []),
          ],
          dropped: [],
        },
      ];
    if (sign(position) < 0 && sign(money) > 0 && income.length <= 1)
      return [
        {
          type: 'sell',
          entries: [
            entry(position),
            entry(money),
            ...(fee ? [entry(fee, undefined, position.commodity)] : []),
          ],
          dropped: income,
        },
      ];
  }
  if (income.some((p) => p.quantity === null)) return 'A posting without a known amount outside a sale';
  // transfer between two accounts of the repository
  if (holding.length === 2 && postings.length === 2) {
    const [a, b] = holding as [TResolvedPosting, TResolvedPosting];
    if (a.commodity === b.commodity && (a.quantity as Decimal).plus(b.quantity as Decimal).isZero()) {
      const [from, to] = sign(a) < 0 ? [a, b] : [b, a];
      return [{ type: 'transfer', entries: [entry(from), entry(to)], dropped: [] }];
    }
  }
  // currency exchange
  if (
    cash.length === 2 &&
    units.length === 0 &&
    income.length === 0 &&
    external.length === 0 &&
    fees.length === expense.length &&
    fees.length <= 1
  ) {
    const [a, b] = cash as [TResolvedPosting, TResolvedPosting];
    if (a.commodity !== b.commodity && sign(a) !== sign(b)) {
      const [sold, bought] = sign(a) < 0 ? [a, b] : [b, a];
      return [
        {
          type: 'currency exchange',
          entries: [entry(sold), entry(bought), ...(fees[0] ? [entry(fees[0])] : [])],
          dropped: [],
        },
      ];
    }
  }
  // income: cash in, one income posting of the same amount
  if (cash.length === 1 && income.length === 1 && postings.length === 2) {
    const [money, booked] = [cash[0] as TResolvedPosting, income[0] as TResolvedPosting];
    if (money.commodity === booked.commodity && sign(money) > 0 && sign(booked) < 0) {
      const category = incomeCategory(booked.account);
      const type =
        category === 'cash dividend' ? 'dividend' : category === 'cash interest' ? 'interest' : 'income';
      return [
        {
          type,
          entries: [entry(money), entry(booked, undefined, positionOf(booked.account, instruments))],
          dropped: [],
        },
      ];
    }
  }
  // expenses: cash out, one or several costs in its currency; each cost its own transaction
  if (cash.length === 1 && postings.length === 1 + expense.length && expense.length >= 1) {
    const money = cash[0] as TResolvedPosting;
    const allCosts = expense.every((p) => p.commodity === money.commodity && sign(p) > 0);
    if (allCosts && sign(money) < 0)
      return expense.map((cost) => ({
        type: /fee|commission|charge/i.test(cost.account) ? 'fee' : 'expense',
        entries: [
          entry(money, (cost.quantity as Decimal).negated()),
          entry(cost, undefined, positionOf(cost.account, instruments)),
        ],
        dropped: [],
      }));
  }
  // from or to outside the repository (equity: opening balances)
  if (external.length > 0 && income.length === 0 && expense.length === 0 && holding.length >= 1) {
    return holding.map((p) => ({
      type: p.isCurrency
        ? sign(p) > 0
          ? 'deposit'
          : 'withdrawal'
        : sign(p) > 0
          ? 'transfer in'
          : 'transfer out',
      entries: [entry(p)],
      dropped: [],
    }));
  }
  const shape = postings.map((p) => `${p.account} ${p.quantity?.toFixed() ?? '?'} ${p.commodity}`).join(', ');
  return `No transaction type takes these postings: ${shape}`;
}
