import type { ColumnType } from 'kysely';

/** Column types of a provider connector's sealed access (migration 2026-11-27-0024). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ProviderConnectionsTable {
  connector_id: string;
  repository_id: string;
  provider: string;
  external_id: string | null;
  /** base64; AES-256-GCM under the key named by secret_key_id. Never sent to a client, never logged. */
  secret_ciphertext: string;
  secret_iv: string;
  secret_tag: string;
  secret_key_id: string;
  cursor: string | null;
  last_synced_at: Date | string | null;
  /** Migration 0029: the schedule (null = off, the default), when it is next due, failures in a row. */
  sync_every_hours: ColumnType<number | null, number | null | undefined, number | null>;
  next_sync_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  sync_failures: ColumnType<number, number | undefined, number>;
  /** The provider refused the login: no scheduled sync until one succeeds (a re-link, then 'sync now'). */
  is_login_required: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A redirect link between authorization_url and its callback (migration 2026-11-27-0028). */
export interface ProviderAuthorizationsTable {
  /** SHA-256 (hex) of the state: the state itself is only in the user's browser and the provider's redirect. */
  state_hash: string;
  provider: string;
  user_id: string;
  repository_id: string;
  name: string;
  /** The provider's id of the link (GoCardless' requisition), sealed as a connection's secret is. */
  secret_ciphertext: string;
  secret_iv: string;
  secret_tag: string;
  secret_key_id: string;
  expires_at: Date | string;
  created_at: Timestamp;
}

export interface ProviderConnectionsDatabase {
  provider_connections: ProviderConnectionsTable;
  provider_authorizations: ProviderAuthorizationsTable;
}
