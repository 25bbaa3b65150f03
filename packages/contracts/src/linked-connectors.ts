import { z } from 'zod';
import { ZAsset, ZAssetFields } from './assets.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody } from './errors.ts';
import { LINKED_LOADERS, ZConnector, ZCsvProfile, ZLinkedAccount, ZSyncEvent } from './linked-data.ts';
import { ZMessageResponse, ZRecordId } from './repositories.ts';

// Linked data, mapping (issue #21; linked seed §3, §7): connectors made and shared between repositories,
// linked accounts mapped to (or made into) the repository's accounts, and saved CSV mapping profiles.

export const LINKED_CONNECTOR_MESSAGES = {
  /** Linked seed §8: a connector kind this server cannot make (the providers come later). */
  NOT_AVAILABLE: 'Connector not available',
  /** Linked seed §2: deleting a shared connector warns and needs the permission flag. */
  sharedDeleteWarning: (others: number) =>
    `This connector is shared with ${others} other ${others === 1 ? 'repository' : 'repositories'}: deleting it removes it from all of them. Send has_permission=true to delete it`,
  ALREADY_SHARED: 'The connector is already in this repository',
  NOT_IN_CONNECTOR_REPOSITORIES: "Must be one of the connector's repositories",
  NOT_AN_ACCOUNT: "Must be one of the repository's accounts",
  ASSET_ALREADY_LINKED: 'This account is already linked to another linked account',
  ACCOUNT_ALREADY_MAPPED: 'This linked account is already mapped to an account: unmap it first',
  PROFILE_NOT_FOUND: 'CSV profile not found',
  PROFILE_NAME_TAKEN: 'A CSV profile with this name already exists',
  PROFILE_TWICE: 'Give csv_profile or csv_profile_id, not both',
  PROFILE_DELETED: 'CSV profile deleted',
  /** Unsharing (DELETE .../map_repository): the home repository is where the connector lives. */
  HOME_REPOSITORY: "This is the connector's home repository: delete the connector instead",
  NOT_SHARED: 'The connector is not shared with this repository',
} as const;

/** The connector kinds this server makes today: files, loaded by the manual loader or the OFX/QFX import. */
export const FILE_CONNECTOR_METHODS = ['manual', 'file'] as const;

export const ZCreateConnectorBody = z.object({
  repository_id: ZRecordId,
  name: z.string().trim().min(1).max(255),
  /** manual or file; any provider's value answers 'Connector not available' until the providers come. */
  access_method: z.string().trim().min(1).max(64),
  /** The loader its files go through, when known (the OFX/QFX import dialog's is ofx). */
  source: z.enum(LINKED_LOADERS).optional(),
  /** plaid: the public_token Plaid Link handed the browser (exchanged here for the sealed access token). */
  public_token: z.string().trim().min(1).max(1000).optional(),
  /** simplefin: the setup token the user pasted from their SimpleFIN bridge (claimed here once). */
  setup_token: z.string().trim().min(1).max(4000).optional(),
});
export type TCreateConnectorBody = z.infer<typeof ZCreateConnectorBody>;

const ZIdParams = z.object({ id: ZRecordId });
const errors = {
  400: ZErrorBody,
  401: ZErrorBody,
  402: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
};

export const createConnector = defineEndpoint({
  method: 'POST',
  url: '/linked_data/connectors',
  summary:
    "Make a connector in a repository: a file one, or a provider's from its Link token (answers its first sync's task)",
  body: ZCreateConnectorBody,
  response: { 201: ZConnector.extend({ task_id: z.string().nullable().optional() }), ...errors },
});

export const ZMapRepositoryBody = z.object({ repository_id: ZRecordId });

export const mapConnectorRepository = defineEndpoint({
  method: 'POST',
  url: '/linked_data/connectors/:id/map_repository',
  summary:
    'Share a connector into another repository (its accounts are then given to either with PUT accounts)',
  params: ZIdParams,
  body: ZMapRepositoryBody,
  response: { 200: ZConnector, ...errors },
});

export const unmapConnectorRepository = defineEndpoint({
  method: 'DELETE',
  url: '/linked_data/connectors/:id/map_repository',
  summary:
    'Take a connector out of a repository it was shared into; the accounts given to that repository go back to its home',
  params: ZIdParams,
  querystring: ZMapRepositoryBody,
  response: { 200: ZConnector, ...errors },
});

