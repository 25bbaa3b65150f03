import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody, ZVersion } from './errors.ts';
import { ZMessageResponse, ZRecordId } from './repositories.ts';

// Field rules are core's `validateTag`; the messages ('A tag with this name already exists', 'There is
// no such tag') are core's TAG_MESSAGES.

export const ZTag = z.object({
  id: z.string(),
  repository_id: z.string(),
  tag_name: z.string(),
  tag_value: z.string(),
  /** Ids of the assets carrying the tag. */
  assets: z.array(z.string()),
  created_at: z.iso.datetime(),
  created_by: z.string().nullable(),
  updated_at: z.iso.datetime(),
  updated_by: z.string().nullable(),
  version: ZVersion,
});
export type TTag = z.infer<typeof ZTag>;

const ZTagText = z.string().max(10_000).nullish();

export const ZListTagsQuery = z.object({ repository_id: ZRecordId });
export const ZCreateTagBody = z.object({ repository_id: ZRecordId, tag_name: ZTagText, tag_value: ZTagText });
export type TCreateTagBody = z.infer<typeof ZCreateTagBody>;
/** Fields left out keep their value; `version` (or If-Match) is the one the client edited. */
export const ZUpdateTagBody = z.object({
  tag_name: ZTagText,
  tag_value: ZTagText,
  version: ZVersion.nullish(),
});
export const ZTagParams = z.object({ id: ZRecordId });

/** One tag on one asset. */
export const ZAssetTag = z.object({
  id: z.string(),
  asset_id: z.string(),
  tag_id: z.string(),
  tag_name: z.string(),
  tag_value: z.string(),
});
export type TAssetTag = z.infer<typeof ZAssetTag>;

export const ZListAssetTagsQuery = z
  .object({ asset_id: ZRecordId.optional(), repository_id: ZRecordId.optional() })
  .refine((query) => query.asset_id !== undefined || query.repository_id !== undefined, {
    error: 'asset_id or repository_id is required',
  });

/** The tag by id, or by its name and value (the seed's assign dialog picks a pair). */
export const ZCreateAssetTagBody = z.object({
  asset_id: ZRecordId,
  tag_id: ZRecordId.optional(),
  tag_name: ZTagText,
  tag_value: ZTagText,
});
export const ZUpdateAssetTagBody = z.object({
  tag_id: ZRecordId.optional(),
  tag_name: ZTagText,
  tag_value: ZTagText,
});

const errors = { 400: ZErrorBody, 401: ZErrorBody, 402: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export const listTags = defineEndpoint({
  method: 'GET',
  url: '/tags',
  summary: "A repository's tags with the assets carrying each",
  querystring: ZListTagsQuery,
  response: { 200: z.array(ZTag), ...errors },
});

export const createTag = defineEndpoint({
  method: 'POST',
  url: '/tags',
  summary: 'Create a tag (unique by name and value)',
  body: ZCreateTagBody,
  response: { 201: ZTag, ...errors, 409: ZErrorBody },
});

export const updateTag = defineEndpoint({
  method: 'PUT',
  url: '/tags/:id',
  summary: "Change a tag's value (and its name, unless it is Category or Subcategory)",
  params: ZTagParams,
  body: ZUpdateTagBody,
  response: { 200: ZTag, ...errors, 409: ZErrorBody },
});

export const deleteTag = defineEndpoint({
  method: 'DELETE',
  url: '/tags/:id',
  summary: 'Delete a tag (not while it classifies an account)',
  params: ZTagParams,
  response: { 200: ZMessageResponse, ...errors, 409: ZErrorBody },
});

export const listAssetTags = defineEndpoint({
  method: 'GET',
  url: '/asset_tags',
  summary: 'Tags on one asset, or on every asset of a repository',
  querystring: ZListAssetTagsQuery,
  response: { 200: z.array(ZAssetTag), ...errors },
});

export const createAssetTag = defineEndpoint({
  method: 'POST',
  url: '/asset_tags',
  summary: 'Put a tag on an asset (one tag per name on an asset)',
  body: ZCreateAssetTagBody,
  response: { 201: ZAssetTag, ...errors, 409: ZErrorBody },
});

export const updateAssetTag = defineEndpoint({
  method: 'PUT',
  url: '/asset_tags/:id',
  summary: "Replace an asset's tag by another",
  params: ZTagParams,
  body: ZUpdateAssetTagBody,
  response: { 200: ZAssetTag, ...errors, 409: ZErrorBody },
});

export const deleteAssetTag = defineEndpoint({
  method: 'DELETE',
  url: '/asset_tags/:id',
  summary: 'Take a tag off an asset (an account keeps its Category and Subcategory)',
  params: ZTagParams,
  response: { 200: ZMessageResponse, ...errors },
});
