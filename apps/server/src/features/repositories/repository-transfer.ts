import {
  REPOSITORY_EXPORT_VERSION,
  type TPriceSource,
  type TRepositoryExport,
  ZRepositoryExport,
} from '@strata/contracts/repositories';
import {
  defaultRepositorySettings,
  defaultUserRepoSettings,
} from '@strata/core/repositories/repository-defaults';
import { REPOSITORY_MESSAGES } from '@strata/core/repositories/repository-messages';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { fieldErrorsOf } from '../../plugins/errors.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import {
  documentsExportProblem,
  exportDocuments,
  importDocuments,
  type TImportedFile,
  withFileContents,
} from '../documents/index.ts';
import { createRepositoriesRepository } from './repositories.repository.ts';
import { assertKnownCurrency, assertNameFree, assertPlanAllowsAnother } from './repository-rules.ts';
import {
  insertAssetReturningId,
  insertAssetTagLinks,
  insertEntries,
  insertPrices,
  insertTagReturningId,
  insertTransactionsReturningIds,
  readRepositoryPart,
  setAssetReferences,
} from './repository-transfer.repository.ts';

/**
 * Export and import of a whole repository. Every kind of record the repository holds is listed here:
 * a feature that adds one (prices, transactions, contacts, …) adds it to both functions and to the
 * round-trip test, and a new array in the export contract (defaulting to empty, so old files import).
 */

/** Runs `work` in a transaction, or inside the caller's when `db` already is one (a task's). */
async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/**
 * The whole repository as one document (contract ZRepositoryExport); its rows are read in one transaction,
 * so consistent, and then its stored files' bytes.
 */
export async function exportRepository(
  db: Kysely<Database>,
  fileStore: TFileStore,
  repositoryId: string,
): Promise<TRepositoryExport> {
  const data = await inTransaction(db, async (trx): Promise<TRepositoryExport> => {
    const { repository, assets, tags, assetTags, assetPrices, transactions, entries } =
      await readRepositoryPart(trx, repositoryId);
    if (!repository) throw AppError.notFound(REPOSITORY_MESSAGES.NOT_FOUND);
    const entriesOf = new Map<string, Array<Omit<(typeof entries)[number], 'transaction_id'>>>();
    for (const { transaction_id, ...entry } of entries) {
      entriesOf.set(transaction_id, [...(entriesOf.get(transaction_id) ?? []), entry]);
    }
    return {
      format: 'strata-repository',
      version: REPOSITORY_EXPORT_VERSION,
      exported_at: new Date().toISOString(),
      repository: { name: repository.name, currency: repository.currency, settings: repository.settings },
      assets: assets.map((asset) => ({ ...asset, deleted_at: iso(asset.deleted_at) })),
      tags,
      asset_tags: assetTags,
      // The table's CHECK constraint holds sources to the contract's list.
      asset_prices: assetPrices.map((price) => ({ ...price, source: price.source as TPriceSource })),
      transactions: transactions.map((transaction) => ({
        ...transaction,
        deleted_at: iso(transaction.deleted_at),
        entries: entriesOf.get(transaction.id) ?? [],
      })),
      ...(await exportDocuments(trx, repositoryId)),
    };
  });
  return { ...data, documents: await withFileContents(fileStore, data.documents) };
}

/** Writes an import's stored files; if one fails, the ones written are removed again and the import fails. */
async function writeImportedFiles(fileStore: TFileStore, files: readonly TImportedFile[]): Promise<void> {
  const written: string[] = [];
  try {
    for (const file of files) {
      await fileStore.put(file.key, file.bytes, file.contentType);
      written.push(file.key);
    }
  } catch (error) {
    for (const key of written) await fileStore.delete(key).catch(() => undefined);
    throw error;
  }
}

function invalidFile(message: string, details?: Record<string, unknown>): AppError {
  return new AppError('VALIDATION_FAILED', `The file is not a Strata repository export: ${message}`, {
    ...(details ? { details } : {}),
  });
}

