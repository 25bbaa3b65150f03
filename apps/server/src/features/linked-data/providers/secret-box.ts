import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Provider access tokens sealed at rest with AES-256-GCM (node:crypto). The key comes from the environment;
 * each sealed value names the key that sealed it, so after a rotation the previous keys still open older
 * rows, and a row opened with a previous key is sealed again with the current one (see docs/connectors.md).
 */

export interface TSealed {
  ciphertext: string;
  iv: string;
  tag: string;
  keyId: string;
}

export interface TSecretBox {
  readonly currentKeyId: string;
  seal(plain: string): TSealed;
  /** Throws when the key that sealed it is not configured any more, or the value was tampered with. */
  open(sealed: TSealed): string;
  /** Whether the value was sealed with a key other than the current one. */
  isStale(sealed: TSealed): boolean;
}

export class SecretBoxError extends Error {}

const KEY_BYTES = 32;
const IV_BYTES = 12;

/** A 32-byte key written as base64 (44 characters) or hex (64 characters); null when it is not one. */
export function parseSecretKey(text: string): Buffer | null {
  const trimmed = text.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  return bytes.length === KEY_BYTES ? bytes : null;
}

/** `id:key,id:key` — the keys that sealed older rows. */
export function parsePreviousKeys(text: string | undefined): Map<string, Buffer> | null {
  const keys = new Map<string, Buffer>();
  for (const entry of (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const colon = entry.indexOf(':');
    if (colon <= 0) return null;
    const key = parseSecretKey(entry.slice(colon + 1));
    if (!key) return null;
    keys.set(entry.slice(0, colon), key);
  }
  return keys;
}

export function createSecretBox(options: {
  keyId: string;
  key: Buffer;
  previous?: ReadonlyMap<string, Buffer>;
}): TSecretBox {
  const keys = new Map(options.previous ?? []);
  keys.set(options.keyId, options.key);
  return {
    currentKeyId: options.keyId,
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', options.key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return {
        ciphertext: ciphertext.toString('base64'),
        iv: iv.toString('base64'),
        tag: cipher.getAuthTag().toString('base64'),
        keyId: options.keyId,
      };
    },
    open(sealed) {
      const key = keys.get(sealed.keyId);
      if (!key)
        throw new SecretBoxError(
          `The connector's credentials were sealed with key "${sealed.keyId}", which is not configured: add it to CONNECTOR_SECRETS_PREVIOUS_KEYS`,
        );
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
        decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
        return Buffer.concat([
          decipher.update(Buffer.from(sealed.ciphertext, 'base64')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        // No cause kept: the error would carry the ciphertext's buffers into a log.
        throw new SecretBoxError("The connector's credentials could not be opened with their key");
      }
    },
    isStale(sealed) {
      return sealed.keyId !== options.keyId;
    },
  };
}
