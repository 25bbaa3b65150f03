import { PRICE_SOURCES } from '@strata/core/repositories/repository-defaults';
import { MESSAGES } from '@strata/core/validation/messages';
import { z } from 'zod';
import {
  ZExportedAssetContact,
  ZExportedContact,
  ZExportedDocument,
  ZExportedDocumentTag,
  ZExportedDocumentTagLink,
} from './documents-export.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody, ZVersion } from './errors.ts';

/** A repository, invite or asset id (any 8-4-4-4-12 hex form; a malformed one is a 400, never a 500). */
export const ZRecordId = z.guid({ error: 'Must be an id' });

export const ZRepositoryIdParams = z.object({ id: ZRecordId });
export type TRepositoryIdParams = z.infer<typeof ZRepositoryIdParams>;

export const ZRequiredName = z
  .string({ error: MESSAGES.REQUIRED })
  .trim()
  .min(1, { error: MESSAGES.REQUIRED })
  .max(255, { error: MESSAGES.TOO_LONG });

/** ISO 4217 code; the server checks it against the currency list. */
export const ZCurrencyCode = z
  .string({ error: MESSAGES.REQUIRED })
  .trim()
  .min(1, { error: MESSAGES.REQUIRED, abort: true })
  .regex(/^[A-Za-z]{3}$/, { error: 'Must be a three-letter currency code' })
  .transform((code) => code.toUpperCase());

export { PRICE_SOURCES };

/** Price sources a repository ranks (seed §3 Asset price: sources other than 'all'). */
export const ZPriceSource = z.enum(PRICE_SOURCES);
export type TPriceSource = z.infer<typeof ZPriceSource>;

export const ZPriceSourcePrecedence = z
  .array(ZPriceSource)
  .refine((list) => new Set(list).size === list.length, { error: 'Each price source may appear once' });

export const ZRepositorySettings = z.object({
  /** Create the starter Category/Subcategory tags when the repository is initialised. */
  init_default_tags: z.boolean(),
  /** Read-only for data writes, for every member (the owner keeps administration). */
  readonly: z.boolean(),
  /** Highest priority first. */
  price_source_precedence: ZPriceSourcePrecedence,
});
export type TRepositorySettings = z.infer<typeof ZRepositorySettings>;

export const FREQUENCIES = ['day', 'week', 'month', 'quarter', 'year'] as const;

/**
 * The member's own view of the repository: the timeline (periods, freq, end_is_today, end) and UI state.
 * Open to fields the web app adds later; known fields are checked.
 */
export const ZUserRepoSettings = z
  .object({
    periods: z.number().int().min(1).max(10_000),
    freq: z.enum(FREQUENCIES),
    end_is_today: z.boolean(),
    end: z.iso.date({ error: MESSAGES.INVALID_DATE }).nullable(),
    ui_settings: z.record(z.string(), z.unknown()).nullable(),
  })
  .catchall(z.unknown());
export type TUserRepoSettings = z.infer<typeof ZUserRepoSettings>;

export const ZUserRepoSettingsPatch = ZUserRepoSettings.partial();
export type TUserRepoSettingsPatch = z.infer<typeof ZUserRepoSettingsPatch>;

export const ZAccessType = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const ZRepository = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  /** The owner's e-mail. */
  owner: z.string(),
  settings: ZRepositorySettings,
  /** The caller's settings, with their access_type as the seed's client reads it. */
  user_repo_settings: ZUserRepoSettings.extend({ access_type: ZAccessType }),
  access_type: ZAccessType,
  /** Accepted members other than the owner. */
  collaborators_count: z.number().int(),
  /** The owner's plan id: what the repository may use. */
  plan: z.string(),
  /** Filled once currencies are assets (assets issue). */
  currency_asset: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  version: ZVersion,
});
export type TRepository = z.infer<typeof ZRepository>;

export const ZCreateRepositoryBody = z.strictObject({
  name: ZRequiredName,
  currency: ZCurrencyCode.default('USD'),
  settings: z
    .strictObject({
      init_default_tags: z.boolean().optional(),
      price_source_precedence: ZPriceSourcePrecedence.optional(),
    })
    .optional(),
  user_repo_settings: ZUserRepoSettingsPatch.optional(),
});
export type TCreateRepositoryBody = z.infer<typeof ZCreateRepositoryBody>;

/** Only the fields sent change; settings are merged into the stored ones. */
export const ZUpdateRepositoryBody = z.strictObject({
  name: ZRequiredName.optional(),
  currency: ZCurrencyCode.optional(),
  settings: ZRepositorySettings.partial().strict().optional(),
  /** The version the client edited (or If-Match); a stale one answers 409 STALE_VERSION. */
  version: ZVersion.nullish(),
});
export type TUpdateRepositoryBody = z.infer<typeof ZUpdateRepositoryBody>;

