import { randomBytes } from 'node:crypto';

/**
 * Ids for a bulk insert that follow one another: UUIDv7 (RFC 9562) whose last 48 bits are a counter after
 * one prefix, made here or in SQL (so millions of ids need not travel as parameters). A random uuid lands each new row
 * on a random page of its table's primary key: at millions of rows that index outgrows the database's
 * buffers and every insert reads and dirties another page; these are appended at the index's end.
 * The prefix is the time in ms, the version, and 26 random bits: two bulk inserts in the same ms share it
 * once in 67M, and then the second fails on the primary key (nothing is written wrong).
 */
export function orderedIdPrefix(now = Date.now()): string {
  const time = now.toString(16).padStart(12, '0').slice(-12);
  const random = randomBytes(4);
  const randA = (((random[0] as number) << 4) | ((random[1] as number) >> 4)).toString(16).padStart(3, '0');
  // The variant's two bits (10), then 14 random bits.
  const variant = (0x8000 | ((((random[2] as number) << 8) | (random[3] as number)) & 0x3fff)).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${randA}-${variant}-`;
}

/** The `counter`th id after `prefix`; SQL makes the same as `(prefix || lpad(to_hex(counter), 12, '0'))::uuid`. */
export const orderedId = (prefix: string, counter: number) =>
  `${prefix}${counter.toString(16).padStart(12, '0')}`;
