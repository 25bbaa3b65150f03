import { fileTypeFromBuffer, supportedMimeTypes } from 'file-type';
import { AppError } from '../plugins/app-error.ts';

/** file-type reads at most this many leading bytes to recognise a format. */
export const SNIFF_BYTES = 4100;

/**
 * The bytes do not have the image type they were declared with. Images are the files served inline (an
 * `<img>`, a new tab), so their declared type is checked against their magic bytes rather than trusted.
 */
export class ContentSniffError extends AppError {
  constructor(declared: string, found: string | undefined) {
    super(
      'BAD_REQUEST',
      `The file is not of its declared type ${declared}: its bytes are ${found ? `of type ${found}` : 'of no known image type'}`,
    );
    this.name = 'ContentSniffError';
  }
}

/**
 * Whether bytes declared as `contentType` are sniffed before they are kept: the image types file-type
 * recognises (SVG, which it cannot, is served only as a download; see documents/document-links.ts).
 */
export function isSniffedType(contentType: string | undefined): contentType is string {
  return contentType?.startsWith('image/') === true && supportedMimeTypes.has(contentType);
}

/** Throws ContentSniffError when `head` (the file's first bytes) is not of the declared image type. */
export async function assertContentMatches(contentType: string | undefined, head: Uint8Array): Promise<void> {
  if (!isSniffedType(contentType)) return;
  const found = (await fileTypeFromBuffer(head.subarray(0, SNIFF_BYTES)))?.mime;
  // An animated PNG is still a PNG to every browser.
  const matches = found === contentType || (contentType === 'image/png' && found === 'image/apng');
  if (!matches) throw new ContentSniffError(contentType, found);
}
