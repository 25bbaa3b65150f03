import {
  ALL_ASSET_KINDS,
  REPORTING_CATEGORIES,
  type TAssetKind,
} from '@strata/core/transactions/asset-kinds';
import { AMOUNT_RULES, ENTRY_ROLES, TRANSACTION_GROUPS } from '@strata/core/transactions/catalogue';
import { z } from 'zod';
import { fileText } from './control-characters.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody, ZVersion } from './errors.ts';
import { ZMessageResponse, ZRecordId } from './repositories.ts';
import { ZTask } from './tasks.ts';

// Field rules (type, date, description, entries by the type's settings, PRO types) are core's
// `validateTransaction`, run by the service so every problem comes back labelled by entry title and field.

const ZFlag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .transform((value) => value === true || value === '1' || value === 'true');

export const ZTransactionEntry = z.object({
  account_id: z.string(),
  asset_id: z.string(),
  /** Exact decimal text, stored sign. */
  amount: z.string(),
  pos_id: z.string().nullable(),
});

export const ZTransaction = z.object({
  id: z.string(),
  repository_id: z.string(),
  type: z.string(),
  date: z.string(),
  description: z.string().nullable(),
  source: z.string(),
  linked_id: z.string().nullable(),
  entries: z.array(ZTransactionEntry),
  deleted_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  created_by: z.string().nullable(),
  updated_at: z.iso.datetime(),
  updated_by: z.string().nullable(),
  version: ZVersion,
});
export type TTransaction = z.infer<typeof ZTransaction>;

const ZDraftValue = z.union([z.string().max(10_000), z.number()]).nullish();

export const ZEntryDraft = z.object({
  account_id: z.string().max(64).nullish(),
  asset_id: z.string().max(64).nullish(),
  amount: ZDraftValue,
  pos_id: z.string().max(64).nullish(),
});

export const ZTransactionFields = z.object({
  type: z.string().max(255).nullish(),
  date: z.string().max(64).nullish(),
  description: z.string().max(100_000).nullish(),
  entries: z.array(ZEntryDraft).max(20).nullish(),
});
export type TTransactionFields = z.infer<typeof ZTransactionFields>;

/** Fields left out keep their value; `version` (or If-Match) is the one the client edited. */
export const ZUpdateTransactionBody = ZTransactionFields.extend({ version: ZVersion.nullish() });
export type TUpdateTransactionBody = z.infer<typeof ZUpdateTransactionBody>;

export const ZCreateTransactionBody = ZTransactionFields.extend({ repository_id: ZRecordId.optional() });
export type TCreateTransactionBody = z.infer<typeof ZCreateTransactionBody>;

export const ZCreateTransactionsBody = z.union([
  ZCreateTransactionBody,
  z.array(ZCreateTransactionBody).min(1).max(10_000),
]);

export const ZTransactionIdParams = z.object({ id: ZRecordId });

export const ZListTransactionsQuery = z.object({
  repository_id: ZRecordId,
  page_size: z.coerce.number().int().min(1).max(1000).default(50),
  page_no: z.coerce.number().int().min(1).default(1),
  search: z.string().max(255).optional(),
  /** The filter model as JSON (core seed §5). */
  filter: z.string().max(20_000).optional(),
  /** The sort model as JSON: [{ field, sortDirection }]. */
  sort: z.string().max(5_000).optional(),
  asset_id: ZRecordId.optional(),
  /** true: the trash (deleted transactions only). */
  show_deleted: ZFlag.optional(),
});
export type TListTransactionsQuery = z.infer<typeof ZListTransactionsQuery>;

export const ZTransactionPage = z.object({
  data: z.array(ZTransaction),
  meta: z.object({ page_size: z.number(), page_no: z.number(), total: z.number() }),
});
export type TTransactionPage = z.infer<typeof ZTransactionPage>;

export const ZRepositoryQuery = z.object({ repository_id: ZRecordId });

export const ZTransactionSummary = z.object({
  total: z.number(),
  deleted: z.number(),
  first_date: z.string().nullable(),
  last_date: z.string().nullable(),
  by_type: z.array(z.object({ type: z.string(), count: z.number() })),
});

export const ZDeleteTransactionsQuery = z.object({ is_hard: ZFlag.optional() });
export const ZDeleteTransactionsBody = z.object({ ids: z.array(ZRecordId).min(1).max(10_000) });
export const ZRestoreTransactionsBody = z.object({
  repository_id: ZRecordId,
  /** Absent: restore the whole trash. */
  ids: z.array(ZRecordId).max(10_000).optional(),
});

export const ZImportTransactionsBody = z.object({
  repository_id: ZRecordId,
  /** The template's text: a file's content or a paste (a control character is reported by line and column). */
  csv: fileText(z.string().min(1).max(50_000_000)),
  /**
   * true: answer 202 with a task at once and import in the background, the task's `progress` counting
   * rows (ZImportProgress); absent or false: import within the request (201 with the result).
   */
  background: z.boolean().optional(),
});

export const ZImportResult = z.object({ message: z.string(), created: z.number() });

/** A background import's progress: rows in the file, rows checked, rows written (in the import's transaction). */
export const ZImportProgress = z.object({
  total: z.number(),
  validated: z.number(),
  written: z.number(),
});
export type TImportProgress = z.infer<typeof ZImportProgress>;

export const ZImportTaskParams = z.object({ id: z.uuid() });

const ZRefSetting = z.object({
  includes: z.array(z.enum(ALL_ASSET_KINDS as readonly [TAssetKind, ...TAssetKind[]])).readonly(),
  value: z.enum(REPORTING_CATEGORIES).optional(),
  optional: z.boolean().optional(),
});

