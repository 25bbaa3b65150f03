import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody } from './errors.ts';
import { ZRecordId } from './repositories.ts';

// Linked positions (issue #21; linked seed §2 "Linked positions list", §3, §7): the holdings investment
// statements report as of their date, one row per account, security, date and holding.

export const LINKED_POSITIONS_MESSAGES = {
  POSITION_NOT_FOUND: 'Linked position not found',
} as const;

export const ZLinkedPosition = z.object({
  id: z.string(),
  linked_account_id: z.string(),
  connector_name: z.string(),
  account_name: z.string().nullable(),
  account_number: z.string().nullable(),
  account_type: z.string().nullable(),
  /** The repository's account the linked account is mapped to. */
  asset_id: z.string().nullable(),
  security_id: z.string(),
  /** The security's name (OFX SECNAME), else null. */
  description: z.string().nullable(),
  ticker: z.string().nullable(),
  /** CUSIP, ISIN, the broker's private id … and its type. */
  unique_id: z.string(),
  id_type: z.string().nullable(),
  security_kind: z.enum(['stock', 'mutual_fund', 'debt', 'option', 'other']),
  /** Exact decimals as text. */
  quantity: z.string(),
  price: z.string().nullable(),
  value: z.string().nullable(),
  currency: z.string().nullable(),
  as_of_date: z.string(),
  price_date: z.string().nullable(),
  /** OFX HELDINACCT (CASH, MARGIN, SHORT, OTHER) and POSTYPE (LONG, SHORT). */
  held_in: z.string().nullable(),
  position_type: z.string().nullable(),
  /** The product's own transaction this position was mapped to; null until the mapping rules exist. */
  transaction_id: z.string().nullable(),
});
export type TLinkedPosition = z.infer<typeof ZLinkedPosition>;

export const ZLinkedPositionDetail = ZLinkedPosition.extend({
  /** The position as the statement file gave it (the seed's 'JSON data' source view). */
  source: z.record(z.string(), z.unknown()),
});
export type TLinkedPositionDetail = z.infer<typeof ZLinkedPositionDetail>;

export const ZListLinkedPositionsQuery = z.object({
  repository_id: ZRecordId,
  page_size: z.coerce.number().int().min(1).max(1000).default(50),
  page_no: z.coerce.number().int().min(1).default(1),
  search: z.string().max(255).optional(),
  linked_account_id: ZRecordId.optional(),
  /** The sort model as JSON: [{ field, sortDirection: 'ascending' | 'descending' }] on POSITION_FILTER_FIELDS. */
  sort: z.string().max(5_000).optional(),
  /**
   * The filter model as JSON (the smart transactions' engine) on POSITION_FILTER_FIELDS. Absent: amount
   * greater than 0 (the seed's default); `{"groups":[]}` shows every position.
   */
  filters: z.string().max(20_000).optional(),
});
export type TListLinkedPositionsQuery = z.infer<typeof ZListLinkedPositionsQuery>;

export const ZLinkedPositionPage = z.object({
  data: z.array(ZLinkedPosition),
  meta: z.object({ page_size: z.number(), page_no: z.number(), total: z.number() }),
});
export type TLinkedPositionPage = z.infer<typeof ZLinkedPositionPage>;

export const listLinkedPositions = defineEndpoint({
  method: 'GET',
  url: '/linked_data/positions',
  summary: 'A page of linked positions with search, filters (default amount > 0) and sort',
  querystring: ZListLinkedPositionsQuery,
  response: {
    200: ZLinkedPositionPage,
    400: ZErrorBody,
    401: ZErrorBody,
    402: ZErrorBody,
    403: ZErrorBody,
    404: ZErrorBody,
  },
});

export const getLinkedPosition = defineEndpoint({
  method: 'GET',
  url: '/linked_data/positions/:id',
  summary: 'One linked position with its JSON source',
  params: z.object({ id: ZRecordId }),
  /** The seed sends the repository; a position of another repository is then 404, as without it. */
  querystring: z.object({ repository_id: ZRecordId.optional() }),
  response: {
    200: ZLinkedPositionDetail,
    401: ZErrorBody,
    402: ZErrorBody,
    403: ZErrorBody,
    404: ZErrorBody,
  },
});
