// What a ledger/hledger or beancount journal says, as read by parse-journal.ts: directives and
// transactions with their line numbers, before any mapping onto Strata (map-journal.ts). Quantities are
// exact decimal text, never floats.

/** Plain-text journals, then other tools' exports read into the same shape (ghostfolio.ts, wealthfolio.ts,
 * portfolio-performance.ts). */
export const JOURNAL_FORMATS = [
  'ledger',
  'beancount',
  'ghostfolio',
  'wealthfolio',
  'portfolio_performance',
] as const;
export type TJournalFormat = (typeof JOURNAL_FORMATS)[number];

export interface TJournalAmount {
  /** Exact decimal text, signed ('-10', '1500.25'). */
  quantity: string;
  /** The commodity symbol, quotes removed ('AAPL', 'USD'); '$', '€', '£' read as USD, EUR, GBP. */
  commodity: string;
}

export interface TJournalPosting {
  line: number;
  account: string;
  /** Null when elided: the transaction's balance gives it. */
  amount: TJournalAmount | null;
  /** `{150 USD}` (per unit) or `{{1500 USD}}` (total): the cost basis. */
  unitCost?: TJournalAmount;
  totalCost?: TJournalAmount;
  /** `{}`: a reduction at the cost the lots say (beancount booking), not written in the posting. */
  hasEmptyCost?: boolean;
  /** `@ 150 USD` (per unit) or `@@ 1500 USD` (total). */
  unitPrice?: TJournalAmount;
  totalPrice?: TJournalAmount;
}

export interface TJournalTransaction {
  line: number;
  /** 'YYYY-MM-DD'. */
  date: string;
  description: string;
  postings: TJournalPosting[];
}

/** `P 2024-01-31 AAPL 185.20 USD` / `2024-01-31 price AAPL 185.20 USD`. */
export interface TJournalPrice {
  line: number;
  date: string;
  commodity: string;
  price: TJournalAmount;
}

export interface TJournalNotice {
  line: number;
  message: string;
}

export interface TParsedJournal {
  format: TJournalFormat;
  /** Declared accounts (`account X`, `open`), by name, with the line that declared them. */
  accounts: Map<string, number>;
  /** Declared commodities (`commodity X`), by symbol. */
  commodities: Map<string, number>;
  prices: TJournalPrice[];
  transactions: TJournalTransaction[];
  /** Read and deliberately not carried (balance assertions, options, notes …): reported, never blocking. */
  ignored: TJournalNotice[];
  /** Not understood or not supported (include, automated transactions, pad …): reported with the line. */
  refused: TJournalNotice[];
  /**
   * An export's accounts have plain names (`Broker`), not a journal's rooted ones (`Assets:Broker`): the root
   * (`Assets`, `Liabilities`, `Income`, `Expenses`, `Equity`) that classes each, by name. Absent for journals.
   */
  roots?: Map<string, string>;
}
