import { z } from 'zod';
import { liveConnectorKind, type TLiveConnectorId } from './connector-kinds.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody } from './errors.ts';
import { ZConnector } from './linked-data.ts';
import { ZRecordId } from './repositories.ts';

// Live connectors that send the user to the bank and back, aggregators' institutions, and Arch (issue #24;
// linked seed §2 'Connector actions', §7): GET institutions/search, GET linked_data/authorization_url/{connector},
// GET linked_data/callback/{connector}, POST linked_data/arch_sync; and Kraken's key (POST linked_data/kraken_sync). docs/connectors.md has the flows.

export const LINKED_AUTHORIZATION_MESSAGES = {
  /** The seed's consent dialog: Next stays disabled until the box is ticked; the server asks for it too. */
  CONSENT_REQUIRED: 'Tick the consent box to let this app read your bank data',
  INSTITUTION_REQUIRED: 'institution_id is required: pick the bank in the institutions search',
  /** An absent, unknown, expired, used or another user's state: never a connector from it. */
  stateInvalid: (connector: TLiveConnectorId) =>
    `This ${liveConnectorKind(connector).link} link is not valid or has expired: start connecting again`,
  /** The bank, the provider or the user stopped the link before it finished. */
  linkNotCompleted: (connector: TLiveConnectorId) =>
    `The ${liveConnectorKind(connector).link} link was not completed: start connecting again`,
  ARCH_REFUSED: 'Arch refused these credentials: check the client id and secret',
  /** POST linked_data/connectors is for the overlay and token flows. */
  useAuthorizationUrl: (connector: TLiveConnectorId) =>
    `This connector links through the ${liveConnectorKind(connector).party}: use GET linked_data/authorization_url/${connector}`,
  USE_ARCH_SYNC: 'Arch links with its API client: use POST linked_data/arch_sync',
  KRAKEN_REFUSED: 'Kraken refused this API key: check the key, its private key and its permissions',
  USE_KRAKEN_SYNC: 'Kraken links with an API key: use POST linked_data/kraken_sync',
} as const;

/** Aggregators whose redirect link starts at a bank chosen in their institutions (GET institutions/search). */
export const REDIRECT_CONNECTORS = ['gocardless'] as const;

export const ZInstitutionSearchQuery = z.object({
  /** Part of the institution's name, any case; empty lists the country's. */
  q: z.string().trim().max(255).default(''),
  /** ISO 3166 alpha-2 (GB, DE, FR…). */
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'must be a two-letter country code' })
    .transform((code) => code.toUpperCase()),
  /** One aggregator; otherwise every configured one that lists institutions. */
  provider: z.enum(REDIRECT_CONNECTORS).optional(),
});

export const ZInstitution = z.object({
  /** The aggregator's id of the bank: the institution_id of GET authorization_url. */
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  countries: z.array(z.string()),
  provider: z.string(),
});
export type TInstitution = z.infer<typeof ZInstitution>;

export const searchInstitutions = defineEndpoint({
  method: 'GET',
  url: '/institutions/search',
  summary: 'Banks the configured aggregators link, by name and country (linked seed §7)',
  querystring: ZInstitutionSearchQuery,
  response: { 200: z.array(ZInstitution), 400: ZErrorBody, 401: ZErrorBody, 503: ZErrorBody },
});

const ZConnectorParams = z.object({ connector: z.string().trim().min(1).max(64) });
const errors = {
  400: ZErrorBody,
  401: ZErrorBody,
  402: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  503: ZErrorBody,
};

export const ZAuthorizationUrlQuery = z.object({
  repository_id: ZRecordId,
  institution_id: z.string().trim().min(1).max(255).optional(),
  /** The consent dialog's box: must be true. */
  consent: z.stringbool({ error: 'must be true or false' }).default(false),
  /** The new connector's name; defaults to the provider's. */
  name: z.string().trim().min(1).max(255).optional(),
  /** The bank pages' language (ISO 639-1), when the user's is known. */
  language: z
    .string()
    .regex(/^[A-Za-z]{2}$/, { error: 'must be a two-letter language code' })
    .optional(),
});

export const ZAuthorizationUrl = z.object({
  /** Where the browser goes next: the bank's consent pages. */
  url: z.string(),
  /** Comes back on the redirect (GoCardless appends it as `ref`); the callback needs it. */
  state: z.string(),
  expires_at: z.iso.datetime(),
});

export const getAuthorizationUrl = defineEndpoint({
  method: 'GET',
  url: '/linked_data/authorization_url/:connector',
  summary:
    'After the consent dialog: where to send the user to link a bank, with the state the callback checks (linked seed §7)',
  params: ZConnectorParams,
  querystring: ZAuthorizationUrlQuery,
  response: { 200: ZAuthorizationUrl, ...errors },
});

export const ZCallbackQuery = z.object({
  /** The state answered by authorization_url; GoCardless sends it back as `ref`. */
  state: z.string().max(512).optional(),
  ref: z.string().max(512).optional(),
  /** An OAuth provider's authorization code (the cap-table link), exchanged once with the PKCE verifier. */
  code: z.string().max(2048).optional(),
  /** Set by the bank or aggregator when the user cancelled or the bank refused. */
  error: z.string().max(512).optional(),
});

export const linkedDataCallback = defineEndpoint({
  method: 'GET',
  url: '/linked_data/callback/:connector',
  summary:
    'Back from the bank: checks the state, makes the connector with its accounts and queues its first sync (linked seed §7)',
  params: ZConnectorParams,
  querystring: ZCallbackQuery,
  response: { 200: ZConnector.extend({ task_id: z.string() }), ...errors },
});

export const ZArchSyncBody = z.object({
  repository_id: ZRecordId,
  client_id: z.string().trim().min(1).max(255),
  client_secret: z.string().trim().min(1).max(1000),
  name: z.string().trim().min(1).max(255).optional(),
});

export const archSync = defineEndpoint({
  method: 'POST',
  url: '/linked_data/arch_sync',
  summary:
    'Link Arch with an API client id and secret (sealed, never answered) and sync its holdings and activities (linked seed §7)',
  body: ZArchSyncBody,
  response: { 200: z.object({ task_id: z.string(), connector_id: z.string() }), ...errors },
});

export const ZKrakenSyncBody = z.object({
  repository_id: ZRecordId,
  /** A read-only key: Query Funds, Query Ledger Entries, Query Closed Orders & Trades. */
  api_key: z.string().trim().min(1).max(255),
  /** The key's private key, base64 as Kraken shows it. */
  api_secret: z
    .string()
    .trim()
    .min(1)
    .max(1000)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'must be the private key as Kraken shows it (base64)' }),
  name: z.string().trim().min(1).max(255).optional(),
});

export const krakenSync = defineEndpoint({
  method: 'POST',
  url: '/linked_data/kraken_sync',
  summary:
    'Link Kraken with a read-only API key and its private key (sealed, never answered) and sync its balances and ledger',
  body: ZKrakenSyncBody,
  response: { 200: z.object({ task_id: z.string(), connector_id: z.string() }), ...errors },
});
