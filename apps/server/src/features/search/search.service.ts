import {
  SEARCH_KINDS,
  type TSearchAnswer,
  type TSearchKind,
  type TSearchResult,
} from '@strata/contracts/search';
import { planHasFeature } from '@strata/core/plans/plan-features';
import {
  EXPENSE_ACCOUNT,
  HOLDING_ACCOUNT_KINDS,
  INCOME_ACCOUNT,
} from '@strata/core/transactions/asset-kinds';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import { getEffectiveSubscription } from '../subscription/index.ts';
import {
  findAssets,
  findContacts,
  findDocuments,
  findTags,
  findTransactionsByAccounts,
  findTransactionsByAmount,
  findTransactionsByDescription,
  type TAssetHit,
  type TTransactionHit,
} from './search.repository.ts';

const ACCOUNT_TYPES: readonly string[] = [...HOLDING_ACCOUNT_KINDS, INCOME_ACCOUNT, EXPENSE_ACCOUNT];
/** Accounts whose name matches make their transactions hits (the counterparty); this many at most. */
const COUNTERPARTY_ACCOUNTS = 20;

/** Where the web app opens an asset: income and expense accounts have their own lists, holding accounts sit with the assets. */
function assetPath(hit: TAssetHit): string {
  if (hit.type === 'currency') return `/currencies/${hit.id}`;
  if (hit.type === INCOME_ACCOUNT) return `/income-accounts/${hit.id}`;
  if (hit.type === EXPENSE_ACCOUNT) return `/expense-accounts/${hit.id}`;
  return `/assets/${hit.id}`;
}

function assetResult(kind: TSearchKind, hit: TAssetHit): TSearchResult {
  const subtitle = hit.ticker && hit.ticker !== hit.name ? `${hit.ticker} · ${hit.type}` : hit.type;
  return { id: hit.id, kind, title: hit.name, subtitle, path: assetPath(hit) };
}

function transactionResult(hit: TTransactionHit): TSearchResult {
  return {
    id: hit.id,
    kind: 'transaction',
    title: hit.description?.trim() || hit.type,
    subtitle: `${hit.date} · ${hit.type}`,
    path: `/transactions/${hit.id}`,
  };
}

/**
 * A question that reads as an amount ('1,250.00', '-40') as the plain decimal text of its absolute value;
 * null otherwise. Commas are taken as thousands separators.
 */
export function amountOf(text: string): string | null {
  const plain = text.replace(/[\s,]/g, '').replace(/^[-+]/, '');
  return /^\d{1,15}(\.\d{1,10})?$/.test(plain) ? plain : null;
}

/** Newest first (date, then id as the list orders them), each transaction once. */
function mergeTransactions(lists: readonly TTransactionHit[][], limit: number): TTransactionHit[] {
  const byId = new Map<string, TTransactionHit>();
  for (const hit of lists.flat()) byId.set(hit.id, hit);
  return [...byId.values()]
    .sort((a, b) => (a.date === b.date ? a.id.localeCompare(b.id) : b.date.localeCompare(a.date)))
    .slice(0, limit);
}

/** Global search over one repository (Meta+K in the web app). */
export function createSearchService(db: Kysely<Database>) {
  return {
    async search(
      user: TAccessUser | null,
      query: { repository_id: string; q: string; limit: number },
    ): Promise<TSearchAnswer> {
      const { repository } = await requireRepositoryAccess(db, user, query.repository_id, 'read');
      const { repository_id: repositoryId, q: text, limit } = query;
      // Contacts and documents are plan features of the owner: a plan without them hides their groups
      // as their own routes refuse them.
      const { plan } = await getEffectiveSubscription(db, repository.owner_id);
      const amount = amountOf(text);

      const [assets, currencies, counterparties, tags, contacts, documents] = await Promise.all([
        findAssets(db, repositoryId, text, { notIn: ['currency', ...ACCOUNT_TYPES] }, limit),
        findAssets(db, repositoryId, text, { in: ['currency'] }, limit),
        findAssets(db, repositoryId, text, { in: ACCOUNT_TYPES }, Math.max(limit, COUNTERPARTY_ACCOUNTS)),
        findTags(db, repositoryId, text, limit),
        planHasFeature(plan, 'contacts') ? findContacts(db, repositoryId, text, limit) : [],
        planHasFeature(plan, 'documents') ? findDocuments(db, repositoryId, text, limit) : [],
      ]);
      const transactions = mergeTransactions(
        await Promise.all([
          findTransactionsByDescription(db, repositoryId, text, limit),
          findTransactionsByAccounts(
            db,
            repositoryId,
            counterparties.map((account) => account.id),
            limit,
          ),
          amount === null ? [] : findTransactionsByAmount(db, repositoryId, amount, limit),
        ]),
        limit,
      );

      const results: Record<TSearchKind, TSearchResult[]> = {
        asset: assets.map((hit) => assetResult('asset', hit)),
        currency: currencies.map((hit) => assetResult('currency', hit)),
        account: counterparties.slice(0, limit).map((hit) => assetResult('account', hit)),
        transaction: transactions.map(transactionResult),
        tag: tags.map((hit) => ({
          id: hit.id,
          kind: 'tag',
          title: hit.tag_name,
          subtitle: hit.tag_value,
          path: `/tags/${hit.id}`,
        })),
        contact: contacts.map((hit) => ({
          id: hit.id,
          kind: 'contact',
          title: hit.name,
          subtitle: [hit.company, hit.email].filter(Boolean).join(' · ') || null,
          path: `/contacts/${hit.id}`,
        })),
        document: documents.map((hit) => ({
          id: hit.id,
          kind: 'document',
          title: hit.name,
          subtitle: hit.filename ?? hit.source,
          path: `/documents/${hit.id}`,
        })),
      };
      return {
        groups: SEARCH_KINDS.filter((kind) => results[kind].length > 0).map((kind) => ({
          kind,
          results: results[kind],
        })),
      };
    },
  };
}
