// A parsed journal as Strata would hold it: accounts, instruments, prices and smart transactions, each
// transaction checked by validateTransaction against the catalogue exactly as typed input is. Postings
// become entries by role (docs/journal-import.md has the table); what fits no type is refused with its
// line. Ids in the plan are symbolic (`account:Assets:Broker`, `asset:AAPL`); the server resolves them.
import { EXPENSE_ACCOUNT, INCOME_ACCOUNT } from '../transactions/asset-kinds.ts';
import {
  type TAssetRef,
  type TValidTransaction,
  validateTransaction,
} from '../transactions/validate-transaction.ts';
import { accountRef, assetRef, draftsOf, incomeCategory } from './journal-drafts.ts';
import { accountClassOf, isCurrencyCommodity, resolvePostings, rootedName } from './journal-postings.ts';
import type { TJournalFormat, TJournalNotice, TJournalTransaction, TParsedJournal } from './journal-types.ts';
import { PlannedPrices, type TPackedPrices } from './planned-prices.ts';
import { ResolvedTransactions } from './resolved-transactions.ts';

export { accountRef, assetRef };

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

export const SUBCATEGORY_IMPORTED = 'Imported';

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

/** What the mapping needs of a parsed journal besides its transactions, once the whole file is read. */
export type TJournalRest = Pick<TParsedJournal, 'commodities' | 'prices' | 'refused' | 'ignored'>;

/** The plan but its transactions, which the mapper hands out one by one (`JournalMapper.finish`). */
export type TJournalPlanHead = Omit<TJournalPlan, 'transactions'>;

export interface TJournalMapperOptions {
  format: TJournalFormat;
  currency: string;
  prices?: PlannedPrices | undefined;
  roots?: ReadonlyMap<string, string> | undefined;
}

/**
 * Maps a journal's transactions as the parser reads them (`add`, a parser's transaction sink), then plans
 * them once the whole journal is known (`finish`): each is resolved when read and kept compact
 * (resolved-transactions.ts), and each planned transaction is handed out as it is made, not kept.
 * `currency` is the repository's, in which FX rates are kept; `prices` the sink the parser hands its
 * prices to (made for this `currency`); `roots` an export's account roots (TParsedJournal.roots).
 */
export class JournalMapper {
  private readonly planned: PlannedPrices;
  private readonly resolved = new ResolvedTransactions();
  private readonly refusedTransactions: TJournalNotice[] = [];
  /** Each commodity's first posting line, and the currency its first cost or trade price names. */
  private readonly postedAt = new Map<string, number>();
  private readonly paidIn = new Map<string, string>();
  /** Accounts the resolved postings name: whether they hold instruments, the first currency they hold. */
  private readonly used = new Map<string, { holdsInstruments: boolean; currency: string | null }>();

  private readonly options: TJournalMapperOptions;

  constructor(options: TJournalMapperOptions) {
    this.options = options;
    this.planned = options.prices ?? new PlannedPrices(options.currency);
    if (this.planned.currency !== options.currency)
      throw new Error(`The prices were mapped for ${this.planned.currency}, not ${options.currency}`);
  }

  add(transaction: TJournalTransaction): void {
    for (const posting of transaction.postings) {
      if (!posting.amount) continue;
      const { commodity } = posting.amount;
      if (!this.postedAt.has(commodity)) this.postedAt.set(commodity, posting.line);
      const paid = posting.unitCost ?? posting.totalCost ?? posting.unitPrice ?? posting.totalPrice;
      if (paid && !this.paidIn.has(commodity)) this.paidIn.set(commodity, paid.commodity);
    }
    const result = resolvePostings(this.options.format, transaction, this.options.roots);
    if (!result.ok) {
      this.refusedTransactions.push({ line: result.line, message: result.message });
      return;
    }
    for (const posting of result.postings) {
      const seen = this.used.get(posting.account) ?? { holdsInstruments: false, currency: null };
      if (!posting.isCurrency && posting.commodity) seen.holdsInstruments = true;
      if (posting.isCurrency && !seen.currency) seen.currency = posting.commodity;
      this.used.set(posting.account, seen);
    }
    this.resolved.add({ ...transaction, postings: result.postings });
  }

