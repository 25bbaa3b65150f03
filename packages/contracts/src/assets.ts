import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody, ZVersion } from './errors.ts';
import { ZMessageResponse, ZRecordId } from './repositories.ts';

// Field rules (type, name, ticker, currency, account tags) are core's `validateAsset`, run by the service
// so every problem comes back at once with the seed's words; the schemas here only fix the shapes.
const ZText = z.string().max(10_000).nullish();

/** Query flags arrive as '1'/'0' or 'true'/'false'. */
const ZFlag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .transform((value) => value === true || value === '1' || value === 'true');

export const ZAsset = z.object({
  id: z.string(),
  repository_id: z.string(),
  name: z.string(),
  ticker: z.string().nullable(),
  currency: z.string().nullable(),
  type: z.string(),
  description: z.string().nullable(),
  /** The currency asset of `currency` in this repository. */
  currency_asset: z.string().nullable(),
  /** The grouping account above an account. */
  parent_id: z.string().nullable(),
  /** Tag ids. */
  tags: z.array(z.string()),
  properties: z.record(z.string(), z.unknown()),
  /** Pre-created income and expense accounts can't be edited or deleted. */
  is_readonly: z.boolean(),
  linked_id: z.string().nullable(),
  linked_security_id: z.string().nullable(),
  /** The linked account mapped to this account (PUT linked_data/accounts/map), and its connector's state. */
  linked_account_id: z.string().nullable(),
  connector_status: z.enum(['ok', 'failed', 'pending']).nullable(),
  connector_status_message: z.string().nullable(),
  security_info_ticker: z.string().nullable(),
  deleted_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  created_by: z.string().nullable(),
  updated_at: z.iso.datetime(),
  updated_by: z.string().nullable(),
  version: ZVersion,
});
export type TAsset = z.infer<typeof ZAsset>;

export const ZAssetFields = z.object({
  type: z.string().nullish(),
  name: ZText,
  ticker: ZText,
  currency: ZText,
  description: ZText,
  tags: z.array(ZRecordId).max(100).optional(),
  parent_id: ZRecordId.nullish(),
  properties: z.record(z.string(), z.unknown()).optional(),
});
export type TAssetFields = z.infer<typeof ZAssetFields>;

/** Fields left out keep their value; `version` (or If-Match) is the one the client edited. */
export const ZUpdateAssetBody = ZAssetFields.extend({ version: ZVersion.nullish() });

export const ZCreateAssetBody = ZAssetFields.extend({ repository_id: ZRecordId.optional() });
export type TCreateAssetBody = z.infer<typeof ZCreateAssetBody>;

/** One asset (repository_id in the body) or many (an array; repository_id in the query). */
export const ZCreateAssetsBody = z.union([ZCreateAssetBody, z.array(ZCreateAssetBody).min(1).max(1000)]);

export const ZCreatedAsset = ZAsset.extend({
  /** Present when creating the asset also created the currency asset of its currency. */
  currency_asset_created: ZAsset.optional(),
});

export const ZAssetIdParams = z.object({ id: ZRecordId });

export const ZListAssetsQuery = z.object({
  repository_id: ZRecordId,
  show_deleted: ZFlag.optional(),
});

export const ZBulkQuery = z.object({ repository_id: ZRecordId.optional() });

export const ZDeleteAssetQuery = z.object({ is_hard: ZFlag.optional() });

export const ZBulkDeleteAssetsBody = z.object({
  ids: z.array(ZRecordId).min(1).max(1000),
  is_hard: z.boolean().optional(),
});

export const ZAssetType = z.object({
  type: z.string(),
  /** Which list the type belongs to: 'asset', 'currency' or 'account'. */
  family: z.enum(['asset', 'currency', 'account']),
  /** 'instrument', 'holding account', 'income account' or 'expense account'. */
  group: z.string(),
});

const errors = { 400: ZErrorBody, 401: ZErrorBody, 402: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export const listAssets = defineEndpoint({
  method: 'GET',
  url: '/assets',
  summary: "A repository's assets, currencies and accounts (the trash too with show_deleted=1)",
  querystring: ZListAssetsQuery,
  response: { 200: z.object({ data: z.array(ZAsset) }), ...errors },
});

export const getAsset = defineEndpoint({
  method: 'GET',
  url: '/assets/:id',
  summary: 'One asset',
  params: ZAssetIdParams,
  response: { 200: ZAsset, ...errors },
});

export const listAssetTypes = defineEndpoint({
  method: 'GET',
  url: '/asset_types',
  summary: 'Every asset type, with the list (asset, currency, account) it belongs to',
  response: { 200: z.array(ZAssetType), 401: ZErrorBody },
});

export const createAssets = defineEndpoint({
  method: 'POST',
  url: '/assets',
  summary: 'Create an asset, or many at once (an array; all or nothing)',
  querystring: ZBulkQuery,
  body: ZCreateAssetsBody,
  response: { 201: z.union([ZCreatedAsset, z.array(ZCreatedAsset)]), ...errors, 409: ZErrorBody },
});

export const updateAsset = defineEndpoint({
  method: 'PUT',
  url: '/assets/:id',
  summary: 'Change an asset; a stale `version` or If-Match answers 409 STALE_VERSION',
  params: ZAssetIdParams,
  body: ZUpdateAssetBody,
  response: { 200: ZAsset, ...errors, 409: ZErrorBody },
});

export const deleteAsset = defineEndpoint({
  method: 'DELETE',
  url: '/assets/:id',
  summary: 'Move an asset to the trash, or delete it for good with is_hard=1',
  params: ZAssetIdParams,
  querystring: ZDeleteAssetQuery,
  response: { 200: ZMessageResponse, ...errors, 409: ZErrorBody },
});

export const deleteAssets = defineEndpoint({
  method: 'DELETE',
  url: '/assets',
  summary: 'Move many assets to the trash (or delete them for good); all or nothing',
  body: ZBulkDeleteAssetsBody,
  response: { 200: ZMessageResponse, ...errors, 409: ZErrorBody },
});

export const restoreAsset = defineEndpoint({
  method: 'POST',
  url: '/assets/:id/restore',
  summary: 'Bring an asset back from the trash',
  params: ZAssetIdParams,
  response: { 200: ZAsset, ...errors, 409: ZErrorBody },
});
