// A journal's resolved transactions, kept from the moment each is read until the whole journal is known
// (an account's kind, and so every transaction's validation, depends on all of its postings). They are kept
// in columns of numbers and short strings, not as objects: 100k transactions as parsed and resolved objects
// (decimal.js quantities, a posting object each) were about 3 KB apiece in the reader's heap.
import { Decimal } from '../money/decimal.ts';
import type { TPostingClass, TResolvedPosting } from './journal-postings.ts';

export interface TResolvedTransaction {
  line: number;
  date: string;
  description: string;
  postings: TResolvedPosting[];
}

const CLASSES: readonly TPostingClass[] = ['holding', 'income', 'expense', 'external'];

export class ResolvedTransactions {
  /** Account names, commodities and dates, which repeat: the columns hold their indexes. */
  private readonly names: string[] = [];
  private readonly indexOf = new Map<string, number>();
  private readonly lines: number[] = [];
  private readonly dates: number[] = [];
  private readonly descriptions: string[] = [];
  private readonly postingCounts: number[] = [];
  private readonly postingLines: number[] = [];
  private readonly accounts: number[] = [];
  private readonly commodities: number[] = [];
  /** The class's index, plus 4 for a currency. */
  private readonly kinds: number[] = [];
  /** Exact decimal text; null where only lot booking knows the amount. */
  private readonly quantities: (string | null)[] = [];

  get size(): number {
    return this.lines.length;
  }

  private name(value: string): number {
    let index = this.indexOf.get(value);
    if (index === undefined) {
      index = this.names.push(value) - 1;
      this.indexOf.set(value, index);
    }
    return index;
  }

  add(transaction: TResolvedTransaction): void {
    this.lines.push(transaction.line);
    this.dates.push(this.name(transaction.date));
    this.descriptions.push(transaction.description);
    this.postingCounts.push(transaction.postings.length);
    for (const posting of transaction.postings) {
      this.postingLines.push(posting.line);
      this.accounts.push(this.name(posting.account));
      this.commodities.push(this.name(posting.commodity));
      this.kinds.push(CLASSES.indexOf(posting.accountClass) + (posting.isCurrency ? 4 : 0));
      this.quantities.push(posting.quantity === null ? null : posting.quantity.toFixed());
    }
  }

  /** Each transaction made again as resolved, in the order added; one at a time, so none is kept. */
  *[Symbol.iterator](): Generator<TResolvedTransaction> {
    let at = 0;
    for (let index = 0; index < this.lines.length; index += 1) {
      const postings: TResolvedPosting[] = [];
      for (let end = at + (this.postingCounts[index] as number); at < end; at += 1) {
        const kind = this.kinds[at] as number;
        const quantity = this.quantities[at] as string | null;
        postings.push({
          line: this.postingLines[at] as number,
          account: this.names[this.accounts[at] as number] as string,
          accountClass: CLASSES[kind % 4] as TPostingClass,
          commodity: this.names[this.commodities[at] as number] as string,
          isCurrency: kind >= 4,
          quantity: quantity === null ? null : new Decimal(quantity),
        });
      }
      yield {
        line: this.lines[index] as number,
        date: this.names[this.dates[index] as number] as string,
        description: this.descriptions[index] as string,
        postings,
      };
    }
  }
}
