import {
  LINKED_EDITABLE_FIELDS,
  LINKED_OPTION_FIELDS,
  LINKED_TRANSACTION_STATUSES,
} from '@strata/core/linked-data/linked-transaction-fields';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody } from './errors.ts';
import { ZRecordId } from './repositories.ts';

// Linked transactions (issue #21; linked seed §2 "Linked transactions list", §3, §7): the list with the smart
// transactions' filter engine and sort model, per-field options, the bulk edit, the pivot, and the linked
// transactions' own tags with the system tag 'exclude'.

export const LINKED_TRANSACTION_MESSAGES = {
  TRANSACTION_NOT_FOUND: 'Linked transaction not found',
  /** Linked seed §8, the tag errors. */
  TAG_PROBLEM: 'There was a problem with the tag',
  NO_SUCH_TAG: 'There is no such tag',
  TAG_EXISTS: 'A tag with this name already exists',
  UNKNOWN_TAG: 'Unknown tag',
  SYSTEM_TAG: 'The exclude tag is a system tag: it cannot be renamed or deleted',
  /** Linked seed §8's notification titles on success. */
  TAGS_UPDATED: 'Tags were updated',
  TRANSACTIONS_UPDATED: 'Transactions updated',
  TAG_DELETED: 'Tag deleted',
} as const;

