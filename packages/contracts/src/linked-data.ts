import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody } from './errors.ts';
import { ZRecordId } from './repositories.ts';

// Linked data, first slice (issue #21; linked seed §3, §7): connectors, linked accounts, their sync events, and
// the manual loader that fills linked transactions from a statement file (OFX, QFX, QIF, CSV). The linked
// transactions' own contracts (list, bulk edit, options, pivot, tags) are in linked-transactions.ts.

export const LINKED_DATA_MESSAGES = {
  CONNECTOR_NOT_FOUND: 'Connector not available',
  ACCOUNT_NOT_FOUND: 'Linked account not found',
  EVENT_NOT_FOUND: 'Sync event not found',
  /** Linked seed §8: the upload errors the loader answers with. */
  UPLOAD_FAILED: 'Error uploading account file to server',
  NO_UPLOAD: 'Something is wrong during the file upload',
  NOTHING_TO_IMPORT: 'Nothing to import',
  UPLOAD_USED: 'This file was already given to a loader',
  CSV_NEEDS_PROFILE: 'A CSV file needs its column mapping (csv_profile)',
  /** Linked seed §8's toast. */
  CONNECTOR_DELETED: 'Connector deleted',
} as const;

export const LINKED_LOADERS = ['ofx', 'qfx', 'qif', 'csv'] as const;
/** Every connector kind: the file ones and the live providers' (issue #24). */
export const CONNECTOR_ACCESS_METHODS = [
  'manual',
  'file',
  'plaid',
  'simplefin',
  'gocardless',
  'arch',
  'cap_table',
  'kraken',
] as const;
export type TLinkedLoader = (typeof LINKED_LOADERS)[number];
export const CONNECTOR_STATUSES = ['ok', 'failed', 'pending'] as const;
export const SYNC_RESULTS = ['success', 'warning', 'error', 'login_required'] as const;

/** A CSV mapping profile (core's TCsvProfile); core's parser says what is wrong with one. */
export const ZCsvProfile = z.object({
  encoding: z.string().max(64).default('utf-8'),
  delimiter: z.string().length(1).optional(),
  headerRows: z.number().int().min(0).max(50).default(1),
  dateFormat: z.string().max(32),
  decimalSeparator: z.enum(['.', ',']).default('.'),
  thousandsSeparator: z.string().max(1).default(''),
  columns: z.object({
    date: z.union([z.number().int().min(0), z.string().max(255)]),
    amount: z.union([z.number().int().min(0), z.string().max(255)]).optional(),
    inflow: z.union([z.number().int().min(0), z.string().max(255)]).optional(),
    outflow: z.union([z.number().int().min(0), z.string().max(255)]).optional(),
    payee: z.union([z.number().int().min(0), z.string().max(255)]).optional(),
    memo: z.union([z.number().int().min(0), z.string().max(255)]).optional(),
    fitId: z.union([z.number().int().min(0), z.string().max(255)]).optional(),
    checkNumber: z.union([z.number().int().min(0), z.string().max(255)]).optional(),
    category: z.union([z.number().int().min(0), z.string().max(255)]).optional(),
    currency: z.union([z.number().int().min(0), z.string().max(255)]).optional(),
  }),
  amountSign: z.enum(['as-is', 'invert']).optional(),
  account: z
    .object({
      number: z.string().max(255).optional(),
      name: z.string().max(255).optional(),
      type: z.string().max(255).optional(),
    })
    .optional(),
  currency: z.string().max(3).optional(),
});

export const ZManualLoadBody = z.object({
  repository_id: ZRecordId,
  /** `fields.key` of a `POST file_upload` of type manual_sync. */
  file_key: z.string().min(1).max(1000),
  loader: z.enum(LINKED_LOADERS, { error: 'must be ofx, qfx, qif or csv' }),
  /** Load into this connector (another file of the same accounts); otherwise a new one is made. */
  connector_id: ZRecordId.optional(),
  /** The new connector's name; defaults to the loader's. */
  name: z.string().trim().min(1).max(255).optional(),
  csv_profile: ZCsvProfile.optional(),
  /** A saved profile of the repository (POST linked_data/csv_profiles) instead of an inline one. */
  csv_profile_id: ZRecordId.optional(),
});
export type TManualLoadBody = z.infer<typeof ZManualLoadBody>;

