import type { ColumnType, Generated } from 'kysely';

/** Column types of contacts, documents and document tags (migration 2026-11-22-0010). */

type CreatedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

interface Audited {
  created_at: CreatedTimestamp;
  created_by: string | null;
  updated_at: CreatedTimestamp;
  /** Raised by one on every update; a client sending an older one is refused (plugins/row-version.ts). */
  version: Generated<number>;
  updated_by: string | null;
}

export interface ContactsTable extends Audited {
  id: Generated<string>;
  repository_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  notes: string | null;
}

export interface AssetContactsTable {
  repository_id: string;
  contact_id: string;
  asset_id: string;
}

export interface DocumentTagsTable extends Audited {
  id: Generated<string>;
  repository_id: string;
  name: string;
}

export interface DocumentsTable extends Audited {
  /** Set by the service when the file key is named after it. */
  id: Generated<string>;
  repository_id: string;
  asset_id: string | null;
  name: string;
  /** 'file' | 'thumbnail' | 'url' | 'google_drive' | 'dropbox' | 'one_drive' (CHECK). */
  source: string;
  path: string | null;
  filename: string | null;
  file_key: string | null;
  content_type: string | null;
  description: string | null;
}

export interface DocumentTagLinksTable {
  repository_id: string;
  document_id: string;
  document_tag_id: string;
}

export interface DocumentsDatabase {
  contacts: ContactsTable;
  asset_contacts: AssetContactsTable;
  document_tags: DocumentTagsTable;
  documents: DocumentsTable;
  document_tag_links: DocumentTagLinksTable;
}
