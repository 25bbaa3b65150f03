import { describe, expect, it } from 'vitest';
import { createSecretBox, parsePreviousKeys, parseSecretKey, SecretBoxError } from './secret-box.ts';

const KEY_A = Buffer.alloc(32, 1);
const KEY_B = Buffer.alloc(32, 2);

describe('secret box (AES-256-GCM)', () => {
  it('seals without the plain text and opens it again', () => {
    const box = createSecretBox({ keyId: 'a', key: KEY_A });
    const sealed = box.seal('access-sandbox-1234');
    expect(JSON.stringify(sealed)).not.toContain('access-sandbox-1234');
    expect(Buffer.from(sealed.ciphertext, 'base64').toString('utf8')).not.toContain('access');
    expect(sealed.keyId).toBe('a');
    expect(Buffer.from(sealed.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(sealed.tag, 'base64')).toHaveLength(16);
    expect(box.open(sealed)).toBe('access-sandbox-1234');
    // A fresh nonce each time: the same token never seals to the same text.
    expect(box.seal('access-sandbox-1234').ciphertext).not.toBe(sealed.ciphertext);
  });

  it('refuses a tampered value and a value of an unknown key', () => {
    const box = createSecretBox({ keyId: 'a', key: KEY_A });
    const sealed = box.seal('token');
    const flipped = Buffer.from(sealed.ciphertext, 'base64');
    flipped[0] = (flipped[0] as number) ^ 1;
    expect(() => box.open({ ...sealed, ciphertext: flipped.toString('base64') })).toThrow(SecretBoxError);
    expect(() => box.open({ ...sealed, keyId: 'gone' })).toThrow(/"gone", which is not configured/);
  });

  it('after a rotation, opens what the previous key sealed and calls it stale', () => {
    const before = createSecretBox({ keyId: 'a', key: KEY_A });
    const sealed = before.seal('token-1');
    const after = createSecretBox({ keyId: 'b', key: KEY_B, previous: new Map([['a', KEY_A]]) });
    expect(after.open(sealed)).toBe('token-1');
    expect(after.isStale(sealed)).toBe(true);
    const resealed = after.seal(after.open(sealed));
    expect(resealed.keyId).toBe('b');
    expect(after.isStale(resealed)).toBe(false);
    // Without the old key listed, the old row cannot be opened.
    expect(() => createSecretBox({ keyId: 'b', key: KEY_B }).open(sealed)).toThrow(SecretBoxError);
  });

  it('reads keys as base64 or hex, 32 bytes only', () => {
    expect(parseSecretKey(KEY_A.toString('base64'))).toEqual(KEY_A);
    expect(parseSecretKey('01'.repeat(32))).toEqual(KEY_A);
    expect(parseSecretKey('c2hvcnQ=')).toBeNull();
    expect(parsePreviousKeys(`old:${KEY_A.toString('base64')}, older:${'02'.repeat(32)}`)).toEqual(
      new Map([
        ['old', KEY_A],
        ['older', KEY_B],
      ]),
    );
    expect(parsePreviousKeys('no-colon')).toBeNull();
    expect(parsePreviousKeys('x:short')).toBeNull();
    expect(parsePreviousKeys(undefined)).toEqual(new Map());
  });
});
