import { buildDemoRepository, type TDemoRepository } from '@strata/core/demo/demo-repository';
import { validateDocument } from '@strata/core/documents/document-rules';
import { PRE_CREATED_ACCOUNTS } from '@strata/core/repositories/initial-content';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { createAssetsService } from '../features/assets/assets.service.ts';
import { createContactsService } from '../features/contacts/contacts.service.ts';
import { createDocumentTagsService } from '../features/documents/document-tags.service.ts';
import { setDocumentTags } from '../features/documents/documents.repository.ts';
import { createRepositoriesService } from '../features/repositories/repositories.service.ts';
import { createTransactionsService } from '../features/transactions/transactions.service.ts';
import { bumpDataVersion } from '../shared/data-version.ts';
import {
  assetsOf,
  currencyAssetsOf,
  insertDocumentReturningId,
  insertMissingPrices,
  insertMissingTags,
  repositoryNamesOf,
  tagsOf,
} from './seed-demo.repository.ts';

export interface TSeedDemoResult {
  repositoryId: string;
  name: string;
  assets: number;
  prices: number;
  transactions: number;
  contacts: number;
  documents: number;
}

/** A name not yet among the user's repositories: 'Demo Family Office', then '… 2', '… 3'. */
async function freeName(db: Kysely<Database>, userId: string, base: string): Promise<string> {
  const taken = new Set((await repositoryNamesOf(db, userId)).map((name) => name.toLowerCase()));
  for (let suffix = 1; ; suffix += 1) {
    const name = suffix === 1 ? base : `${base} ${suffix}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

/**
 * Fills a new repository of `userId` with the demo data through the same services the API uses (so every
 * record passes the product's rules); prices go in as one batch, as a market-data sync would write them.
 */
export async function seedDemoRepository(
  db: Kysely<Database>,
  userId: string,
  options: { today: string; demo?: TDemoRepository },
): Promise<TSeedDemoResult> {
  const demo = options.demo ?? buildDemoRepository({ today: options.today });
  const user = { id: userId };
  const repositories = createRepositoriesService(db);
  const name = await freeName(db, userId, demo.name);
  const repository = await repositories.create(user, { name, currency: demo.currency });
  await repositories.initialize(user, repository.id);

  // Tags the demo's accounts need, beside the initial ones.
  const pairs = new Map(
    demo.assets.flatMap((asset) => asset.tags.map((tag) => [`${tag.tag_name}\u0000${tag.tag_value}`, tag])),
  );
  await insertMissingTags(
    db,
    [...pairs.values()].map((tag) => ({
      ...tag,
      repository_id: repository.id,
      created_by: userId,
      updated_by: userId,
    })),
  );
  const tagRows = await tagsOf(db, repository.id);
  const tagId = (name: string, value: string) =>
    tagRows.find((tag) => tag.tag_name === name && tag.tag_value === value)?.id as string;

  // The repository currency's asset exists since initialisation; the others come with the first asset using them.
  const existing = await assetsOf(db, repository.id);
  const ids = new Map<string, string>();
  for (const account of PRE_CREATED_ACCOUNTS) {
    ids.set(account.name, existing.find((row) => row.name === account.name)?.id as string);
  }
  // Currencies first: an asset in a currency without its asset would create a bare one on the way.
  const toCreate = [...demo.assets]
    .sort((a, b) => Number(b.type === 'currency') - Number(a.type === 'currency'))
    .filter(
      (asset) =>
        !(
          asset.type === 'currency' &&
          existing.some((row) => row.type === 'currency' && row.ticker === asset.ticker)
        ),
    );
  const assets = createAssetsService(db);
  const created = (await assets.create(
    user,
    toCreate.map((asset) => ({
      repository_id: repository.id,
      type: asset.type,
      name: asset.name,
      ticker: asset.ticker,
      currency: asset.currency,
      description: asset.description ?? null,
      tags: asset.tags.map((tag) => tagId(tag.tag_name, tag.tag_value)),
    })),
    repository.id,
  )) as Array<{ id: string; ticker: string | null; type: string }>;
  for (const [index, asset] of toCreate.entries()) ids.set(asset.key, (created[index] as { id: string }).id);
  // A currency created on the way (EUR, by the first euro stock) is the demo's 'EUR' asset.
  const currencies = await currencyAssetsOf(db, repository.id);
  for (const currency of currencies) if (currency.ticker) ids.set(currency.ticker, currency.id);

  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < demo.prices.length; start += 5000) {
      await insertMissingPrices(
        trx,
        demo.prices.slice(start, start + 5000).map((price) => ({
          repository_id: repository.id,
          asset_id: ids.get(price.asset) as string,
          date: price.date,
          close: price.close,
          source: price.source,
          created_by: userId,
          updated_by: userId,
        })),
      );
    }
    await bumpDataVersion(trx, repository.id);
  });

  const transactions = await createTransactionsService(db).create(
    user,
    demo.transactions.map((transaction) => ({
      repository_id: repository.id,
      type: transaction.type,
      date: transaction.date,
      description: transaction.description,
      entries: transaction.entries.map((entry) => ({
        account_id: ids.get(entry.account) ?? null,
        asset_id: ids.get(entry.asset) ?? null,
        amount: entry.amount,
        pos_id: entry.pos ? (ids.get(entry.pos) ?? null) : null,
      })),
    })),
    repository.id,
  );

  const contacts = createContactsService(db);
  for (const contact of demo.contacts) {
    const { assets: keys, ...fields } = contact;
    await contacts.create(user, {
      repository_id: repository.id,
      ...fields,
      assets: keys.map((key) => ids.get(key) as string),
    });
  }
  await seedDocuments(db, user.id, repository.id, demo.documents, ids);

  return {
    repositoryId: repository.id,
    name,
    assets: created.length,
    prices: demo.prices.length,
    transactions: Array.isArray(transactions) ? transactions.length : 1,
    contacts: demo.contacts.length,
    documents: demo.documents.length,
  };
}

/**
 * The demo's documents are links, so no file store is involved: they are checked by the documents' own
 * rules and written with their tags, as the documents service would for a link.
 */
async function seedDocuments(
  db: Kysely<Database>,
  userId: string,
  repositoryId: string,
  documents: TDemoRepository['documents'],
  ids: Map<string, string>,
): Promise<void> {
  const tagService = createDocumentTagsService(db);
  const tagIds = new Map<string, string>();
  for (const name of new Set(documents.flatMap((document) => document.tags))) {
    tagIds.set(name, (await tagService.create({ id: userId }, { repository_id: repositoryId, name })).id);
  }
  for (const document of documents) {
    const checked = validateDocument({
      name: document.name,
      source: 'url',
      path: document.url,
      description: document.description,
    });
    if (!checked.ok) throw new Error(`demo document ${document.name}: ${JSON.stringify(checked.errors)}`);
    await db.transaction().execute(async (trx) => {
      const documentId = await insertDocumentReturningId(trx, {
        repository_id: repositoryId,
        asset_id: ids.get(document.asset) ?? null,
        ...checked.value,
        file_key: null,
        created_by: userId,
        updated_by: userId,
      });
      await setDocumentTags(
        trx,
        repositoryId,
        documentId,
        document.tags.map((name) => tagIds.get(name) as string),
      );
    });
  }
}
