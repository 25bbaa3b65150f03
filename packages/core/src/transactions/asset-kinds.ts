// Asset types as the transaction catalogue sees them (DOMAIN.md "Things in a repository"). One assets
// table holds instruments, holding accounts and income/expense accounts, told apart by `type`.
//
// Both lists in DOMAIN.md contain "other"; one `type` column cannot hold the same string for two meanings,
// so the instrument is 'other' and the holding account is 'other account'.

export const INSTRUMENT_TYPES = [
  'currency',
  'cryptocurrency',
  'stock',
  'etf',
  'bond',
  'mutual fund',
  'private fund',
  'private security',
  'real estate',
  'vehicle',
  'collectible',
  'other',
] as const;
export type TInstrumentType = (typeof INSTRUMENT_TYPES)[number];

export const HOLDING_ACCOUNT_KINDS = [
  'bank account',
  'credit card',
  'crypto wallet',
  'grouping account',
  'investment account',
  'loan',
  'other account',
  'person',
  'trust',
] as const;
export type THoldingAccountKind = (typeof HOLDING_ACCOUNT_KINDS)[number];

export const INCOME_ACCOUNT = 'income account';
export const EXPENSE_ACCOUNT = 'expense account';

export type TAssetKind =
  | TInstrumentType
  | THoldingAccountKind
  | typeof INCOME_ACCOUNT
  | typeof EXPENSE_ACCOUNT;

export const ALL_ASSET_KINDS: readonly TAssetKind[] = [
  ...INSTRUMENT_TYPES,
  ...HOLDING_ACCOUNT_KINDS,
  INCOME_ACCOUNT,
  EXPENSE_ACCOUNT,
];

/** Fixed reporting categories (DOMAIN.md); each has one pre-created, read-only income or expense account. */
export const REPORTING_CATEGORIES = [
  'unrealized gain and income',
  'cash dividend',
  'cash interest',
  'current income',
  'realized gain or loss',
  'interest expense',
] as const;
export type TReportingCategory = (typeof REPORTING_CATEGORIES)[number];

// Groupings the catalogue uses. A grouping account only groups other accounts (a tree), so it never
// holds entries itself.
export const POSTING_ACCOUNT_KINDS: readonly THoldingAccountKind[] = HOLDING_ACCOUNT_KINDS.filter(
  (kind) => kind !== 'grouping account',
);
export const CURRENCY_TYPES: readonly TInstrumentType[] = ['currency'];
/** Instruments with units and (usually) a market price feed. */
export const TRADED_TYPES: readonly TInstrumentType[] = [
  'stock',
  'etf',
  'bond',
  'mutual fund',
  'cryptocurrency',
  'other',
];
export const PRIVATE_TYPES: readonly TInstrumentType[] = ['private fund', 'private security'];
export const NON_CURRENCY_TYPES: readonly TInstrumentType[] = INSTRUMENT_TYPES.filter(
  (type) => type !== 'currency',
);

export function isInstrumentType(type: string): type is TInstrumentType {
  return (INSTRUMENT_TYPES as readonly string[]).includes(type);
}

export function isHoldingAccountKind(type: string): type is THoldingAccountKind {
  return (HOLDING_ACCOUNT_KINDS as readonly string[]).includes(type);
}