/** What the import of a file into this connector takes (the OFX/QFX import dialog and the manual loader). */
export const ZConnectorImport = z.object({
  connector_id: z.string(),
  /** The loader its last file went through (or the connector's source); null before any. */
  loader: z.enum(LINKED_LOADERS).nullable(),
  /** File name endings the import accepts: .ofx and .qfx for an OFX/QFX connector. */
  accept: z.array(z.string()),
  /** The saved CSV profile its last CSV went through, to reuse for the next. */
  csv_profile_id: z.string().nullable(),
  /** `POST file_upload` with this type, then `POST linked_data/connectors/manual` with connector_id. */
  upload_type: z.literal('manual_sync'),
  last_event: ZSyncEvent.nullable(),
});
export type TConnectorImport = z.infer<typeof ZConnectorImport>;

export const getConnectorImport = defineEndpoint({
  method: 'GET',
  url: '/linked_data/connectors/:id/import',
  summary: 'What importing a file into this connector takes: its loader, accepted files, saved CSV profile',
  params: ZIdParams,
  response: { 200: ZConnectorImport, ...errors },
});

// --- linked accounts -----------------------------------------------------------------------------------------

export const ZLinkedAccountChange = z.object({
  id: ZRecordId,
  name: z.string().trim().min(1).max(255).optional(),
  type: z.string().trim().min(1).max(255).optional(),
  /** Give the account (with its transactions and sync events) to another of its connector's repositories. */
  repository_id: ZRecordId.optional(),
});

export const updateLinkedAccounts = defineEndpoint({
  method: 'PUT',
  url: '/linked_data/accounts',
  summary: 'Bulk update of linked accounts: name, type, and the repository of a shared connector it goes to',
  body: z.array(ZLinkedAccountChange).min(1).max(500),
  response: { 200: z.array(ZLinkedAccount), ...errors },
});

export const ZMapLinkedAccountBody = z.object({
  id: ZRecordId,
  /** One of the repository's accounts; null unmaps. */
  asset_id: ZRecordId.nullable(),
});

export const mapLinkedAccount = defineEndpoint({
  method: 'PUT',
  url: '/linked_data/accounts/map',
  summary: "Map a linked account to one of its repository's accounts (or unmap it)",
  body: ZMapLinkedAccountBody,
  response: { 200: ZLinkedAccount, ...errors },
});

export const ZRepositoryLinkBody = z.object({
  id: ZRecordId,
  /** The new account: the assets' own fields and rules; name and currency default to the linked account's. */
  asset: ZAssetFields,
});

export const linkLinkedAccountToRepository = defineEndpoint({
  method: 'PUT',
  url: '/linked_data/accounts/repository_link',
  summary: "Make a linked account one of its repository's accounts (a new asset) and map it",
  body: ZRepositoryLinkBody,
  response: { 200: z.object({ linked_account: ZLinkedAccount, asset: ZAsset }), ...errors },
});

// --- saved CSV mapping profiles ------------------------------------------------------------------------------

export type TCsvProfileFields = z.infer<typeof ZCsvProfile>;

export const ZCsvProfileRecord = z.object({
  id: z.string(),
  repository_id: z.string(),
  name: z.string(),
  profile: ZCsvProfile,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type TCsvProfileRecord = z.infer<typeof ZCsvProfileRecord>;

export const ZCreateCsvProfileBody = z.object({
  repository_id: ZRecordId,
  name: z.string().trim().min(1).max(255),
  profile: ZCsvProfile,
});

export const ZUpdateCsvProfileBody = z.object({
  name: z.string().trim().min(1).max(255).optional(),
  profile: ZCsvProfile.optional(),
});

export const listCsvProfiles = defineEndpoint({
  method: 'GET',
  url: '/linked_data/csv_profiles',
  summary: "The repository's saved CSV mapping profiles, by name",
  querystring: z.object({ repository_id: ZRecordId }),
  response: { 200: z.array(ZCsvProfileRecord), ...errors },
});

export const createCsvProfile = defineEndpoint({
  method: 'POST',
  url: '/linked_data/csv_profiles',
  summary: "Save a bank's CSV mapping profile in the repository",
  body: ZCreateCsvProfileBody,
  response: { 201: ZCsvProfileRecord, ...errors },
});

export const updateCsvProfile = defineEndpoint({
  method: 'PUT',
  url: '/linked_data/csv_profiles/:id',
  summary: 'Rename or change a saved CSV mapping profile',
  params: ZIdParams,
  body: ZUpdateCsvProfileBody,
  response: { 200: ZCsvProfileRecord, ...errors },
});

export const deleteCsvProfile = defineEndpoint({
  method: 'DELETE',
  url: '/linked_data/csv_profiles/:id',
  summary: 'Delete a saved CSV mapping profile',
  params: ZIdParams,
  response: { 200: ZMessageResponse, ...errors },
});
