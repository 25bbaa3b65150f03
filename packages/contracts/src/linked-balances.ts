import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody } from './errors.ts';
import { ZRecordId } from './repositories.ts';

// A linked account's balances (issue #21; stored since migration 0019): what each statement reported as of its
// date — OFX LEDGERBAL (`ledger`), AVAILBAL (`available`) and an investment statement's INVBAL AVAILCASH
// (`cash`). The seed names no path for them; docs/linked-data.md says why this one.

export const LINKED_BALANCE_KINDS = ['ledger', 'available', 'cash'] as const;

export const ZLinkedBalance = z.object({
  id: z.string(),
  linked_account_id: z.string(),
  kind: z.enum(LINKED_BALANCE_KINDS),
  /** Exact decimal text, signed as the statement wrote it (a credit card's debt is negative). */
  amount: z.string(),
  as_of_date: z.string(),
  currency: z.string().nullable(),
  /** The load that wrote it last (a statement for the same date replaces it). */
  sync_event_id: z.string().nullable(),
});
export type TLinkedBalance = z.infer<typeof ZLinkedBalance>;

export const ZListLinkedBalancesQuery = z.object({
  /** Only the newest balance of each kind (the account's current figures). */
  latest: z
    .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
    .transform((value) => value === true || value === '1' || value === 'true')
    .optional(),
});

export const listLinkedBalances = defineEndpoint({
  method: 'GET',
  url: '/linked_data/accounts/:id/balances',
  summary: "A linked account's balances, newest as-of date first (ledger, available, cash)",
  params: z.object({ id: ZRecordId }),
  querystring: ZListLinkedBalancesQuery,
  response: {
    200: z.array(ZLinkedBalance),
    401: ZErrorBody,
    402: ZErrorBody,
    403: ZErrorBody,
    404: ZErrorBody,
  },
});