/** Parses an export (object or JSON text); every problem of the file comes back at once, as field errors. */
export function parseRepositoryExport(data: unknown): TRepositoryExport {
  let value = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch (error) {
      throw invalidFile((error as Error).message);
    }
  }
  const parsed = ZRepositoryExport.safeParse(value);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(
      parsed.error.issues.map((issue) => ({
        instancePath: `/${issue.path.join('/')}`,
        message: issue.message,
      })),
      'file',
    );
    throw invalidFile(Object.keys(fieldErrors).slice(0, 5).join(', '), { fieldErrors });
  }
  const assetIds = new Set(parsed.data.assets.map((asset) => asset.id));
  const tagIds = new Set(parsed.data.tags.map((tag) => tag.id));
  if (assetIds.size !== parsed.data.assets.length || tagIds.size !== parsed.data.tags.length) {
    throw invalidFile('ids repeat');
  }
  const tagPairs = new Set(parsed.data.tags.map((tag) => JSON.stringify([tag.tag_name, tag.tag_value])));
  if (tagPairs.size !== parsed.data.tags.length) throw invalidFile('a tag name and value repeat');
  const dangling = parsed.data.asset_tags.find(
    (link) => !assetIds.has(link.asset_id) || !tagIds.has(link.tag_id),
  );
  if (dangling)
    throw invalidFile(`asset_tags names an unknown asset or tag (${dangling.asset_id}, ${dangling.tag_id})`);
  const unknownRef = parsed.data.assets.find(
    (asset) =>
      (asset.currency_asset_id !== null && !assetIds.has(asset.currency_asset_id)) ||
      (asset.parent_id !== null && !assetIds.has(asset.parent_id)),
  );
  if (unknownRef) throw invalidFile(`asset ${unknownRef.id} refers to an unknown asset`);
  const badEntry = parsed.data.transactions.find((transaction) =>
    transaction.entries.some(
      (entry) =>
        !assetIds.has(entry.account_id) ||
        !assetIds.has(entry.asset_id) ||
        (entry.pos_id !== null && !assetIds.has(entry.pos_id)),
    ),
  );
  if (badEntry) throw invalidFile(`transaction ${badEntry.id} refers to an unknown asset`);
  const orphanPrice = parsed.data.asset_prices.find((price) => !assetIds.has(price.asset_id));
  if (orphanPrice) throw invalidFile(`asset_prices names an unknown asset (${orphanPrice.asset_id})`);
  const documentsProblem = documentsExportProblem(parsed.data, assetIds);
  if (documentsProblem) throw invalidFile(documentsProblem);
  return parsed.data;
}

export interface TImportRepositoryInput {
  /** The importing user: the new repository's owner. */
  userId: string;
  /** The repository name (the file name up to its first dot, seed §5). */
  name: string;
  /** The export, parsed or as JSON text. */
  data: unknown;
}

/**
 * Creates a repository owned by `userId` from an export, in ONE transaction (all or nothing), with new ids
 * for every record and the references between them remapped. The same rules as creating one apply:
 * an active subscription, the plan's repository limit, a name free among the user's repositories.
 */
