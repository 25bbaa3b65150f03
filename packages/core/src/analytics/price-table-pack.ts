import type { TAnalyticsPriceSeries } from './analytics-types.ts';

/**
 * A repository's price table as bytes, for keeping it between processes (analytics_price_tables): the series'
 * columns exactly as the engine reads them, so a worker that starts from the kept table parses no text. At
 * 2.6M prices the kept comma lists were 38 MB to read and 0.15 s to parse; these bytes are about a quarter of
 * that and are read with a loop over bytes.
 *
 * Layout (varints are little-endian base-128; signed ones zigzag-coded):
 *   version (1 byte), series count (varint), then per series:
 *   asset id (varint length, UTF-8), source (varint length + 1, UTF-8; 0 = no source),
 *   price count (varint), days (first, then each one's step from the previous: signed varints),
 *   close scale k (1 byte), closes: k ≤ MAX_SCALE — each close is an integer m with m / 10^k the close's very
 *   double, written as the first m then each one's step (signed varints); k = RAW — each close's 8 bytes.
 *
 * Closes are doubles in the engine (number-list.ts reads a decimal's text into m / 10^k, correctly rounded).
 * A series is written scaled only when m / 10^k gives back every one of its doubles bit for bit (checked as
 * it is packed), so unpacking never changes a close; anything else (a repeating fraction, -0, NaN, an
 * integer past 2^50) is written raw.
 */

const VERSION = 1;
const RAW = 255;
const MAX_SCALE = 15;
/** Scaled integers stay within ±2^50, so a step between two is within ±2^51 and its zigzag code below 2^53. */
const MAX_SCALED = 2 ** 50;
const POWERS_OF_TEN = Array.from({ length: MAX_SCALE + 1 }, (_, exponent) => 10 ** exponent);

class ByteWriter {
  bytes = new Uint8Array(1 << 16);
  length = 0;

  private room(size: number) {
    if (this.length + size <= this.bytes.length) return;
    let capacity = this.bytes.length * 2;
    while (capacity < this.length + size) capacity *= 2;
    const grown = new Uint8Array(capacity);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  byte(value: number) {
    this.room(1);
    this.bytes[this.length++] = value;
  }

  /** A whole number in 0…2^53 (past 2^31 by arithmetic: 32-bit operators would wrap). */
  unsigned(value: number) {
    this.room(8);
    const bytes = this.bytes;
    let at = this.length;
    let rest = value;
    if (rest < 2 ** 31) {
      while (rest >= 128) {
        bytes[at++] = (rest & 127) | 128;
        rest >>>= 7;
      }
    } else {
      while (rest >= 128) {
        bytes[at++] = (rest % 128) + 128;
        rest = Math.floor(rest / 128);
      }
    }
    bytes[at++] = rest;
    this.length = at;
  }

  signed(value: number) {
    this.unsigned(value >= 0 ? value * 2 : -value * 2 - 1);
  }

  /** UTF-8 text after its length plus `offset` (1 leaves 0 free to mean no text). */
  text(value: string, offset = 0) {
    const encoded = new TextEncoder().encode(value);
    this.unsigned(encoded.length + offset);
    this.room(encoded.length);
    this.bytes.set(encoded, this.length);
    this.length += encoded.length;
  }

  double(value: number) {
    this.room(8);
    new DataView(this.bytes.buffer).setFloat64(this.length, value, true);
    this.length += 8;
  }
}

/** Whether m = round(close × 10^k) gives the close back as m / 10^k, bit for bit, within ±2^50. */
function scaled(close: number, scale: number): number | null {
  const power = POWERS_OF_TEN[scale] as number;
  const integer = Math.round(close * power);
  if (Math.abs(integer) > MAX_SCALED || !Object.is(integer / power, close)) return null;
  return integer;
}

/**
 * The least scale at which every close is an integer over 10^k (if one fits, every larger one does too: the
 * same rational, correctly rounded alike), or RAW.
 */
function scaleOf(closes: Float64Array): number {
  let scale = 0;
  for (const close of closes) {
    while (scale <= MAX_SCALE && scaled(close, scale) === null) scale += 1;
    if (scale > MAX_SCALE) return RAW;
  }
  return scale;
}

export function packPriceTable(table: readonly TAnalyticsPriceSeries[]): Uint8Array {
  const writer = new ByteWriter();
  writer.byte(VERSION);
  writer.unsigned(table.length);
  for (const { asset_id, source, days, closes } of table) {
    if (closes.length !== days.length) throw new Error(`price series of ${asset_id}: days and closes differ`);
    writer.text(asset_id);
    if (source === undefined) writer.unsigned(0);
    else writer.text(source, 1);
    writer.unsigned(days.length);
    let previous = 0;
    for (const day of days) {
      writer.signed(day - previous);
      previous = day;
    }
    const scale = scaleOf(closes);
    writer.byte(scale);
    if (scale === RAW) {
      for (const close of closes) writer.double(close);
      continue;
    }
    let last = 0;
    for (const close of closes) {
      const integer = scaled(close, scale) as number;
      writer.signed(integer - last);
      last = integer;
    }
  }
  return writer.bytes.slice(0, writer.length);
}

/** The price table of `packPriceTable`'s bytes: the same series, every day and close the same number. */
export function unpackPriceTable(bytes: Uint8Array): TAnalyticsPriceSeries[] {
  const decoder = new TextDecoder();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const unsigned = (): number => {
    let byte = bytes[at++] as number;
    if (byte < 128) return byte;
    let value = byte - 128;
    let factor = 128;
    for (;;) {
      if (at >= bytes.length) throw new Error('packed price table cut short');
      byte = bytes[at++] as number;
      if (byte < 128) return value + byte * factor;
      value += (byte - 128) * factor;
      factor *= 128;
    }
  };
  const signed = (): number => {
    const code = unsigned();
    return code % 2 === 0 ? code / 2 : -(code + 1) / 2;
  };
  const text = (length: number): string => {
    const value = decoder.decode(bytes.subarray(at, at + length));
    at += length;
    return value;
  };
  if (bytes[at++] !== VERSION) throw new Error('packed price table of an unknown version');
  const table: TAnalyticsPriceSeries[] = new Array(unsigned());
  for (let index = 0; index < table.length; index += 1) {
    const asset_id = text(unsigned());
    const sourceLength = unsigned();
    const source = sourceLength === 0 ? undefined : text(sourceLength - 1);
    const count = unsigned();
    const days = new Int32Array(count);
    let day = 0;
    for (let item = 0; item < count; item += 1) {
      day += signed();
      days[item] = day;
    }
    const scale = bytes[at++] as number;
    const closes = new Float64Array(count);
    if (scale === RAW) {
      for (let item = 0; item < count; item += 1, at += 8) closes[item] = view.getFloat64(at, true);
    } else {
      const power = POWERS_OF_TEN[scale];
      if (power === undefined) throw new Error('packed price table with an unknown close scale');
      let integer = 0;
      for (let item = 0; item < count; item += 1) {
        integer += signed();
        closes[item] = integer / power;
      }
    }
    if (at > bytes.length) throw new Error('packed price table cut short');
    table[index] = source === undefined ? { asset_id, days, closes } : { asset_id, source, days, closes };
  }
  if (at !== bytes.length) throw new Error('packed price table with bytes left over');
  return table;
}

/** How many prices a table holds. */
export function priceCountOf(table: readonly TAnalyticsPriceSeries[]): number {
  return table.reduce((sum, series) => sum + series.days.length, 0);
}
