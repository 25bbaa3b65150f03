// The smart-transaction type catalogue, served at GET /api/transactions_settings (core seed §3,
// DOMAIN.md "Smart transactions"). Types are data: each entry slot says which accounts and assets it
// takes, how its amount is signed, and what the entry means (its role). docs/domain.md works one example
// of every type; `type-examples.ts` holds the same examples as data.
//
// Sign convention: amounts are double-entry signed, so a transaction whose currency entries cover its
// other entries sums to zero in value. Position entries are unit changes (+ in, − out); income entries
// are negative (a credit); expense entries are positive (a debit). Whatever does not sum to zero is the
// external flow (DOMAIN.md "Value flows"). Commitment, split and valuation entries carry no value flow.
import {
  CURRENCY_TYPES,
  EXPENSE_ACCOUNT,
  INCOME_ACCOUNT,
  INSTRUMENT_TYPES,
  NON_CURRENCY_TYPES,
  POSTING_ACCOUNT_KINDS,
  PRIVATE_TYPES,
  type TAssetKind,
  TRADED_TYPES,
  type TReportingCategory,
} from './asset-kinds.ts';

/**
 * What an entry does (DOMAIN.md roles, plus two of ours):
 * - position: changes the units of `asset` held in holding `account`;
 * - income / expense: books income or cost in an income / expense account, in units of a currency;
 * - commitment: changes the unfunded commitment to a private fund held in `account` (no units, no value);
 * - split: multiplies the units of `asset` in `account` by the amount (a ratio); value and cost carry over;
 * - valuation: marks the market value of the (account, asset) position, in the asset's quote currency,
 *   for holdings without a price feed; it changes no units and is no flow.
 */
export const ENTRY_ROLES = ['position', 'income', 'expense', 'commitment', 'split', 'valuation'] as const;
export type TEntryRole = (typeof ENTRY_ROLES)[number];

/**
 * How an amount is checked and signed. The sign of positive/negative/nonNegative/nonPositive is forced
 * (a pasted −10 on a positive slot is stored as 10); see validate-transaction.ts.
 * ratio: a positive multiplier (2 for a 2-for-1 split, 0.5 for 1-for-2); percent: a fraction in [−1, 1] ≠ 0.
 */
export const AMOUNT_RULES = [
  'positive',
  'negative',
  'nonNegative',
  'nonPositive',
  'any',
  'percent',
  'ratio',
  'one',
] as const;
export type TAmountRule = (typeof AMOUNT_RULES)[number];

export const TRANSACTION_GROUPS = [
  'cash',
  'transfer',
  'investment account',
  'income and expense',
  'adjustment',
  'private fund',
] as const;
export type TTransactionGroup = (typeof TRANSACTION_GROUPS)[number];

/**
 * Which assets an entry's account or asset may be. `includes` lists allowed asset types; `value` fixes
 * the account's Category tag to a reporting category (e.g. a dividend must be booked in an income account
 * tagged 'cash dividend', such as the pre-created one). `optional` lets the whole entry stay blank.
 */
export interface TRefSetting {
  includes: readonly TAssetKind[];
  value?: TReportingCategory;
  optional?: boolean;
}

export interface TAmountSetting {
  rule: TAmountRule;
  optional?: boolean;
}

export interface TEntrySetting {
  title: string;
  role: TEntryRole;
  account: TRefSetting;
  asset: TRefSetting;
  amount: TAmountSetting;
  /** Income and expense entries may name the position they belong to (pos_id = the instrument's asset id). */
  isAttributable: boolean;
  accountDescription: string;
  assetDescription: string;
  amountDescription: string;
}

export interface TTransactionTypeDefinition {
  name: string;
  group: TTransactionGroup;
  description: string;
  /** Plan gating as data: PRO-only types are served read-only to other plans. */
  isProOnly: boolean;
  /** Linked-data mapping rules may not produce this type (linked seed: cash dividend, cash interest, realized gain or loss). */
  isMappingTarget: boolean;
  entries: readonly TEntrySetting[];
}

