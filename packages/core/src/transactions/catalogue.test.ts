import { describe, expect, it } from 'vitest';
import { ALL_ASSET_KINDS, REPORTING_CATEGORIES } from './asset-kinds.ts';
import {
  AMOUNT_RULES,
  defaultEntries,
  ENTRY_ROLES,
  findTransactionType,
  mappingTargetTypes,
  TRANSACTION_TYPES,
  transactionSettingsFor,
} from './catalogue.ts';
import { MAX_ENTRIES } from './validate-transaction.ts';

const PRIVATE_TEN = [
  'subscribe and fund',
  'subscribe and commit',
  'capital call',
  'capital contribution',
  'capital return',
  'recallable capital return',
  'release of commitment',
  'fund fees',
  'cash dividend',
  'cash interest',
];

describe('transaction catalogue', () => {
  it('has the seed types and the ones users expect', () => {
    const names = TRANSACTION_TYPES.map((t) => t.name);
    for (const name of ['buy', 'sell', 'transfer in', 'transfer out', ...PRIVATE_TEN])
      expect(names).toContain(name);
    for (const name of [
      'deposit',
      'withdrawal',
      'transfer',
      'income',
      'expense',
      'fee',
      'stock split',
      'valuation',
    ]) {
      expect(names).toContain(name);
    }
    expect(new Set(names).size).toBe(names.length);
  });

  it('puts buy and sell in the investment account group and transfers in the transfer group', () => {
    expect(findTransactionType('buy')?.group).toBe('investment account');
    expect(findTransactionType('sell')?.group).toBe('investment account');
    expect(findTransactionType('transfer in')?.group).toBe('transfer');
    expect(findTransactionType('transfer out')?.group).toBe('transfer');
  });

  it('marks exactly the private fund group PRO-only', () => {
    for (const definition of TRANSACTION_TYPES) {
      expect(definition.isProOnly, definition.name).toBe(definition.group === 'private fund');
    }
    for (const name of PRIVATE_TEN) expect(findTransactionType(name)?.isProOnly).toBe(true);
  });

  it('serves PRO-only types read-only to other plans', () => {
    const free = transactionSettingsFor({ canUseProTypes: false });
    const paid = transactionSettingsFor({ canUseProTypes: true });
    expect(free.find((t) => t.name === 'capital call')?.readonly).toBe(true);
    expect(free.find((t) => t.name === 'buy')?.readonly).toBe(false);
    expect(paid.every((t) => !t.readonly)).toBe(true);
    expect(JSON.parse(JSON.stringify(free))).toHaveLength(TRANSACTION_TYPES.length);
  });

  it('excludes cash dividend, cash interest and realized gain or loss from mapping targets', () => {
    const targets = mappingTargetTypes();
    for (const name of ['cash dividend', 'cash interest', 'realized gain or loss'])
      expect(targets).not.toContain(name);
    expect(targets).toContain('buy');
    expect(TRANSACTION_TYPES.filter((t) => !t.isMappingTarget)).toHaveLength(3);
  });

  it('keeps every slot well-formed', () => {
    for (const definition of TRANSACTION_TYPES) {
      expect(definition.entries.length, definition.name).toBeGreaterThan(0);
      expect(definition.entries.length, definition.name).toBeLessThanOrEqual(MAX_ENTRIES);
      let isOptionalSeen = false;
      for (const entry of definition.entries) {
        expect(ENTRY_ROLES).toContain(entry.role);
        expect(AMOUNT_RULES).toContain(entry.amount.rule);
        for (const kind of [...entry.account.includes, ...entry.asset.includes])
          expect(ALL_ASSET_KINDS).toContain(kind);
        if (entry.account.value) expect(REPORTING_CATEGORIES).toContain(entry.account.value);
        expect(
          entry.title && entry.accountDescription && entry.assetDescription && entry.amountDescription,
        ).toBeTruthy();
        const isOptional = Boolean(entry.account.optional && entry.asset.optional && entry.amount.optional);
        // Optional slots are trailing, so dropping a blank one never shifts a filled one.
        if (isOptionalSeen) expect(isOptional, `${definition.name}: ${entry.title}`).toBe(true);
        isOptionalSeen ||= isOptional;
        expect(entry.isAttributable).toBe(entry.role === 'income' || entry.role === 'expense');
      }
    }
  });

  it('books income and expense in income and expense accounts, commitments on private assets', () => {
    for (const entry of TRANSACTION_TYPES.flatMap((t) => t.entries)) {
      if (entry.role === 'income') expect(entry.account.includes).toEqual(['income account']);
      if (entry.role === 'expense') expect(entry.account.includes).toEqual(['expense account']);
      if (entry.role === 'commitment')
        expect(entry.asset.includes).toEqual(['private fund', 'private security']);
      if (entry.role === 'position') expect(entry.account.includes).not.toContain('grouping account');
    }
  });

  it('gives one blank default entry per slot', () => {
    const buy = findTransactionType('buy');
    expect(buy && defaultEntries(buy)).toEqual([
      { account_id: null, asset_id: null, amount: null, pos_id: null },
      { account_id: null, asset_id: null, amount: null, pos_id: null },
      { account_id: null, asset_id: null, amount: null, pos_id: null },
    ]);
  });
});
