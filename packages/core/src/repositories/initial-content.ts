// What initialising a repository creates (DOMAIN.md "Things in a repository"): one read-only income or
// expense account per fixed reporting category, each tagged Category and Subcategory, and — when the
// user asked for them (settings.init_default_tags) — a starter set of Category/Subcategory tags for
// the accounts they will add.
import {
  EXPENSE_ACCOUNT,
  INCOME_ACCOUNT,
  REPORTING_CATEGORIES,
  type TReportingCategory,
} from '../transactions/asset-kinds.ts';

export const CATEGORY_TAG = 'Category';
export const SUBCATEGORY_TAG = 'Subcategory';

export interface TTagPair {
  tag_name: string;
  tag_value: string;
}

export interface TPreCreatedAccount {
  name: string;
  type: typeof INCOME_ACCOUNT | typeof EXPENSE_ACCOUNT;
  /** The fixed reporting category, which is also the account's Category tag value. */
  category: TReportingCategory;
  subcategory: string;
}

/** Pre-created accounts carry this Subcategory, so users can tell them from their own accounts. */
export const PRE_CREATED_SUBCATEGORY = 'Default';

function accountName(category: TReportingCategory): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}

/**
 * The Category tag holds the reporting category exactly as the transaction catalogue names it, so a
 * catalogue entry fixed to 'cash dividend' finds its account by tag.
 */
export const PRE_CREATED_ACCOUNTS: readonly TPreCreatedAccount[] = REPORTING_CATEGORIES.map((category) => ({
  name: accountName(category),
  type: category === 'interest expense' ? EXPENSE_ACCOUNT : INCOME_ACCOUNT,
  category,
  subcategory: PRE_CREATED_SUBCATEGORY,
}));

export function accountTags(account: TPreCreatedAccount): TTagPair[] {
  return [
    { tag_name: CATEGORY_TAG, tag_value: account.category },
    { tag_name: SUBCATEGORY_TAG, tag_value: account.subcategory },
  ];
}

/** The starter tags for holding accounts; a user edits or deletes them like any other tag. */
const DEFAULT_ACCOUNT_CATEGORIES: Record<string, readonly string[]> = {
  Cash: ['Checking', 'Savings', 'Money market'],
  Investments: ['Brokerage', 'Retirement', 'Education'],
  'Private markets': ['Private equity', 'Venture capital', 'Private credit', 'Real estate funds'],
  'Real assets': ['Real estate', 'Vehicles', 'Collectibles'],
  Liabilities: ['Mortgage', 'Credit card', 'Loan'],
  Crypto: ['Exchange', 'Wallet'],
};

export function defaultTags(): TTagPair[] {
  const tags: TTagPair[] = [];
  for (const [category, subcategories] of Object.entries(DEFAULT_ACCOUNT_CATEGORIES)) {
    tags.push({ tag_name: CATEGORY_TAG, tag_value: category });
    for (const subcategory of subcategories) tags.push({ tag_name: SUBCATEGORY_TAG, tag_value: subcategory });
  }
  return tags;
}

/** Every tag an initialisation needs: the pre-created accounts' tags, plus the defaults when asked; no duplicates. */
export function initialTags(options: { withDefaultTags: boolean }): TTagPair[] {
  const all = [
    ...PRE_CREATED_ACCOUNTS.flatMap(accountTags),
    ...(options.withDefaultTags ? defaultTags() : []),
  ];
  const seen = new Set<string>();
  return all.filter((tag) => {
    const key = `${tag.tag_name}\u0000${tag.tag_value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
