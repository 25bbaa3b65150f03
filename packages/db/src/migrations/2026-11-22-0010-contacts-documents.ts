import { type Kysely, sql } from 'kysely';

/**
 * Contacts (the seed's contact_info) linked to assets, document tags, and documents. One `documents` table
 * holds all three sources of core seed §3: links (url, google_drive, dropbox, one_drive: `path`), files the
 * product stores (`file_key` in the file store), and asset thumbnails — the seed's "file record" has the
 * same fields as a document (name, source, asset_id, filename, file), so it is a document of source
 * 'thumbnail', at most one per asset.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  const uuid = sql`gen_random_uuid()`;

  await db.schema
    .createTable('contacts')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(uuid))
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('company', 'text')
    .addColumn('notes', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('created_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('contacts_repository_id_idx').on('contacts').column('repository_id').execute();

  await db.schema
    .createTable('asset_contacts')
    // Redundant with the contact's, but lets every query scope by repository without a join.
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('contact_id', 'uuid', (col) => col.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('asset_id', 'uuid', (col) => col.notNull().references('assets.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('asset_contacts_pkey', ['contact_id', 'asset_id'])
    .execute();
  await db.schema
    .createIndex('asset_contacts_asset_id_idx')
    .on('asset_contacts')
    .column('asset_id')
    .execute();

  await db.schema
    .createTable('document_tags')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(uuid))
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('created_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .execute();
  // Names are unique per repository whatever their case; leads with repository_id, so it is also its index.
  await sql`CREATE UNIQUE INDEX document_tags_repository_name_key ON document_tags (repository_id, lower(name))`.execute(
    db,
  );

  await db.schema
    .createTable('documents')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(uuid))
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('asset_id', 'uuid', (col) => col.references('assets.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) =>
      col
        .notNull()
        .check(sql`source IN ('file', 'thumbnail', 'url', 'google_drive', 'dropbox', 'one_drive')`),
    )
    /** The link of a link source. */
    .addColumn('path', 'text')
    /** The file's own name, as the user picked it (files and thumbnails). */
    .addColumn('filename', 'text')
    /** Where the file store keeps it; several documents may share one after an import. */
    .addColumn('file_key', 'text')
    .addColumn('content_type', 'text')
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('created_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .addCheckConstraint(
      'documents_source_fields',
      sql`(source IN ('file', 'thumbnail') AND file_key IS NOT NULL AND filename IS NOT NULL)
        OR (source NOT IN ('file', 'thumbnail') AND path IS NOT NULL AND file_key IS NULL)`,
    )
    .addCheckConstraint('documents_thumbnail_asset', sql`source <> 'thumbnail' OR asset_id IS NOT NULL`)
    .execute();
  await db.schema
    .createIndex('documents_repository_id_idx')
    .on('documents')
    .columns(['repository_id', 'source'])
    .execute();
  await db.schema.createIndex('documents_asset_id_idx').on('documents').column('asset_id').execute();
  await db.schema.createIndex('documents_file_key_idx').on('documents').column('file_key').execute();
  // Seed §7: an asset's thumbnail is replaced, never doubled.
  await sql`CREATE UNIQUE INDEX documents_asset_thumbnail_key ON documents (asset_id) WHERE source = 'thumbnail'`.execute(
    db,
  );

  await db.schema
    .createTable('document_tag_links')
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('document_id', 'uuid', (col) => col.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('document_tag_id', 'uuid', (col) =>
      col.notNull().references('document_tags.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('document_tag_links_pkey', ['document_id', 'document_tag_id'])
    .execute();
  await db.schema
    .createIndex('document_tag_links_tag_id_idx')
    .on('document_tag_links')
    .column('document_tag_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['document_tag_links', 'documents', 'document_tags', 'asset_contacts', 'contacts']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
