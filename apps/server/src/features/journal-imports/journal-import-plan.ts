import type { TJournalImportPreview } from '@strata/contracts/journal-imports';
import { isAccountType } from '@strata/core/assets/asset-rules';
import type { TJournalFormat } from '@strata/core/journals/journal-types';
import { accountRef, assetRef, type TJournalPlan } from '@strata/core/journals/map-journal';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { assetRefsOf } from '../transactions/index.ts';
import { createJournalImportsRepository } from './journal-imports.repository.ts';
import { readJournalInWorker, type TJournalRead } from './journal-read.ts';
import { priceCount, type TPackedPrices } from './packed-prices.ts';
import type { TPackedTransactions } from './packed-transactions.ts';

/** A journal mapped and set against what the repository already has. */
export interface TJournalImportCheck {
  plan: Omit<TJournalPlan, 'prices' | 'transactions'>;
  prices: TPackedPrices;
  /** Packed in chunks, with each key's sha256 (`hashes`, in plan order). */
  transactions: TPackedTransactions;
  /** Symbolic ids (`account:…`, `asset:…`) of the plan that the repository already has, to their ids. */
  existing: Map<string, string>;
  /** Plan indexes of transactions an earlier import already wrote. */
  duplicates: Set<number>;
  existingPrices: number;
}

/** Parses and maps a journal (pure, in core), then finds its accounts, assets and transactions already here. */
export async function checkJournal(
  db: Kysely<Database>,
  repository: { id: string | null; currency: string },
  format: TJournalFormat,
  /** The journal's text, or its file's bytes (they move to the reader: the caller must not use them after). */
  text: string | Uint8Array,
  options: { isCountingPrices: boolean; transactionsPerChunk?: number } = { isCountingPrices: true },
): Promise<TJournalImportCheck> {
  const { transactionsPerChunk } = options;
  const read = await readJournalInWorker({
    text,
    format,
    currency: repository.currency,
    ...(transactionsPerChunk === undefined ? {} : { transactionsPerChunk }),
  });
  if (repository.id === null) return checkForNewRepository(read, repository.currency);
  return setAgainstRepository(db, repository.id, read, {
    isFresh: false,
    isCountingPrices: options.isCountingPrices,
  });
}

/** A repository still to be made has nothing yet but, once initialised, its own currency. */
export function checkForNewRepository(read: TJournalRead, currency: string): TJournalImportCheck {
  const { plan, prices, transactions } = read;
  const existing = new Map<string, string>();
  if (plan.instruments.some((i) => i.type === 'currency' && i.ticker === currency))
    existing.set(assetRef(currency), 'new');
  return { plan, prices, transactions, existing, duplicates: new Set(), existingPrices: 0 };
}

/**
 * Finds the read journal's accounts and assets among the repository's, and its transactions and prices
 * among what earlier imports wrote. `isFresh`: the repository was made in this very transaction, so no
 * import can have written to it (its keys and prices are not looked up: 2.6M prices are 520 queries).
 * `isCountingPrices` false: the prices already there are not counted (`existingPrices` is 0) — the import
 * itself does not need that count (its insert skips them and says how many it added), only the preview.
 */
export async function setAgainstRepository(
  db: Kysely<Database>,
  repositoryId: string,
  read: TJournalRead,
  options: { isFresh: boolean; isCountingPrices?: boolean },
): Promise<TJournalImportCheck> {
  const { plan, prices, transactions } = read;
  const { hashes } = transactions;
  const refs = await assetRefsOf(db, repositoryId);
  const accounts = new Map<string, string>();
  const instruments = new Map<string, string>();
  for (const [id, ref] of refs) {
    if (isAccountType(ref.type)) accounts.set(ref.name.toLowerCase(), id);
    else if (ref.ticker)
      instruments.set(`${ref.type === 'currency' ? 'currency' : 'other'}\u0000${ref.ticker}`, id);
  }
  const existing = new Map<string, string>();
  for (const account of plan.accounts) {
    const id = accounts.get(account.name.toLowerCase());
    if (id) existing.set(accountRef(account.name), id);
  }
  for (const instrument of plan.instruments) {
    const id = instruments.get(
      `${instrument.type === 'currency' ? 'currency' : 'other'}\u0000${instrument.ticker}`,
    );
    if (id) existing.set(assetRef(instrument.ticker), id);
  }
  if (options.isFresh)
    return { plan, prices, transactions, existing, duplicates: new Set(), existingPrices: 0 };
  const repo = createJournalImportsRepository(db);
  const known = await repo.existingKeys(repositoryId, hashes);
  const duplicates = new Set<number>();
  hashes.forEach((hash, index) => {
    if (known.has(hash)) duplicates.add(index);
  });
  const existingPrices =
    options.isCountingPrices === false
      ? 0
      : await repo.countExistingPrices(prices, (ticker) => existing.get(assetRef(ticker)));
  return { plan, prices, transactions, existing, duplicates, existingPrices };
}

export function previewOf(check: TJournalImportCheck): TJournalImportPreview {
  const { plan, transactions, existing, duplicates } = check;
  const newAccounts = plan.accounts.filter((a) => !existing.has(accountRef(a.name)));
  const newAssets = plan.instruments.filter((i) => !existing.has(assetRef(i.ticker)));
  const byType: Record<string, number> = {};
  transactions.typeOf.forEach((type, index) => {
    if (duplicates.has(index)) return;
    const name = transactions.typeNames[type] as string;
    byType[name] = (byType[name] ?? 0) + 1;
  });
  return {
    accounts: {
      create: newAccounts.length,
      existing: plan.accounts.length - newAccounts.length,
      names: newAccounts.map((a) => a.name),
    },
    assets: {
      create: newAssets.length,
      existing: plan.instruments.length - newAssets.length,
      tickers: newAssets.map((i) => i.ticker),
    },
    prices: { create: priceCount(check.prices) - check.existingPrices, existing: check.existingPrices },
    transactions: {
      create: transactions.count - duplicates.size,
      existing: duplicates.size,
      by_type: byType,
    },
    refused: plan.refused,
    ignored: plan.ignored,
  };
}
