import { createHash, createHmac } from 'node:crypto';

/**
 * Kraken's private REST authentication (docs.kraken.com, "Spot REST authentication", as of 2026-11):
 * API-Sign = base64(HMAC-SHA512(key = base64-decoded private key, message = URI path + SHA-256(nonce + POST
 * body))). The nonce is also the body's first field; the SHA-256 is of the bytes, not of its hex.
 */
export function krakenSignature(input: {
  path: string;
  nonce: string;
  body: string;
  privateKey: string;
}): string {
  const digest = createHash('sha256')
    .update(input.nonce + input.body)
    .digest();
  return createHmac('sha512', Buffer.from(input.privateKey, 'base64'))
    .update(Buffer.concat([Buffer.from(input.path, 'utf8'), digest]))
    .digest('base64');
}

/**
 * Kraken refuses a nonce not greater than the key's last one: microseconds since the epoch, and one more
 * than the last when two calls fall in the same microsecond (or the clock went back).
 */
export function createNonceSource(now: () => number = Date.now): () => string {
  let last = 0n;
  return () => {
    const candidate = BigInt(now()) * 1000n;
    last = candidate > last ? candidate : last + 1n;
    return last.toString();
  };
}
