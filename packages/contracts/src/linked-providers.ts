import { MAX_EVERY_HOURS, MIN_EVERY_HOURS, SYNC_SCHEDULES } from '@strata/core/linked-data/sync-schedule';
import { z } from 'zod';
import { liveConnectorKind, type TLiveConnectorId } from './connector-kinds.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody } from './errors.ts';
import { ZRecordId } from './repositories.ts';

// Live connectors (issue #24; linked seed §1, §2 'Connector actions', §7): the aggregator's Link token, the
// providers this server can link, and a connector's 'sync now'. Making a provider's connector from its Link
// answer is POST linked_data/connectors (linked-connectors.ts) with access_method and public_token.

export const LINKED_PROVIDER_MESSAGES = {
  /** Linked seed §7: the overlay aggregator's token could not be had. */
  PLAID_TOKEN_ERROR: 'Error while getting Plaid token',
  /** Linked seed §8: a provider this server is not configured for. */
  NOT_AVAILABLE: 'Connector not available',
  /** Linked seed §2/§8: a connector whose link address (Link script, authorization URL) is missing. */
  urlNotAvailable: (connector: string) => `${connector} URL is not available`,
  PUBLIC_TOKEN_REQUIRED: 'public_token is required: the token Plaid Link answered',
  SETUP_TOKEN_REQUIRED: 'setup_token is required: the token your SimpleFIN bridge gave you',
  LINK_FAILED: 'The provider refused the link: try connecting again',
  FILE_CONNECTOR_SYNC: 'This connector is loaded from files: import a file to update it',
  /** Linked seed §4's sync result 'login required', as the connector's status message: names who to reconnect to. */
  loginRequired: (connector: TLiveConnectorId) =>
    `Login required: reconnect this connector to the ${liveConnectorKind(connector).party}`,
  MALFORMED: 'The provider answered something that is not its documented format: nothing was imported',
  RATE_LIMITED: 'The provider is rate limiting this server: try again later',
  UNREACHABLE: 'The provider could not be reached: try again later',
} as const;

export const ZProviderInfo = z.object({
  id: z.string(),
  name: z.string(),
  /** Configured on this server (its variables are set); otherwise linking answers 'Connector not available'. */
  available: z.boolean(),
  /**
   * How the web links it: overlay (Link token, then POST connectors with public_token), token (paste),
   * redirect (GoCardless: consent dialog and bank; the cap table: neither; then GET authorization_url, the
   * bank or authorization server, then GET callback with what it sent back) or credentials
   * (POST arch_sync with the user's API client id and secret; POST kraken_sync with an API key and private key).
   */
  flow: z.enum(['overlay', 'token', 'redirect', 'credentials']),
  logo: z.string().nullable(),
});
export type TProviderInfo = z.infer<typeof ZProviderInfo>;

export const listProviders = defineEndpoint({
  method: 'GET',
  url: '/linked_data/providers',
  summary: 'The live connectors this server knows and whether each is configured (available)',
  response: { 200: z.array(ZProviderInfo), 401: ZErrorBody },
});

export const ZAccessTokenQuery = z.object({
  repository_id: ZRecordId,
  /** Re-link (update mode) an existing connector whose bank login expired. */
  connector_id: ZRecordId.optional(),
});

export const ZAccessToken = z.object({
  /** Plaid's link_token: the Link overlay opens with it. */
  token: z.string(),
  /** The Link script the overlay is opened with (or the hosted Link page when the provider answers one). */
  url: z.string(),
  expiration: z.string().nullable(),
});
export type TAccessToken = z.infer<typeof ZAccessToken>;

const errors = {
  400: ZErrorBody,
  401: ZErrorBody,
  402: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  503: ZErrorBody,
};

export const getAccessToken = defineEndpoint({
  method: 'GET',
  url: '/linked_data/access_token',
  summary: "The overlay aggregator's Link token and url (linked seed §7)",
  querystring: ZAccessTokenQuery,
  response: { 200: ZAccessToken, ...errors },
});

export const syncConnector = defineEndpoint({
  method: 'POST',
  url: '/linked_data/connectors/:id/sync',
  summary: "Sync now: fetch a provider connector's new, changed and removed transactions (answers the task)",
  params: z.object({ id: ZRecordId }),
  response: { 200: z.object({ task_id: z.string() }), ...errors },
});

// --- scheduled syncs (issue 24): off by default, set per connector by its home repository's writers --------

export const ZConnectorScheduleBody = z
  .object({
    schedule: z.enum(SYNC_SCHEDULES),
    /** With every_n_hours: how many hours between syncs (1–24). */
    every_hours: z.number().int().min(MIN_EVERY_HOURS).max(MAX_EVERY_HOURS).optional(),
  })
  .refine((body) => body.schedule !== 'every_n_hours' || body.every_hours !== undefined, {
    error: 'Field is required',
    path: ['every_hours'],
  });
export type TConnectorScheduleBody = z.infer<typeof ZConnectorScheduleBody>;

export const ZConnectorSchedule = z.object({
  connector_id: z.string(),
  schedule: z.enum(SYNC_SCHEDULES),
  /** Hours between scheduled syncs (24 when daily); null when off. */
  every_hours: z.number().int().nullable(),
  /** When the scheduler queues the next sync; null when off or stopped for a login. */
  next_sync_at: z.iso.datetime().nullable(),
  last_synced_at: z.iso.datetime().nullable(),
  /** Failed syncs in a row: each one doubles the wait before the next scheduled sync (at most a week). */
  failures: z.number().int(),
  /** The provider asked for the login again: no scheduled sync until a re-link and a successful sync. */
  is_login_required: z.boolean(),
});
export type TConnectorSchedule = z.infer<typeof ZConnectorSchedule>;

export const getConnectorSchedule = defineEndpoint({
  method: 'GET',
  url: '/linked_data/connectors/:id/schedule',
  summary: "A provider connector's sync schedule and when it syncs next",
  params: z.object({ id: ZRecordId }),
  response: { 200: ZConnectorSchedule, ...errors },
});

export const updateConnectorSchedule = defineEndpoint({
  method: 'PUT',
  url: '/linked_data/connectors/:id/schedule',
  summary: "Set a provider connector's sync schedule: off (the default), daily, or every N hours",
  params: z.object({ id: ZRecordId }),
  body: ZConnectorScheduleBody,
  response: { 200: ZConnectorSchedule, ...errors },
});
