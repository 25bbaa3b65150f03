import { z } from 'zod';
import { ZCalendarDay } from './calendar-day.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody, ZVersion } from './errors.ts';
import { ZMessageResponse, ZRecordId } from './repositories.ts';

// Field rules (date, close, editable sources, the duplicate day) are core's `validatePrice`.

export const ZAssetPrice = z.object({
  id: z.string(),
  asset_id: z.string(),
  date: z.string(),
  /** Exact decimal text. */
  close: z.string(),
  adjusted_close: z.string().nullable(),
  source: z.string(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  version: ZVersion,
});
export type TAssetPrice = z.infer<typeof ZAssetPrice>;

export const ZListAssetPricesQuery = z.object({
  asset_id: ZRecordId,
  from: ZCalendarDay.optional(),
  to: ZCalendarDay.optional(),
});

const ZPriceValue = z.union([z.string().max(64), z.number()]).nullish();

export const ZCreateAssetPriceBody = z.object({
  asset_id: ZRecordId,
  date: z.string().max(64).nullish(),
  close: ZPriceValue,
  source: z.string().max(64).optional(),
});
export type TCreateAssetPriceBody = z.infer<typeof ZCreateAssetPriceBody>;

export const ZUpdateAssetPriceBody = z.object({
  date: z.string().max(64).nullish(),
  close: ZPriceValue,
  source: z.string().max(64).optional(),
  /** The version the client edited (or If-Match); a stale one answers 409 STALE_VERSION. */
  version: ZVersion.nullish(),
});
export type TUpdateAssetPriceBody = z.infer<typeof ZUpdateAssetPriceBody>;

export const ZAssetPriceParams = z.object({ id: ZRecordId });

const errors = { 400: ZErrorBody, 401: ZErrorBody, 402: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export const listAssetPrices = defineEndpoint({
  method: 'GET',
  url: '/asset_prices',
  summary: "An asset's prices by date (every source), optionally between from and to",
  querystring: ZListAssetPricesQuery,
  response: { 200: z.array(ZAssetPrice), ...errors },
});

export const createAssetPrice = defineEndpoint({
  method: 'POST',
  url: '/asset_prices',
  summary: 'Add a manual or override price',
  body: ZCreateAssetPriceBody,
  response: { 201: ZAssetPrice, ...errors, 409: ZErrorBody },
});

export const updateAssetPrice = defineEndpoint({
  method: 'PUT',
  url: '/asset_prices/:id',
  summary: 'Change a manual or override price',
  params: ZAssetPriceParams,
  body: ZUpdateAssetPriceBody,
  response: { 200: ZAssetPrice, ...errors, 409: ZErrorBody },
});

export const deleteAssetPrice = defineEndpoint({
  method: 'DELETE',
  url: '/asset_prices/:id',
  summary: 'Delete a manual or override price',
  params: ZAssetPriceParams,
  response: { 200: ZMessageResponse, ...errors },
});
