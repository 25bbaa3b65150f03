// A parsed journal as Strata would hold it: accounts, instruments, prices and smart transactions, each
// transaction checked by validateTransaction against the catalogue exactly as typed input is. Postings
// become entries by role (docs/journal-import.md has the table); what fits no type is refused with its
// line. Ids in the plan are symbolic (`account:Assets:Broker`, `asset:AAPL`); the server resolves them.
import type { Decimal } from '../money/decimal.ts';
import { EXPENSE_ACCOUNT, INCOME_ACCOUNT, type TReportingCategory } from '../transactions/asset-kinds.ts';
import type { TEntryDraft } from '../transactions/catalogue.ts';
import {
  type TAssetRef,
  type TValidTransaction,
  validateTransaction,
} from '../transactions/validate-transaction.ts';
import {
  accountClassOf,
  isCurrencyCommodity,
  resolvePostings,
  rootedName,
  type TResolvedPosting,
} from './journal-postings.ts';
import type { TJournalNotice, TParsedJournal } from './journal-types.ts';
import { PlannedPrices, type TPackedPrices } from './planned-prices.ts';

export interface TPlannedAccount {
  /** The journal's full account name, which becomes the account's name. */
  name: string;
  type: string;
  currency: string;
  category: string;
  subcategory: string;
}

export interface TPlannedInstrument {
  ticker: string;
  type: 'currency' | 'stock';
  /** The quote currency (for a currency: the repository's, its FX rates being quoted in it). */
  currency: string;
}

export interface TPlannedTransaction {
  line: number;
  /** Same journal, same key: what makes a second import of one file add nothing. */
  key: string;
  transaction: TValidTransaction;
}

export interface TJournalPlan {
  accounts: TPlannedAccount[];
  instruments: TPlannedInstrument[];
  /** Packed (planned-prices.ts): a journal may bring millions. */
  prices: TPackedPrices;
  transactions: TPlannedTransaction[];
  /** Could not be mapped: nothing of these lines would be created. */
  refused: TJournalNotice[];
  /** Read and left out on purpose (balance assertions, gain postings Strata computes itself …). */
  ignored: TJournalNotice[];
}

export const accountRef = (name: string) => `account:${name}`;
export const assetRef = (ticker: string) => `asset:${ticker}`;
export const SUBCATEGORY_IMPORTED = 'Imported';

/** Income accounts: dividend and interest types need their account's Category to be that category. */
function incomeCategory(account: string): TReportingCategory {
  if (/dividend/i.test(account)) return 'cash dividend';
  if (/interest/i.test(account)) return 'cash interest';
  return 'current income';
}

function holdingKind(
  account: string,
  holdsInstruments: boolean,
): { type: string; category: string; subcategory: string } {
  if (/^liabilit/i.test(account))
    return /card/i.test(account)
      ? { type: 'credit card', category: 'Liabilities', subcategory: 'Credit card' }
      : { type: 'loan', category: 'Liabilities', subcategory: 'Loan' };
  return holdsInstruments
    ? { type: 'investment account', category: 'Investments', subcategory: 'Brokerage' }
    : { type: 'bank account', category: 'Cash', subcategory: 'Checking' };
}

