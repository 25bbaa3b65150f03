import type { TDocumentSource } from '@strata/core/documents/document-rules';

/** A file name as one safe key segment (storage/storage-key.ts): other characters become '_'. */
export function keySegmentOf(filename: string): string {
  const segment = filename
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^[^A-Za-z0-9_]+/, '')
    .slice(-120);
  return segment || 'file';
}

/**
 * The one place a stored document's key is made: under its own repository and document id, so a key
 * always says whose file it is. Keys are never taken from outside (a request, an imported file).
 */
export function documentFileKey(
  source: Extract<TDocumentSource, 'file' | 'thumbnail'>,
  repositoryId: string,
  documentId: string,
  filename: string,
): string {
  return `${source === 'thumbnail' ? 'thumbnails' : 'documents'}/${repositoryId}/${documentId}/${keySegmentOf(filename)}`;
}