/** One entry of a type, as core's catalogue (`TEntrySetting`) defines it. */
export const ZEntrySetting = z.object({
  title: z.string(),
  role: z.enum(ENTRY_ROLES),
  account: ZRefSetting,
  asset: ZRefSetting,
  amount: z.object({ rule: z.enum(AMOUNT_RULES), optional: z.boolean().optional() }),
  isAttributable: z.boolean(),
  accountDescription: z.string(),
  assetDescription: z.string(),
  amountDescription: z.string(),
});

/** One type as served for the caller's plan (core's catalogue entry, `readonly` where the plan lacks it). */
export const ZTransactionTypeSetting = z.object({
  name: z.string(),
  group: z.enum(TRANSACTION_GROUPS),
  description: z.string(),
  readonly: z.boolean(),
  entries: z.array(ZEntrySetting),
});

export const ZTransactionsSettingsQuery = z.object({ repository_id: ZRecordId.optional() });

export const ZFilterOptionsQuery = z.object({
  resource: z.enum(['transactions']),
  field: z.string().max(64),
  repository_id: ZRecordId,
});

export const ZFilterOption = z.object({ value: z.string(), label: z.string() });

const errors = { 400: ZErrorBody, 401: ZErrorBody, 402: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export const listTransactions = defineEndpoint({
  method: 'GET',
  url: '/transactions',
  summary: 'A page of transactions with search, filter and sort (the trash with show_deleted=1)',
  querystring: ZListTransactionsQuery,
  response: { 200: ZTransactionPage, ...errors },
});

export const getTransaction = defineEndpoint({
  method: 'GET',
  url: '/transactions/:id',
  summary: 'One transaction',
  params: ZTransactionIdParams,
  response: { 200: ZTransaction, ...errors },
});

export const transactionsSummary = defineEndpoint({
  method: 'GET',
  url: '/transactions/summary',
  summary: "Counts and date range of a repository's transactions, by type",
  querystring: ZRepositoryQuery,
  response: { 200: ZTransactionSummary, ...errors },
});

export const exportTransactions = defineEndpoint({
  method: 'GET',
  url: '/transactions/export',
  summary: 'Every live transaction as template CSV',
  querystring: ZRepositoryQuery,
  response: { 200: z.string(), ...errors },
});

export const createTransactions = defineEndpoint({
  method: 'POST',
  url: '/transactions',
  summary: 'Create a transaction, or many (an array; all or nothing)',
  querystring: z.object({ repository_id: ZRecordId.optional() }),
  body: ZCreateTransactionsBody,
  response: { 201: z.union([ZTransaction, z.array(ZTransaction)]), ...errors },
});

export const importTransactions = defineEndpoint({
  method: 'POST',
  url: '/transactions/import',
  summary: 'Import template CSV; a bad row is reported with its line and field and nothing is written',
  body: ZImportTransactionsBody,
  response: { 201: ZImportResult, 202: ZTask, ...errors },
});

export const importTransactionsTask = defineEndpoint({
  method: 'GET',
  url: '/transactions/import/:id',
  summary:
    "A background import's task (progress, then result or row errors); visible to the repository's members",
  params: ZImportTaskParams,
  response: { 200: ZTask, ...errors },
});

export const importTransactionsEvents = defineEndpoint({
  method: 'GET',
  url: '/transactions/import/:id/events',
  summary:
    "A background import's progress as server-sent events (`data: ZImportProgress`, then `event: end`)",
  params: ZImportTaskParams,
  response: { 200: z.string(), ...errors },
});

export const updateTransaction = defineEndpoint({
  method: 'PUT',
  url: '/transactions/:id',
  summary:
    'Change a transaction (fields left out keep their value); a stale `version` or If-Match answers 409 STALE_VERSION',
  params: ZTransactionIdParams,
  body: ZUpdateTransactionBody,
  response: { 200: ZTransaction, ...errors, 409: ZErrorBody },
});

export const deleteTransactions = defineEndpoint({
  method: 'DELETE',
  url: '/transactions',
  summary: 'Move transactions to the trash, or delete them for good with is_hard=1',
  querystring: ZDeleteTransactionsQuery,
  body: ZDeleteTransactionsBody,
  response: { 200: ZMessageResponse, ...errors },
});

export const restoreTransaction = defineEndpoint({
  method: 'POST',
  url: '/transactions/:id/restore',
  summary: 'Bring one transaction back from the trash',
  params: ZTransactionIdParams,
  response: { 200: ZTransaction, ...errors },
});

export const restoreTransactions = defineEndpoint({
  method: 'POST',
  url: '/transactions/restore',
  summary: 'Bring transactions (or the whole trash) back',
  body: ZRestoreTransactionsBody,
  response: { 200: ZMessageResponse, ...errors },
});

export const emptyTransactionsTrash = defineEndpoint({
  method: 'DELETE',
  url: '/transactions/trash/empty',
  summary: 'Delete every transaction in the trash for good',
  querystring: ZRepositoryQuery,
  response: { 200: ZMessageResponse, ...errors },
});

export const transactionsSettings = defineEndpoint({
  method: 'GET',
  url: '/transactions_settings',
  summary:
    "The transaction type catalogue, PRO-only types read-only unless the repository owner's plan has them",
  querystring: ZTransactionsSettingsQuery,
  response: { 200: z.array(ZTransactionTypeSetting), ...errors },
});

export const filterOptions = defineEndpoint({
  method: 'GET',
  url: '/filter_options',
  summary: 'The values a filter field offers (types, accounts, assets, sources)',
  querystring: ZFilterOptionsQuery,
  response: { 200: z.array(ZFilterOption), ...errors },
});
