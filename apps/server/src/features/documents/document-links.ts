import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived addresses of stored files. The address names the document and an expiry, signed together
 * with the file key: it needs no session (an <img> or a new tab can use it, like an S3 presigned GET), and
 * it dies when it expires or when the document's file changes or goes.
 */

/** How long a stored file's address stays valid. */
export const FILE_LINK_TTL_SECONDS = 60 * 60;

function signatureOf(secret: string, documentId: string, key: string, expires: number): string {
  return createHmac('sha256', secret).update(`${documentId}\n${key}\n${expires}`).digest('hex');
}

export function signFileLink(input: {
  secret: string;
  baseUrl: string;
  documentId: string;
  key: string;
  now: number;
}): string {
  // Rounded up to the next minute, so the addresses a list hands out within a minute are the same (cacheable).
  const expires = Math.ceil((input.now + FILE_LINK_TTL_SECONDS * 1000) / 60_000) * 60;
  const signature = signatureOf(input.secret, input.documentId, input.key, expires);
  return `${input.baseUrl}/api/documents/${input.documentId}/file?expires=${expires}&signature=${signature}`;
}

/** Whether the address is this document's current file's, and not expired. */
export function isValidFileLink(input: {
  secret: string;
  documentId: string;
  key: string;
  expires: number;
  signature: string;
  now: number;
}): boolean {
  if (input.expires * 1000 <= input.now) return false;
  const expected = Buffer.from(signatureOf(input.secret, input.documentId, input.key, input.expires), 'hex');
  const given = Buffer.from(input.signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * How the browser should take a stored file: inline only for types that cannot run script (images but SVG,
 * PDF, plain text); anything else downloads. The answer also carries a sandbox CSP and nosniff.
 */
export function dispositionOf(contentType: string, filename: string): string {
  const inline =
    (contentType.startsWith('image/') && contentType !== 'image/svg+xml') ||
    contentType === 'application/pdf' ||
    contentType === 'text/plain';
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
