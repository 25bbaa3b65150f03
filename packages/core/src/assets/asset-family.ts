// Which list an asset type belongs to, apart from the asset rules: the web app's shell names the lists on every
// page, and importing these two functions from asset-rules.ts would put the rules' whole graph (the field rules
// and decimal.js, the ISO currency list) in the shell's first load (docs/benchmarks.md, issue 23).
import { EXPENSE_ACCOUNT, INCOME_ACCOUNT, isHoldingAccountKind } from '../transactions/asset-kinds.ts';

/** Holding accounts and income/expense accounts: the types whose ticker follows the name. */
export function isAccountType(type: string): boolean {
  return isHoldingAccountKind(type) || type === INCOME_ACCOUNT || type === EXPENSE_ACCOUNT;
}

/** Which list a type belongs to in the web app (and in the 'Go to deleted …' offer). */
export type TAssetFamily = 'asset' | 'currency' | 'account';

export function assetFamily(type: string): TAssetFamily {
  if (type === 'currency') return 'currency';
  return isAccountType(type) ? 'account' : 'asset';
}
