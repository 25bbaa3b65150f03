/**
 * Keys are relative paths of plain segments (`users/u1/repository/0b…e.json`). The same rule holds for
 * every adapter, so a key that is safe on S3 is safe on disk: no absolute paths, no `.`/`..` segments,
 * no backslashes or control characters.
 */

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
export const MAX_KEY_LENGTH = 512;

export class UnsafeKeyError extends Error {
  constructor(key: string) {
    super(`Invalid file key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'UnsafeKeyError';
  }
}

export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..');
}

export function assertSafeKey(key: string): string {
  if (!isSafeKey(key)) throw new UnsafeKeyError(key);
  return key;
}
