import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody } from './errors.ts';
import { ZRecordId } from './repositories.ts';

// Global search (Meta+K): one question over the current repository's things, answered in groups.

/** The groups, in the order the answer and the dialog show them. */
export const SEARCH_KINDS = [
  'asset',
  'currency',
  'account',
  'transaction',
  'tag',
  'contact',
  'document',
] as const;
export type TSearchKind = (typeof SEARCH_KINDS)[number];

/** Group headings. */
export const SEARCH_KIND_LABELS: Record<TSearchKind, string> = {
  asset: 'Assets',
  currency: 'Currencies',
  account: 'Accounts',
  transaction: 'Transactions',
  tag: 'Tags',
  contact: 'Contacts',
  document: 'Documents',
};

export const SEARCH_DEFAULT_LIMIT = 5;

export const ZSearchQuery = z.object({
  repository_id: ZRecordId,
  q: z.string().trim().min(1).max(200),
  /** Results per group. */
  limit: z.coerce.number().int().min(1).max(20).default(SEARCH_DEFAULT_LIMIT),
});

export const ZSearchResult = z.object({
  id: z.string(),
  kind: z.enum(SEARCH_KINDS),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** The web app's path that opens the item. */
  path: z.string(),
});
export type TSearchResult = z.infer<typeof ZSearchResult>;

export const ZSearchGroup = z.object({ kind: z.enum(SEARCH_KINDS), results: z.array(ZSearchResult) });
export type TSearchGroup = z.infer<typeof ZSearchGroup>;

/** Only groups with results, in SEARCH_KINDS order. */
export const ZSearchAnswer = z.object({ groups: z.array(ZSearchGroup) });
export type TSearchAnswer = z.infer<typeof ZSearchAnswer>;

const errors = { 400: ZErrorBody, 401: ZErrorBody, 402: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export const searchRepository = defineEndpoint({
  method: 'GET',
  url: '/search',
  summary:
    "Find the repository's assets, currencies, accounts, transactions, tags, contacts and documents by text",
  querystring: ZSearchQuery,
  response: { 200: ZSearchAnswer, ...errors },
});