/** One type as served at GET /api/transactions_settings for a given plan. */
export interface TTransactionTypeSetting extends TTransactionTypeDefinition {
  readonly: boolean;
}

// --- entry builders: each names the accounting meaning once ---------------------------------------------

const holding = { includes: POSTING_ACCOUNT_KINDS };
const currencyAsset = { includes: CURRENCY_TYPES };

function cash(
  title: string,
  rule: TAmountRule,
  amountDescription: string,
  isOptional = false,
): TEntrySetting {
  return {
    title,
    role: 'position',
    account: { ...holding, optional: isOptional || undefined },
    asset: { ...currencyAsset, optional: isOptional || undefined },
    amount: { rule, optional: isOptional || undefined },
    isAttributable: false,
    accountDescription: 'The account the cash moves in or out of',
    assetDescription: 'The currency',
    amountDescription,
  };
}

function position(
  title: string,
  assets: readonly TAssetKind[],
  rule: TAmountRule,
  amountDescription: string,
): TEntrySetting {
  return {
    title,
    role: 'position',
    account: holding,
    asset: { includes: assets },
    amount: { rule },
    isAttributable: false,
    accountDescription: 'The account that holds the position',
    assetDescription: 'What is held',
    amountDescription,
  };
}

function income(
  title: string,
  category: TReportingCategory | undefined,
  rule: TAmountRule = 'negative',
): TEntrySetting {
  return {
    title,
    role: 'income',
    account: { includes: [INCOME_ACCOUNT], value: category },
    asset: currencyAsset,
    amount: { rule },
    isAttributable: true,
    accountDescription: category
      ? `An income account tagged '${category}'`
      : 'The income account to book it in',
    assetDescription: 'The currency of the income',
    amountDescription: 'Income, entered as a positive number and stored negative (a credit)',
  };
}

function expense(title: string, amountDescription: string, isOptional = false): TEntrySetting {
  return {
    title,
    role: 'expense',
    account: { includes: [EXPENSE_ACCOUNT], optional: isOptional || undefined },
    asset: { ...currencyAsset, optional: isOptional || undefined },
    amount: { rule: 'positive', optional: isOptional || undefined },
    isAttributable: true,
    accountDescription: 'The expense account to book it in',
    assetDescription: 'The currency of the cost',
    amountDescription,
  };
}

function commitment(rule: TAmountRule, amountDescription: string, isOptional = false): TEntrySetting {
  return {
    title: 'Commitment',
    role: 'commitment',
    account: { ...holding, optional: isOptional || undefined },
    asset: { includes: PRIVATE_TYPES, optional: isOptional || undefined },
    amount: { rule, optional: isOptional || undefined },
    isAttributable: false,
    accountDescription: 'The account that holds the fund',
    assetDescription: 'The private fund or security',
    amountDescription,
  };
}

const fee = () => expense('Fee', 'Commission or fee paid, included in the cash amount', true);

function type(
  name: string,
  group: TTransactionGroup,
  description: string,
  entries: TEntrySetting[],
  flags: { isProOnly?: boolean; isMappingTarget?: boolean } = {},
): TTransactionTypeDefinition {
  return {
    name,
    group,
    description,
    isProOnly: flags.isProOnly ?? false,
    isMappingTarget: flags.isMappingTarget ?? true,
    entries,
  };
}

const pro = { isProOnly: true };

