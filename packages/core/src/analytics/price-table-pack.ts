import type { TAnalyticsPriceSeries } from './analytics-types.ts';
import { ByteReader, ByteWriter } from './byte-codec.ts';

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
  return writer.done();
}

/** The price table of `packPriceTable`'s bytes: the same series, every day and close the same number. */
export function unpackPriceTable(bytes: Uint8Array): TAnalyticsPriceSeries[] {
  const reader = new ByteReader(bytes, 'packed price table');
  if (reader.byte() !== VERSION) throw new Error('packed price table of an unknown version');
  const table: TAnalyticsPriceSeries[] = new Array(reader.unsigned());
  for (let index = 0; index < table.length; index += 1) {
    const asset_id = reader.text(reader.unsigned());
    const sourceLength = reader.unsigned();
    const source = sourceLength === 0 ? undefined : reader.text(sourceLength - 1);
    const count = reader.unsigned();
    const days = new Int32Array(count);
    let day = 0;
    for (let item = 0; item < count; item += 1) {
      day += reader.signed();
      days[item] = day;
    }
    const scale = reader.byte();
    const closes = new Float64Array(count);
    if (scale === RAW) {
      for (let item = 0; item < count; item += 1) closes[item] = reader.double();
    } else {
      const power = POWERS_OF_TEN[scale];
      if (power === undefined) throw new Error('packed price table with an unknown close scale');
      let integer = 0;
      for (let item = 0; item < count; item += 1) {
        integer += reader.signed();
        closes[item] = integer / power;
      }
    }
    reader.check();
    table[index] = source === undefined ? { asset_id, days, closes } : { asset_id, source, days, closes };
  }
  reader.end();
  return table;
}

/** How many prices a table holds. */
export function priceCountOf(table: readonly TAnalyticsPriceSeries[]): number {
  return table.reduce((sum, series) => sum + series.days.length, 0);
}