const errors = { 400: ZErrorBody, 401: ZErrorBody, 402: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const ZFlag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .transform((value) => value === true || value === '1' || value === 'true');

export const ZLinkedTransactionTagRef = z.object({ id: z.string(), name: z.string() });

export const ZLinkedTransaction = z.object({
  id: z.string(),
  linked_account_id: z.string(),
  connector_name: z.string(),
  access_method: z.string(),
  account_name: z.string().nullable(),
  account_number: z.string().nullable(),
  account_type: z.string().nullable(),
  asset_id: z.string().nullable(),
  fitid: z.string().nullable(),
  date: z.string(),
  year: z.number(),
  quarter: z.number(),
  month: z.number(),
  type: z.string(),
  amount: z.string(),
  currency: z.string().nullable(),
  counterparty: z.string().nullable(),
  description: z.string().nullable(),
  check_number: z.string().nullable(),
  category: z.string().nullable(),
  subcategory: z.string().nullable(),
  status: z.enum(LINKED_TRANSACTION_STATUSES),
  /** The seed's "list of objects with id", with the tag's name so a grid needs no second call. */
  tags: z.array(ZLinkedTransactionTagRef),
  /** Investment transactions only (null on cash movements): what kind, of which security, how many at what price. */
  investment_kind: z.enum(['buy', 'sell', 'income', 'reinvest', 'transfer', 'split', 'other']).nullable(),
  security_id: z.string().nullable(),
  quantity: z.string().nullable(),
  unit_price: z.string().nullable(),
  /** Set by mapping rules (docs/rules.md): ok, failed (with mapping_message), pending, none. */
  mapping_status: z.enum(['ok', 'failed', 'pending', 'none']),
  /** Why the mapping failed, when it did. */
  mapping_message: z.string().nullable(),
  /** The smart transaction a mapping rule made of it. */
  transaction_id: z.string().nullable(),
});
export type TLinkedTransaction = z.infer<typeof ZLinkedTransaction>;

export const ZLinkedTransactionDetail = ZLinkedTransaction.extend({
  /** The transaction as the statement file gave it (the seed's JSON source view). */
  source: z.record(z.string(), z.unknown()),
});

/** What narrows linked transactions, shared by the list and the pivot. */
const ZLinkedMatchQuery = z.object({
  repository_id: ZRecordId,
  search: z.string().max(255).optional(),
  /** The filter model as JSON (core seed §5), on the fields of core's LINKED_TRANSACTION_FIELDS. */
  filter: z.string().max(20_000).optional(),
  /** The repository's account the linked account is mapped to. */
  asset_id: ZRecordId.optional(),
  linked_account_id: ZRecordId.optional(),
});

export const ZListLinkedTransactionsQuery = ZLinkedMatchQuery.extend({
  page_size: z.coerce.number().int().min(1).max(1000).default(50),
  page_no: z.coerce.number().int().min(1).default(1),
  /** The sort model as JSON: [{ field, sortDirection: ascending | descending }]; default date descending. */
  sort: z.string().max(5_000).optional(),
});
export type TListLinkedTransactionsQuery = z.infer<typeof ZListLinkedTransactionsQuery>;

export const ZLinkedTransactionPage = z.object({
  data: z.array(ZLinkedTransaction),
  meta: z.object({ page_size: z.number(), page_no: z.number(), total: z.number() }),
});
export type TLinkedTransactionPage = z.infer<typeof ZLinkedTransactionPage>;

export const ZRepositoryQuery = z.object({ repository_id: ZRecordId });
const ZIdParams = z.object({ id: ZRecordId });

export const listLinkedTransactions = defineEndpoint({
  method: 'GET',
  url: '/linked_data/transactions',
  summary: 'A page of linked transactions with search, filter and sort',
  querystring: ZListLinkedTransactionsQuery,
  response: { 200: ZLinkedTransactionPage, ...errors },
});

export const getLinkedTransaction = defineEndpoint({
  method: 'GET',
  url: '/linked_data/transactions/:id',
  summary: 'One linked transaction with its JSON source',
  params: ZIdParams,
  response: { 200: ZLinkedTransactionDetail, ...errors },
});

// --- bulk edit ---------------------------------------------------------------------------------------------

const ZTagIds = z.array(z.string().max(100)).max(200);

/**
 * One row's change: its tags (the whole list, or ids to add and to remove) and/or edited cells of
 * LINKED_EDITABLE_FIELDS. Other keys are accepted by the schema so the answer can name them: the service
 * refuses each with "<field> cannot be edited".
 */
export const ZLinkedTransactionChange = z
  .object({
    id: ZRecordId,
    tags: ZTagIds.optional(),
    add_tags: ZTagIds.optional(),
    remove_tags: ZTagIds.optional(),
    ...Object.fromEntries(LINKED_EDITABLE_FIELDS.map((field) => [field, z.unknown().optional()])),
  })
  .catchall(z.unknown());
export type TLinkedTransactionChange = z.infer<typeof ZLinkedTransactionChange>;

export const updateLinkedTransactions = defineEndpoint({
  method: 'PUT',
  url: '/linked_data/transactions',
  summary: "Bulk update of linked transactions' tags or editable cells, all or nothing",
  querystring: ZRepositoryQuery,
  body: z.array(ZLinkedTransactionChange).min(1).max(1000),
  response: {
    200: z.object({ message: z.string(), data: z.array(ZLinkedTransaction) }),
    ...errors,
  },
});

// --- options -----------------------------------------------------------------------------------------------

export const ZLinkedOptionsQuery = ZRepositoryQuery.extend({
  field: z.enum(LINKED_OPTION_FIELDS, { error: `Must be one of: ${LINKED_OPTION_FIELDS.join(', ')}` }),
  /** Only values containing this text (case-insensitive). */
  search: z.string().max(255).optional(),
});

export const linkedTransactionOptions = defineEndpoint({
  method: 'GET',
  url: '/linked_data/transactions_options',
  summary: "The distinct values of a field in the repository's linked transactions (filter value pickers)",
  querystring: ZLinkedOptionsQuery,
  response: { 200: z.array(z.object({ value: z.string(), label: z.string() })), ...errors },
});

// --- pivot -------------------------------------------------------------------------------------------------

export const ZLinkedPivotQuery = ZLinkedMatchQuery.extend({
  /** Comma-separated fields of LINKED_PIVOT_DIMENSIONS, e.g. 'year,month'. */
  rows: z.string().max(500).default(''),
  columns: z.string().max(500).default(''),
  /** Comma-separated aggregates of the amount: sum, count, avg, min, max. */
  values: z.string().max(100).default('sum'),
  /** Rows tagged 'exclude' are left out unless this is true. */
  include_excluded: ZFlag.optional(),
});
export type TLinkedPivotQuery = z.infer<typeof ZLinkedPivotQuery>;

const ZPivotKey = z.union([z.string(), z.number(), z.null()]);
export const ZLinkedPivot = z.object({
  rows: z.array(z.string()),
  columns: z.array(z.string()),
  values: z.array(z.string()),
  /** One cell per (row key, column key) that has rows; amounts exact as text, count a number. */
  data: z.array(
    z.object({
      row: z.array(ZPivotKey),
      column: z.array(ZPivotKey),
      values: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
    }),
  ),
});
export type TLinkedPivot = z.infer<typeof ZLinkedPivot>;

export const linkedTransactionsPivot = defineEndpoint({
  method: 'GET',
  url: '/linked_data/transactions_pivot',
  summary: 'Linked transactions grouped by row and column fields, with aggregates of the amount',
  querystring: ZLinkedPivotQuery,
  response: { 200: ZLinkedPivot, ...errors },
});

// --- transaction tags --------------------------------------------------------------------------------------

export const ZLinkedTransactionTag = z.object({
  id: z.string(),
  repository_id: z.string(),
  name: z.string(),
  is_system: z.boolean(),
});
export type TLinkedTransactionTag = z.infer<typeof ZLinkedTransactionTag>;

const ZTagName = z.string().trim().min(1, 'Required').max(255, 'At most 255 characters');

export const listLinkedTransactionTags = defineEndpoint({
  method: 'GET',
  url: '/linked_data/transaction_tags',
  summary: "The repository's linked-transaction tags, the system tag 'exclude' first",
  querystring: ZRepositoryQuery,
  response: { 200: z.array(ZLinkedTransactionTag), ...errors },
});

export const createLinkedTransactionTag = defineEndpoint({
  method: 'POST',
  url: '/linked_data/transaction_tags',
  summary: 'Create a linked-transaction tag',
  body: z.object({ repository_id: ZRecordId, name: ZTagName }),
  response: { 201: ZLinkedTransactionTag, ...errors, 409: ZErrorBody },
});

export const updateLinkedTransactionTag = defineEndpoint({
  method: 'PUT',
  url: '/linked_data/transaction_tags/:id',
  summary: 'Rename a linked-transaction tag',
  params: ZIdParams,
  /** The seed sends { id, name }; an id here must be the path's. */
  body: z.object({ id: ZRecordId.optional(), name: ZTagName }),
  response: { 200: ZLinkedTransactionTag, ...errors, 409: ZErrorBody },
});

export const deleteLinkedTransactionTag = defineEndpoint({
  method: 'DELETE',
  url: '/linked_data/transaction_tags/:id',
  summary: 'Delete a linked-transaction tag and take it off every transaction',
  params: ZIdParams,
  response: { 200: z.object({ message: z.string() }), ...errors },
});
