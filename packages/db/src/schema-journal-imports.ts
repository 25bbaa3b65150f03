/** Column types of the journal import keys (migration 2026-11-27-0026). */
export interface JournalImportKeysTable {
  repository_id: string;
  /** sha256 (hex) of one mapped transaction and its occurrence in its journal. */
  key: string;
  transaction_id: string;
}

export interface JournalImportsDatabase {
  journal_import_keys: JournalImportKeysTable;
}