export const ZConnector = z.object({
  id: z.string(),
  repository_id: z.string(),
  name: z.string(),
  access_method: z.enum(CONNECTOR_ACCESS_METHODS),
  status: z.enum(CONNECTOR_STATUSES),
  status_message: z.string().nullable(),
  /** The loader its files go through when it was made for one (ofx, qfx, qif, csv); providers later. */
  source: z.string().nullable(),
  /** A provider's logo; file connectors have none. */
  logo: z.string().nullable(),
  /** Its home repository first, then those it is shared into (map_repository), as far as the caller sees. */
  repositories: z.array(z.object({ id: z.string(), name: z.string() })),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type TConnector = z.infer<typeof ZConnector>;

export const ZLinkedAccount = z.object({
  id: z.string(),
  repository_id: z.string(),
  connector_id: z.string(),
  connector_name: z.string(),
  external_id: z.string(),
  number: z.string().nullable(),
  name: z.string().nullable(),
  type: z.string().nullable(),
  currency: z.string().nullable(),
  asset_id: z.string().nullable(),
  transactions_count: z.number(),
});
export type TLinkedAccount = z.infer<typeof ZLinkedAccount>;

export const ZSyncEvent = z.object({
  id: z.string(),
  connector_id: z.string(),
  linked_account_id: z.string().nullable(),
  task_id: z.string().nullable(),
  started_at: z.iso.datetime(),
  finished_at: z.iso.datetime().nullable(),
  result: z.enum(SYNC_RESULTS),
  added: z.number(),
  skipped_duplicate: z.number(),
  failed: z.number(),
  message: z.string().nullable(),
  /** A provider's rows changed (pending → posted, edited at the bank) and taken back; 0 for files. */
  updated: z.number(),
  removed: z.number(),
});
export type TSyncEvent = z.infer<typeof ZSyncEvent>;

const ZRepositoryQuery = z.object({ repository_id: ZRecordId });
const ZIdParams = z.object({ id: ZRecordId });

export const loadManualFile = defineEndpoint({
  method: 'POST',
  url: '/linked_data/connectors/manual',
  summary: 'Load an uploaded statement file (OFX, QFX, QIF, CSV) into linked data; answers the task',
  body: ZManualLoadBody,
  response: {
    200: z.object({ task_id: z.string() }),
    400: ZErrorBody,
    401: ZErrorBody,
    402: ZErrorBody,
    403: ZErrorBody,
    404: ZErrorBody,
    409: ZErrorBody,
  },
});

export const listConnectors = defineEndpoint({
  method: 'GET',
  url: '/linked_data/connectors',
  summary: "The repository's connectors",
  querystring: ZRepositoryQuery,
  response: { 200: z.array(ZConnector), 401: ZErrorBody, 402: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody },
});

export const listLinkedAccounts = defineEndpoint({
  method: 'GET',
  url: '/linked_data/accounts',
  summary: "The repository's linked accounts",
  querystring: ZRepositoryQuery.extend({ connector_id: ZRecordId.optional() }),
  response: {
    200: z.array(ZLinkedAccount),
    401: ZErrorBody,
    402: ZErrorBody,
    403: ZErrorBody,
    404: ZErrorBody,
  },
});

export const getLinkedAccount = defineEndpoint({
  method: 'GET',
  url: '/linked_data/accounts/:id',
  summary: 'One linked account',
  params: ZIdParams,
  response: { 200: ZLinkedAccount, 401: ZErrorBody, 402: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody },
});

export const listSyncEvents = defineEndpoint({
  method: 'GET',
  url: '/linked_data/accounts/:id/sync_events',
  summary: "A linked account's sync events, newest first",
  params: ZIdParams,
  response: {
    200: z.array(ZSyncEvent),
    401: ZErrorBody,
    402: ZErrorBody,
    403: ZErrorBody,
    404: ZErrorBody,
  },
});

export const ZRenameConnectorBody = z.object({ name: z.string().trim().min(1).max(255) });

const connectorChange = {
  summary: 'Rename a connector',
  params: ZIdParams,
  body: ZRenameConnectorBody,
  response: {
    200: ZConnector,
    400: ZErrorBody,
    401: ZErrorBody,
    402: ZErrorBody,
    403: ZErrorBody,
    404: ZErrorBody,
  },
} as const;

export const renameConnector = defineEndpoint({
  method: 'PATCH',
  url: '/linked_data/connectors/:id',
  ...connectorChange,
});

/** The seed lists PUT beside PATCH; both rename (the only field a file connector has to change). */
export const updateConnector = defineEndpoint({
  method: 'PUT',
  url: '/linked_data/connectors/:id',
  ...connectorChange,
});

export const deleteConnector = defineEndpoint({
  method: 'DELETE',
  url: '/linked_data/connectors/:id',
  summary: 'Delete a connector with its linked accounts, sync events and linked transactions',
  params: ZIdParams,
  /** Linked seed §2, §6: a connector shared with other repositories is deleted only with the flag. */
  querystring: z.object({
    has_permission: z
      .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
      .transform((value) => value === true || value === '1' || value === 'true')
      .optional(),
  }),
  response: {
    200: z.object({ message: z.string() }),
    401: ZErrorBody,
    409: ZErrorBody,
    402: ZErrorBody,
    403: ZErrorBody,
    404: ZErrorBody,
  },
});

export const getSyncEvent = defineEndpoint({
  method: 'GET',
  url: '/linked_data/events/:id',
  summary: 'One sync event',
  params: ZIdParams,
  response: { 200: ZSyncEvent, 401: ZErrorBody, 402: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody },
});
