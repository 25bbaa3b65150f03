import { AppError } from '../plugins/app-error.ts';

/**
 * Keys are relative paths of plain segments (`users/u1/repository/0b…e.json`). The same rule holds for
 * every adapter, so a key that is safe on S3 is safe on disk: no absolute paths, no `.`/`..` segments,
 * no backslashes or control characters.
 */

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
export const MAX_KEY_LENGTH = 512;

/**
 * A 400 wherever it surfaces: every adapter refuses such a key before touching storage, so a key that came
 * from outside (an upload policy, an imported file, a stored row) can never read or write outside the store.
 */
export class UnsafeKeyError extends AppError {
  constructor(key: string) {
    super('BAD_REQUEST', `Invalid file key: ${JSON.stringify(key.slice(0, 100))}`);
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