interface TDraft {
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
function draftsOf(postings: TResolvedPosting[], instruments: ReadonlySet<string>): TDraft[] | string {
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

/**
 * Maps a parsed journal; `currency` is the repository's, in which FX rates are kept. `prices`: the sink the
 * parser already handed its prices to (parseJournal's `prices` option, made for this `currency`); the
 * journal's own `prices`, if any, are mapped into it too.
 */
export function mapJournal(
  journal: TParsedJournal,
  options: { currency: string; prices?: PlannedPrices },
): TJournalPlan {
  const planned = options.prices ?? new PlannedPrices(options.currency);
  if (planned.currency !== options.currency)
    throw new Error(`The prices were mapped for ${planned.currency}, not ${options.currency}`);
  planned.addAll(journal.prices);
  const refused = [...journal.refused];
  const ignored = [...journal.ignored];
  const resolved: { line: number; description: string; date: string; postings: TResolvedPosting[] }[] = [];
  for (const transaction of journal.transactions) {
    const result = resolvePostings(journal.format, transaction, journal.roots);
    if (!result.ok) refused.push({ line: result.line, message: result.message });
    else resolved.push({ ...transaction, postings: result.postings });
  }

  // Instruments: every commodity that is not a currency; its quote currency is the first price's, else
  // the first cost's or trade price's.
  const quote = new Map<string, string>(planned.quotes);
  const instruments = new Set<string>();
  const currencies = new Set<string>([options.currency]);
  const firstLine = new Map<string, number>(journal.commodities);
  const noted = new Set<string>();
  const noteCommodity = (symbol: string, line: number) => {
    // Once per symbol, not once per price (millions): the first sighting decides it all.
    if (noted.has(symbol)) return;
    noted.add(symbol);
    if (!firstLine.has(symbol)) firstLine.set(symbol, line);
    if (isCurrencyCommodity(symbol)) currencies.add(symbol);
    else instruments.add(symbol);
  };
  for (const [symbol, line] of planned.sightings) noteCommodity(symbol, line);
  for (const transaction of journal.transactions)
    for (const posting of transaction.postings) {
      if (!posting.amount) continue;
      noteCommodity(posting.amount.commodity, posting.line);
      const paid = posting.unitCost ?? posting.totalCost ?? posting.unitPrice ?? posting.totalPrice;
      if (paid && !quote.has(posting.amount.commodity)) quote.set(posting.amount.commodity, paid.commodity);
    }
  for (const [symbol, line] of journal.commodities) noteCommodity(symbol, line);

  const plannedInstruments: TPlannedInstrument[] = [...currencies]
    .sort()
    .map((ticker) => ({ ticker, type: 'currency' as const, currency: options.currency }));
  const unquoted = new Set<string>();
  for (const ticker of [...instruments].sort()) {
    const currency = quote.get(ticker);
    if (!currency || !isCurrencyCommodity(currency)) {
      unquoted.add(ticker);
      refused.push({
        line: firstLine.get(ticker) ?? 0,
        message: `Commodity ${ticker}: no price or cost names the currency it is quoted in, so it cannot be valued`,
      });
      continue;
    }
    plannedInstruments.push({ ticker, type: 'stock', currency });
  }
  // The prices' own refusals after the commodities' (a line may have both: `P … EUR 1.1 FOO`).
  refused.push(...planned.refused);

  // Accounts: named by the journal; holding accounts hold instruments or only cash.
  const used = new Map<string, { holdsInstruments: boolean; currency: string | null }>();
  for (const transaction of resolved)
    for (const posting of transaction.postings) {
      const seen = used.get(posting.account) ?? { holdsInstruments: false, currency: null };
      if (!posting.isCurrency && posting.commodity) seen.holdsInstruments = true;
      if (posting.isCurrency && !seen.currency) seen.currency = posting.commodity;
      used.set(posting.account, seen);
    }
  const accounts: TPlannedAccount[] = [];
  for (const [name, seen] of [...used].sort(([a], [b]) => a.localeCompare(b))) {
    const accountClass = accountClassOf(name, journal.roots);
    const currency = seen.currency ?? options.currency;
    if (accountClass === 'holding')
      accounts.push({
        name,
        currency,
        ...holdingKind(rootedName(name, journal.roots), seen.holdsInstruments),
      });
    else if (accountClass === 'income')
      accounts.push({
        name,
        type: INCOME_ACCOUNT,
        currency,
        category: incomeCategory(name),
        subcategory: SUBCATEGORY_IMPORTED,
      });
    else if (accountClass === 'expense')
      accounts.push({
        name,
        type: EXPENSE_ACCOUNT,
        currency,
        category: /interest/i.test(name) ? 'interest expense' : 'Expenses',
        subcategory: SUBCATEGORY_IMPORTED,
      });
  }

  const refs = new Map<string, TAssetRef>();
  for (const account of accounts)
    refs.set(accountRef(account.name), {
      type: account.type,
      name: account.name,
      category: account.category,
    });
  for (const instrument of plannedInstruments)
    refs.set(assetRef(instrument.ticker), { type: instrument.type, name: instrument.ticker });

  const transactions: TPlannedTransaction[] = [];
  const occurrences = new Map<string, number>();
  for (const source of resolved) {
    const drafts = draftsOf(source.postings, instruments);
    if (typeof drafts === 'string') {
      refused.push({ line: source.line, message: drafts });
      continue;
    }
    const checked: TPlannedTransaction[] = [];
    const errors: string[] = [];
    for (const draft of drafts) {
      const result = validateTransaction(
        {
          type: draft.type,
          date: source.date,
          description: source.description.slice(0, 255) || null,
          entries: draft.entries,
        },
        refs,
      );
      if (!result.ok) {
        errors.push(...result.errors.map((e) => `${draft.type}: ${e.label}: ${e.message}`));
        continue;
      }
      const value = result.value;
      const base = [
        value.date,
        value.type,
        value.description ?? '',
        ...value.entries.map((e) => `${e.account_id}|${e.asset_id}|${e.amount}|${e.pos_id ?? ''}`),
      ].join('\u001f');
      const count = (occurrences.get(base) ?? 0) + 1;
      occurrences.set(base, count);
      checked.push({ line: source.line, key: `${base}\u001f${count}`, transaction: value });
      for (const gain of draft.dropped)
        ignored.push({
          line: gain.line,
          message: `Gain posting to ${gain.account}: Strata computes the realized gain by its cost method`,
        });
    }
    if (errors.length > 0) refused.push({ line: source.line, message: errors.join('; ') });
    else transactions.push(...checked);
  }

  refused.sort((a, b) => a.line - b.line);
  ignored.sort((a, b) => a.line - b.line);
  // Only accounts an entry names are made (a gain account whose postings Strata computes is not).
  const named = new Set(transactions.flatMap((t) => t.transaction.entries.map((e) => e.account_id)));
  return {
    accounts: accounts.filter((account) => named.has(accountRef(account.name))),
    instruments: plannedInstruments,
    prices: planned.packed(),
    transactions,
    refused,
    ignored,
  };
}