export const ZMessageResponse = z.object({ message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

export const ZInitializeRepositoryResponse = z.object({
  repository_id: z.string(),
  /** Pre-created accounts and tags added by this call (0 when it ran before: it is idempotent). */
  created_accounts: z.number().int(),
  created_tags: z.number().int(),
});

// --- export file -----------------------------------------------------------------------------------------

/** Bumped when a change would make old readers misread a file; readers accept every version up to theirs. */
// 2: documents carry their stored files' bytes (`content`) instead of a file-store key.
export const REPOSITORY_EXPORT_VERSION = 2;

export const ZExportedAsset = z.object({
  id: z.string(),
  name: z.string(),
  ticker: z.string().nullable(),
  currency: z.string().nullable(),
  type: z.string(),
  description: z.string().nullable(),
  properties: z.record(z.string(), z.unknown()),
  is_readonly: z.boolean(),
  deleted_at: z.iso.datetime().nullable(),
  // Version 1 files may lack these (added with asset prices); references are ids within the file.
  currency_asset_id: z.string().nullable().default(null),
  parent_id: z.string().nullable().default(null),
  linked_id: z.string().nullable().default(null),
  linked_security_id: z.string().nullable().default(null),
  linked_account_id: z.string().nullable().default(null),
  security_info_ticker: z.string().nullable().default(null),
});
export const ZExportedAssetPrice = z.object({
  asset_id: z.string(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  close: z.string().regex(/^-?\d+(\.\d+)?$/),
  adjusted_close: z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .nullable(),
  source: ZPriceSource,
});
export const ZExportedTransaction = z.object({
  id: z.string(),
  type: z.string(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  description: z.string().nullable(),
  source: z.string(),
  linked_id: z.string().nullable(),
  deleted_at: z.iso.datetime().nullable(),
  entries: z
    .array(
      z.object({
        account_id: z.string(),
        asset_id: z.string(),
        amount: z.string().regex(/^-?\d+(\.\d+)?$/),
        pos_id: z.string().nullable(),
      }),
    )
    .max(4),
});
export const ZExportedTag = z.object({ id: z.string(), tag_name: z.string(), tag_value: z.string() });
export const ZExportedAssetTag = z.object({ asset_id: z.string(), tag_id: z.string() });

/**
 * The whole repository as one JSON document. Ids are references inside the file only (an import gets
 * new ones). New record kinds are added as new arrays that default to empty, so older files still import.
 * People (members, invites) are not data of the repository and are not exported.
 */
export const ZRepositoryExport = z.object({
  format: z.literal('strata-repository'),
  version: z.number().int().min(1).max(REPOSITORY_EXPORT_VERSION),
  exported_at: z.iso.datetime(),
  repository: z.object({
    name: z.string(),
    currency: z.string(),
    settings: ZRepositorySettings.partial(),
  }),
  assets: z.array(ZExportedAsset).default([]),
  tags: z.array(ZExportedTag).default([]),
  asset_tags: z.array(ZExportedAssetTag).default([]),
  asset_prices: z.array(ZExportedAssetPrice).default([]),
  transactions: z.array(ZExportedTransaction).default([]),
  contacts: z.array(ZExportedContact).default([]),
  asset_contacts: z.array(ZExportedAssetContact).default([]),
  document_tags: z.array(ZExportedDocumentTag).default([]),
  documents: z.array(ZExportedDocument).default([]),
  document_tag_links: z.array(ZExportedDocumentTagLink).default([]),
});
export type TRepositoryExport = z.infer<typeof ZRepositoryExport>;

// --- endpoints -------------------------------------------------------------------------------------------

const errors = { 400: ZErrorBody, 401: ZErrorBody, 402: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export const listRepositories = defineEndpoint({
  method: 'GET',
  url: '/repositories',
  summary:
    "The caller's repositories (owned and shared), sorted by name; answers even when the subscription is inactive",
  response: { 200: z.array(ZRepository), 401: ZErrorBody },
});

export const createRepository = defineEndpoint({
  method: 'POST',
  url: '/repositories',
  summary: 'Create a repository owned by the caller (then call initialize)',
  body: ZCreateRepositoryBody,
  response: { 201: ZRepository, ...errors, 409: ZErrorBody },
});

export const initializeRepository = defineEndpoint({
  method: 'POST',
  url: '/repositories/:id/initialize',
  summary: 'Add the pre-created income and expense accounts and the initial tags (idempotent)',
  params: ZRepositoryIdParams,
  response: { 200: ZInitializeRepositoryResponse, ...errors },
});

export const updateRepository = defineEndpoint({
  method: 'PUT',
  url: '/repositories/:id',
  summary: 'Rename, change currency or settings (owner only); settings merge into the stored ones',
  params: ZRepositoryIdParams,
  body: ZUpdateRepositoryBody,
  response: { 200: ZRepository, ...errors, 409: ZErrorBody },
});

export const saveUserRepoSettings = defineEndpoint({
  method: 'PUT',
  url: '/repositories/:id/user_repo_settings',
  summary: "Merge into the caller's own settings for this repository; answers the merged settings",
  params: ZRepositoryIdParams,
  body: ZUserRepoSettingsPatch,
  response: { 200: ZUserRepoSettings, ...errors },
});

export const deleteRepository = defineEndpoint({
  method: 'DELETE',
  url: '/repositories/:id',
  summary: 'Delete the repository and everything in it (owner only)',
  params: ZRepositoryIdParams,
  response: { 200: ZMessageResponse, ...errors },
});

export const exportRepository = defineEndpoint({
  method: 'GET',
  url: '/repositories/:id/export',
  summary: 'The whole repository as a JSON document (owner only)',
  params: ZRepositoryIdParams,
  response: { 200: ZRepositoryExport, ...errors },
});

export const clearAnalyticsCache = defineEndpoint({
  method: 'DELETE',
  url: '/cache/analytics/:id',
  summary: "Drop the repository's cached analytics results (any member)",
  params: ZRepositoryIdParams,
  response: { 200: ZMessageResponse, ...errors },
});