export async function importRepository(
  db: Kysely<Database>,
  fileStore: TFileStore,
  input: TImportRepositoryInput,
): Promise<{ repositoryId: string }> {
  const file = parseRepositoryExport(input.data);
  const name = input.name.trim();
  if (!name) throw invalidFile('no repository name');
  assertKnownCurrency(file.repository.currency);
  return inTransaction(db, async (trx) => {
    await assertPlanAllowsAnother(trx, input.userId);
    await assertNameFree(trx, input.userId, name);
    const repositoryId = await createRepositoriesRepository(trx).insert({
      name,
      currency: file.repository.currency,
      ownerId: input.userId,
      settings: { ...defaultRepositorySettings(), ...file.repository.settings },
      userRepoSettings: defaultUserRepoSettings(),
    });

    const tagIds = new Map<string, string>();
    for (const tag of file.tags) {
      const id = await insertTagReturningId(trx, {
        repository_id: repositoryId,
        tag_name: tag.tag_name,
        tag_value: tag.tag_value,
        created_by: input.userId,
        updated_by: input.userId,
      });
      tagIds.set(tag.id, id);
    }

    const assetIds = new Map<string, string>();
    for (const asset of file.assets) {
      const id = await insertAssetReturningId(trx, {
        repository_id: repositoryId,
        name: asset.name,
        ticker: asset.ticker,
        currency: asset.currency,
        type: asset.type,
        description: asset.description,
        properties: JSON.stringify(asset.properties),
        is_readonly: asset.is_readonly,
        deleted_at: asset.deleted_at ? new Date(asset.deleted_at) : null,
        linked_id: asset.linked_id,
        linked_security_id: asset.linked_security_id,
        linked_account_id: asset.linked_account_id,
        security_info_ticker: asset.security_info_ticker,
        created_by: input.userId,
        updated_by: input.userId,
      });
      assetIds.set(asset.id, id);
    }

    // References between assets, once every asset has its new id.
    for (const asset of file.assets) {
      if (asset.currency_asset_id === null && asset.parent_id === null) continue;
      await setAssetReferences(trx, assetIds.get(asset.id) as string, {
        currency_asset_id: asset.currency_asset_id ? (assetIds.get(asset.currency_asset_id) ?? null) : null,
        parent_id: asset.parent_id ? (assetIds.get(asset.parent_id) ?? null) : null,
      });
    }

    // Batched: a repository can hold millions of daily prices.
    for (let start = 0; start < file.asset_prices.length; start += 5000) {
      await insertPrices(
        trx,
        file.asset_prices.slice(start, start + 5000).map((price) => ({
          repository_id: repositoryId,
          asset_id: assetIds.get(price.asset_id) as string,
          date: price.date,
          close: price.close,
          adjusted_close: price.adjusted_close,
          source: price.source,
          created_by: input.userId,
          updated_by: input.userId,
        })),
      );
    }

    // Batched like prices: a repository can hold 100k transactions.
    for (let start = 0; start < file.transactions.length; start += 2000) {
      const batch = file.transactions.slice(start, start + 2000);
      const ids = await insertTransactionsReturningIds(
        trx,
        batch.map((transaction) => ({
          repository_id: repositoryId,
          type: transaction.type,
          date: transaction.date,
          description: transaction.description,
          source: transaction.source,
          linked_id: transaction.linked_id,
          deleted_at: transaction.deleted_at ? new Date(transaction.deleted_at) : null,
          created_by: input.userId,
          updated_by: input.userId,
        })),
      );
      const entries = ids.flatMap((id, index) =>
        (batch[index]?.entries ?? []).map((entry, position) => ({
          transaction_id: id,
          position,
          repository_id: repositoryId,
          account_id: assetIds.get(entry.account_id) as string,
          asset_id: assetIds.get(entry.asset_id) as string,
          amount: entry.amount,
          pos_id: entry.pos_id ? (assetIds.get(entry.pos_id) ?? null) : null,
        })),
      );
      await insertEntries(trx, entries);
    }

    await insertAssetTagLinks(
      trx,
      file.asset_tags.map((link) => ({
        repository_id: repositoryId,
        asset_id: assetIds.get(link.asset_id) as string,
        tag_id: tagIds.get(link.tag_id) as string,
      })),
    );
    const files = await importDocuments(trx, { repositoryId, userId: input.userId, file, assetIds });
    // Last, so a refused file writes nothing. Should the transaction still fail to commit, the files are
    // left under the keys of a repository that does not exist (docs/documents.md, "Not done").
    await writeImportedFiles(fileStore, files);
    return { repositoryId };
  });
}
