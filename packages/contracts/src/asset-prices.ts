import { z } from 'zod';
import { ZCalendarDay } from './calendar-day.ts';
import { fileText } from './control-characters.ts';
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

// --- CSV price files (docs/market-data.md): rows of date, ticker or asset, close, optional currency ----------

export const ZPriceCsvBody = z.object({
  repository_id: ZRecordId,
  /** Loaded from one asset's prices: every row is that asset's, and the ticker column may be left out. */
  asset_id: ZRecordId.optional(),
  /** The file's text (UTF-8); the first line names the columns. */
  text: fileText(z.string().min(1, { error: 'Field is required' }).max(5_000_000)),
});
export type TPriceCsvBody = z.infer<typeof ZPriceCsvBody>;

export const ZPriceCsvProblem = z.object({
  line: z.number().int(),
  field: z.enum(['file', 'date', 'ticker', 'close', 'currency']),
  message: z.string(),
});
export type TPriceCsvProblem = z.infer<typeof ZPriceCsvProblem>;

export const ZPriceCsvPreview = z.object({
  /** Prices the file would write. */
  rows: z.number().int(),
  /** Of those, days that already hold a CSV price of that asset (replaced). */
  replaced: z.number().int(),
  assets: z.array(
    z.object({
      asset_id: z.string(),
      name: z.string(),
      ticker: z.string().nullable(),
      rows: z.number().int(),
      first_date: z.string(),
      last_date: z.string(),
    }),
  ),
  /** The first rows as they would be stored (close in the asset's currency). */
  sample: z.array(
    z.object({ line: z.number().int(), asset_id: z.string(), date: z.string(), close: z.string() }),
  ),
  /** Every problem found; a file with any is not imported. */
  problems: z.array(ZPriceCsvProblem),
});
export type TPriceCsvPreview = z.infer<typeof ZPriceCsvPreview>;

export const ZPriceCsvImported = z.object({
  rows: z.number().int(),
  added: z.number().int(),
  replaced: z.number().int(),
  assets: z.number().int(),
});
export type TPriceCsvImported = z.infer<typeof ZPriceCsvImported>;

export const previewPriceCsv = defineEndpoint({
  method: 'POST',
  url: '/asset_prices/csv/preview',
  summary: 'What loading a CSV file of prices would write, and every problem it has',
  body: ZPriceCsvBody,
  response: { 200: ZPriceCsvPreview, ...errors },
});

export const importPriceCsv = defineEndpoint({
  method: 'POST',
  url: '/asset_prices/csv',
  summary:
    "Load a CSV file of prices as the source 'csv': all or nothing, a day's earlier CSV price replaced",
  body: ZPriceCsvBody,
  response: { 200: ZPriceCsvImported, ...errors },
});