export const TRANSACTION_TYPES: readonly TTransactionTypeDefinition[] = [
  // cash
  type('deposit', 'cash', 'Cash paid in from outside the repository', [
    cash('Cash', 'positive', 'Amount paid in'),
  ]),
  type('withdrawal', 'cash', 'Cash taken out of the repository', [
    cash('Cash', 'negative', 'Amount taken out'),
  ]),
  type('currency exchange', 'cash', 'One currency exchanged for another', [
    cash('Sold', 'negative', 'Amount of the currency sold, including any fee'),
    cash('Bought', 'positive', 'Amount of the currency received'),
    fee(),
  ]),
  // transfer
  type('transfer', 'transfer', 'Cash or units moved between two accounts of the repository', [
    {
      ...position('From', INSTRUMENT_TYPES, 'negative', 'Units (or cash) leaving'),
      accountDescription: 'The account it leaves',
    },
    {
      ...position('To', INSTRUMENT_TYPES, 'positive', 'Units (or cash) arriving'),
      accountDescription: 'The account it enters',
    },
  ]),
  type('transfer in', 'transfer', 'Units or cash arriving from outside the repository', [
    position('Position', INSTRUMENT_TYPES, 'positive', 'Units (or cash) arriving'),
  ]),
  type('transfer out', 'transfer', 'Units or cash leaving the repository', [
    position('Position', INSTRUMENT_TYPES, 'negative', 'Units (or cash) leaving'),
  ]),
  // investment account
  type('buy', 'investment account', 'Units bought for cash', [
    position('Position', NON_CURRENCY_TYPES, 'positive', 'Units bought'),
    cash('Cash', 'negative', 'Total paid, including any fee'),
    fee(),
  ]),
  type('sell', 'investment account', 'Units sold for cash', [
    position('Position', NON_CURRENCY_TYPES, 'negative', 'Units sold'),
    cash('Cash', 'positive', 'Net proceeds received, after any fee'),
    fee(),
  ]),
  type('dividend', 'investment account', 'A cash dividend from a listed holding', [
    cash('Cash', 'positive', 'Dividend received'),
    income('Dividend', 'cash dividend'),
  ]),
  type('interest', 'investment account', 'Cash interest from a bond, deposit or account', [
    cash('Cash', 'positive', 'Interest received'),
    income('Interest', 'cash interest'),
  ]),
  // income and expense
  type('income', 'income and expense', 'Income received in cash', [
    cash('Cash', 'positive', 'Amount received'),
    income('Income', undefined),
  ]),
  type('expense', 'income and expense', 'A cost paid in cash', [
    cash('Cash', 'negative', 'Amount paid'),
    expense('Expense', 'The cost'),
  ]),
  type(
    'fee',
    'income and expense',
    'A fee charged on an account or position (advisory, custody, account fees)',
    [cash('Cash', 'negative', 'Amount paid'), expense('Fee', 'The fee')],
  ),
  // adjustment
  type('stock split', 'adjustment', 'Units multiplied by a ratio; value and cost basis unchanged', [
    {
      ...position(
        'Position',
        TRADED_TYPES,
        'ratio',
        'New units per old unit: 2 for a 2-for-1 split, 0.5 for 1-for-2',
      ),
      role: 'split',
    },
  ]),
  type('valuation', 'adjustment', 'A market value mark for a holding without a price feed', [
    {
      ...position(
        'Position',
        NON_CURRENCY_TYPES,
        'nonNegative',
        "Market value of the whole position in the asset's currency",
      ),
      role: 'valuation',
    },
  ]),
  // private fund and private security (PRO)
  type(
    'subscribe and commit',
    'private fund',
    'A commitment to a fund, to be called later',
    [commitment('positive', 'Capital committed')],
    pro,
  ),
  type(
    'subscribe and fund',
    'private fund',
    'A subscription paid in full at once; it counts as committed, called and contributed',
    [
      position('Position', PRIVATE_TYPES, 'positive', 'Units (or capital) subscribed'),
      cash('Cash', 'negative', 'Amount paid'),
    ],
    pro,
  ),
  type(
    'capital call',
    'private fund',
    'Capital called against the commitment and paid',
    [
      commitment('negative', 'Capital called, reducing the unfunded commitment'),
      position('Position', PRIVATE_TYPES, 'positive', 'Units (or capital) received for the call'),
      cash('Cash', 'negative', 'Amount paid'),
    ],
    pro,
  ),
  type(
    'capital contribution',
    'private fund',
    'Capital paid in without drawing the commitment (e.g. an equalisation payment)',
    [
      position('Position', PRIVATE_TYPES, 'positive', 'Units (or capital) received'),
      cash('Cash', 'negative', 'Amount paid'),
    ],
    pro,
  ),
  type(
    'capital return',
    'private fund',
    'A distribution returning capital; it cannot be called again',
    [
      cash('Cash', 'positive', 'Amount received'),
      position('Position', PRIVATE_TYPES, 'negative', 'Units (or capital) returned'),
    ],
    pro,
  ),
  type(
    'recallable capital return',
    'private fund',
    'A distribution returning capital that the fund may call again; it restores the unfunded commitment',
    [
      cash('Cash', 'positive', 'Amount received'),
      position('Position', PRIVATE_TYPES, 'negative', 'Units (or capital) returned'),
      commitment('positive', 'Recallable amount added back to the unfunded commitment'),
    ],
    pro,
  ),
  type(
    'release of commitment',
    'private fund',
    'Part of the commitment released without a call (e.g. at the end of the investment period)',
    [commitment('negative', 'Commitment released')],
    pro,
  ),
  type(
    'fund fees',
    'private fund',
    'Fees charged by the fund and paid in cash, optionally drawn from the commitment',
    [
      { ...expense('Fees', 'Fees charged'), assetDescription: 'The currency of the fees' },
      cash('Cash', 'negative', 'Amount paid'),
      commitment('negative', 'Part of the fees called against the commitment', true),
    ],
    pro,
  ),
  type(
    'cash dividend',
    'private fund',
    'A dividend distribution from a private fund or security',
    [cash('Cash', 'positive', 'Dividend received'), income('Dividend', 'cash dividend')],
    { ...pro, isMappingTarget: false },
  ),
  type(
    'cash interest',
    'private fund',
    'An interest distribution from a private fund or security',
    [cash('Cash', 'positive', 'Interest received'), income('Interest', 'cash interest')],
    { ...pro, isMappingTarget: false },
  ),
  type(
    'realized gain or loss',
    'private fund',
    'The gain part of a distribution (or a loss reported by the fund)',
    [
      cash('Cash', 'any', 'Amount received (negative if paid)'),
      income('Gain or loss', 'realized gain or loss', 'any'),
    ],
    { ...pro, isMappingTarget: false },
  ),
];

