// The public entry of this feature: what other features may use. Everything else is its own business.
export { createFileDocument, deleteDocument, documentsKey, useDocuments } from './api/documents.ts';
export { DocumentList } from './components/document-list.tsx';
