// The documents feature's public entry: what other features may use of it.
export { unknownAssets } from './documents.repository.ts';
export {
  documentsExportProblem,
  exportDocuments,
  importDocuments,
  type TImportedFile,
  withFileContents,
} from './documents-transfer.ts';