/** The catalogue as served to a user: PRO-only types are read-only unless the plan includes them. */
export function transactionSettingsFor(options: { canUseProTypes: boolean }): TTransactionTypeSetting[] {
  return TRANSACTION_TYPES.map((definition) => ({
    ...definition,
    readonly: definition.isProOnly && !options.canUseProTypes,
  }));
}

export function findTransactionType(
  name: string,
  catalogue: readonly TTransactionTypeDefinition[] = TRANSACTION_TYPES,
): TTransactionTypeDefinition | undefined {
  return catalogue.find((definition) => definition.name === name);
}

/** Types that linked-data mapping rules may produce. */
export function mappingTargetTypes(
  catalogue: readonly TTransactionTypeDefinition[] = TRANSACTION_TYPES,
): string[] {
  return catalogue.filter((definition) => definition.isMappingTarget).map((definition) => definition.name);
}

export interface TEntryDraft {
  account_id?: string | null;
  asset_id?: string | null;
  amount?: string | number | null;
  pos_id?: string | null;
}

/** Seed §4: changing a transaction's type re-applies its default entries — one blank entry per slot. */
export function defaultEntries(definition: TTransactionTypeDefinition): TEntryDraft[] {
  return definition.entries.map(() => ({ account_id: null, asset_id: null, amount: null, pos_id: null }));
}
