import type { TJournalImportProgress } from '@strata/contracts/journal-imports';
import { accountRef, assetRef } from '@strata/core/journals/map-journal';
import { CATEGORY_TAG, SUBCATEGORY_TAG } from '@strata/core/repositories/initial-content';
import { type TValidTransaction, validateTransaction } from '@strata/core/transactions/validate-transaction';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { bumpDataVersion } from '../../shared/data-version.ts';
import { fieldError } from '../../shared/field-error.ts';
import type { TAccessUser } from '../../shared/repository-access.ts';
import { ensureCurrencyAsset, insertAssetsIn } from '../assets/index.ts';
import { assetRefsOf, insertImportedTransactions } from '../transactions/index.ts';
import type { TJournalImportCheck } from './journal-import-plan.ts';
import { createJournalImportsRepository } from './journal-imports.repository.ts';
import { unpackChunk } from './packed-transactions.ts';

export type TJournalImportReport = (progress: TJournalImportProgress) => Promise<void>;

export interface TJournalImportCounts {
  accounts: number;
  assets: number;
  prices: number;
  transactions: number;
}

/**
 * Writes a checked journal in `trx` (the caller's, so a failure keeps nothing): the missing tags, accounts
 * and assets through the assets feature's own rules, the prices, then the transactions, each checked again
 * by core's validator against the repository as it now is (an existing account of the same name must fit
 * the role), with their keys' hashes — a chunk of the packed transactions at a time.
 */
export async function writeJournal(
  trx: Kysely<Database>,
  user: TAccessUser,
  repository: { id: string; currency: string },
  check: TJournalImportCheck,
  report: TJournalImportReport,
): Promise<TJournalImportCounts> {
  const { plan } = check;
  const repo = createJournalImportsRepository(trx);
  const ids = new Map(check.existing);

  const newAccounts = plan.accounts.filter((account) => !ids.has(accountRef(account.name)));
  const tags = await repo.ensureTags(
    repository.id,
    user.id,
    newAccounts.flatMap((account) => [
      { tag_name: CATEGORY_TAG, tag_value: account.category },
      { tag_name: SUBCATEGORY_TAG, tag_value: account.subcategory },
    ]),
  );
  const accountIds = await insertAssetsIn(
    trx,
    user,
    repository,
    newAccounts.map((account) => ({
      prefix: `account ${account.name}`,
      body: {
        type: account.type,
        name: account.name,
        currency: account.currency,
        tags: [
          tags.get(`${CATEGORY_TAG}\u0000${account.category}`) as string,
          tags.get(`${SUBCATEGORY_TAG}\u0000${account.subcategory}`) as string,
        ],
      },
    })),
  );
  for (const [index, account] of newAccounts.entries())
    ids.set(accountRef(account.name), accountIds[index] as string);
  let createdAssets = 0;
  // Currencies first: a stock's quote currency then exists, and the bulk insert reuses it.
  for (const instrument of plan.instruments) {
    if (instrument.type !== 'currency' || ids.has(assetRef(instrument.ticker))) continue;
    const currency = await ensureCurrencyAsset(trx, {
      repositoryId: repository.id,
      code: instrument.ticker,
      repositoryCurrency: repository.currency,
      userId: user.id,
    });
    ids.set(assetRef(instrument.ticker), currency.id);
    createdAssets += 1;
  }
  const newStocks = plan.instruments.filter((instrument) => !ids.has(assetRef(instrument.ticker)));
  const stockIds = await insertAssetsIn(
    trx,
    user,
    repository,
    newStocks.map((instrument) => ({
      prefix: `asset ${instrument.ticker}`,
      body: {
        type: instrument.type,
        name: instrument.ticker,
        ticker: instrument.ticker,
        currency: instrument.currency,
      },
    })),
  );
  for (const [index, instrument] of newStocks.entries())
    ids.set(assetRef(instrument.ticker), stockIds[index] as string);
  createdAssets += newStocks.length;

  // The stocks made just now have no price yet: theirs skip the conflict check.
  const madeHere = new Set<string>(stockIds);
  const prices = await repo.insertPrices(
    repository.id,
    user.id,
    check.prices,
    (ticker) => ids.get(assetRef(ticker)) as string,
    (ticker) => madeHere.has(ids.get(assetRef(ticker)) as string),
  );

  const refs = await assetRefsOf(trx, repository.id);
  const real = (symbolic: string | null) => (symbolic === null ? null : (ids.get(symbolic) ?? symbolic));
  const { transactions } = check;
  const total = transactions.count - check.duplicates.size;
  const errors: Record<string, string[]> = {};
  let written = 0;
  await report({ stage: 'writing', total, written: 0 });
  // One chunk unpacked, validated and written at a time: memory follows a chunk, not the journal. The chunks
  // written before a failing one stay in `trx` only, so the caller's rollback keeps nothing. After the first
  // invalid transaction nothing more is written, but every chunk is still validated: the refusal lists all
  // the journal's invalid lines, as when all were validated before the first write.
  for (let chunk = 0; chunk < transactions.chunks.length; chunk += 1) {
    const start = chunk * transactions.perChunk;
    const pending: { hash: string; transaction: TValidTransaction }[] = [];
    for (const [offset, planned] of unpackChunk(transactions, chunk).entries()) {
      const index = start + offset;
      if (check.duplicates.has(index)) continue;
      const result = validateTransaction(
        {
          ...planned.transaction,
          entries: planned.transaction.entries.map((entry) => ({
            account_id: real(entry.account_id),
            asset_id: real(entry.asset_id),
            amount: entry.amount,
            pos_id: real(entry.pos_id),
          })),
        },
        refs,
      );
      if (result.ok) pending.push({ hash: transactions.hashes[index] as string, transaction: result.value });
      else
        for (const error of result.errors) {
          const key = `line ${planned.line} ${error.label}`;
          errors[key] = [...(errors[key] ?? []), error.message];
        }
    }
    if (Object.keys(errors).length > 0) {
      // A turn of the event loop now and then: checking 100k in one go would stop the task's heartbeat.
      await new Promise((resolve) => setImmediate(resolve));
      continue;
    }
    const ids = await insertImportedTransactions(
      trx,
      repository.id,
      user.id,
      pending.map((item) => item.transaction),
    );
    await repo.insertKeys(
      repository.id,
      pending.map((item, index) => ({ key: item.hash, transactionId: ids[index] as string })),
    );
    written += pending.length;
    await report({ stage: 'writing', total, written });
  }
  if (Object.keys(errors).length > 0) throw fieldError(errors);
  await bumpDataVersion(trx, repository.id);
  return { accounts: newAccounts.length, assets: createdAssets, prices, transactions: written };
}