  /** Plans every transaction added, handing each to `emit` in order; answers the rest of the plan. */
  finish(journal: TJournalRest, emit: (transaction: TPlannedTransaction) => void): TJournalPlanHead {
    const { currency } = this.options;
    const roots = this.options.roots;
    const planned = this.planned;
    planned.addAll(journal.prices);
    const refused = [...journal.refused, ...this.refusedTransactions];
    const ignored = [...journal.ignored];

    // Instruments: every commodity that is not a currency; its quote currency is the first price's, else
    // the first cost's or trade price's. A commodity's line is its declaration's, else its first price's,
    // else its first posting's.
    const quote = new Map<string, string>(planned.quotes);
    for (const [symbol, paid] of this.paidIn) if (!quote.has(symbol)) quote.set(symbol, paid);
    const firstLine = new Map<string, number>(journal.commodities);
    for (const sightings of [planned.sightings, this.postedAt])
      for (const [symbol, line] of sightings) if (!firstLine.has(symbol)) firstLine.set(symbol, line);
    const instruments = new Set<string>();
    const currencies = new Set<string>([currency]);
    for (const symbol of firstLine.keys())
      if (isCurrencyCommodity(symbol)) currencies.add(symbol);
      else instruments.add(symbol);

    const plannedInstruments: TPlannedInstrument[] = [...currencies]
      .sort()
      .map((ticker) => ({ ticker, type: 'currency' as const, currency }));
    for (const ticker of [...instruments].sort()) {
      const quotedIn = quote.get(ticker);
      if (!quotedIn || !isCurrencyCommodity(quotedIn)) {
        refused.push({
          line: firstLine.get(ticker) ?? 0,
          message: `Commodity ${ticker}: no price or cost names the currency it is quoted in, so it cannot be valued`,
        });
        continue;
      }
      plannedInstruments.push({ ticker, type: 'stock', currency: quotedIn });
    }
    // The prices' own refusals after the commodities' (a line may have both: `P … EUR 1.1 FOO`).
    refused.push(...planned.refused);

    // Accounts: named by the journal; holding accounts hold instruments or only cash.
    const accounts: TPlannedAccount[] = [];
    for (const [name, seen] of [...this.used].sort(([a], [b]) => a.localeCompare(b))) {
      const accountClass = accountClassOf(name, roots);
      const accountCurrency = seen.currency ?? currency;
      if (accountClass === 'holding')
        accounts.push({
          name,
          currency: accountCurrency,
          ...holdingKind(rootedName(name, roots), seen.holdsInstruments),
        });
      else if (accountClass === 'income')
        accounts.push({
          name,
          type: INCOME_ACCOUNT,
          currency: accountCurrency,
          category: incomeCategory(name),
          subcategory: SUBCATEGORY_IMPORTED,
        });
      else if (accountClass === 'expense')
        accounts.push({
          name,
          type: EXPENSE_ACCOUNT,
          currency: accountCurrency,
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

    // Only accounts an entry names are made (a gain account whose postings Strata computes is not).
    const named = new Set<string>();
    const occurrences = new Map<string, number>();
    for (const source of this.resolved) {
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
      if (errors.length > 0) {
        refused.push({ line: source.line, message: errors.join('; ') });
        continue;
      }
      for (const transaction of checked) {
        for (const e of transaction.transaction.entries) named.add(e.account_id);
        emit(transaction);
      }
    }

    refused.sort((a, b) => a.line - b.line);
    ignored.sort((a, b) => a.line - b.line);
    return {
      accounts: accounts.filter((account) => named.has(accountRef(account.name))),
      instruments: plannedInstruments,
      prices: planned.packed(),
      refused,
      ignored,
    };
  }
}

/** Maps a journal parsed whole (an export, or a journal in tests): `JournalMapper` with the plan kept. */
export function mapJournal(
  journal: TParsedJournal,
  options: { currency: string; prices?: PlannedPrices },
): TJournalPlan {
  const mapper = new JournalMapper({ format: journal.format, ...options, roots: journal.roots });
  for (const transaction of journal.transactions) mapper.add(transaction);
  const transactions: TPlannedTransaction[] = [];
  const head = mapper.finish(journal, (transaction) => transactions.push(transaction));
  return { ...head, transactions };
}
