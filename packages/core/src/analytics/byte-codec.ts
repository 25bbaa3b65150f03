/**
 * Little-endian base-128 varints (signed ones zigzag-coded), texts and doubles, written to and read from bytes:
 * the packed tables analytics keeps between processes (price-table-pack.ts, transaction-table-pack.ts).
 */

const encoder = new TextEncoder();

/** Bytes written as they come, growing as needed; `done` gives them. */
export class ByteWriter {
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
    const encoded = encoder.encode(value);
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

  /**
   * Text of ASCII characters only (a decimal's digits, sign and point) after its length: a byte a character,
   * without an encoder's call for each of many short texts.
   */
  ascii(value: string) {
    this.unsigned(value.length);
    this.room(value.length);
    for (let index = 0; index < value.length; index += 1) {
      const code = value.charCodeAt(index);
      if (code > 127) throw new Error(`not ASCII: ${value}`);
      this.bytes[this.length++] = code;
    }
  }

  done(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

/** Reads what a ByteWriter wrote, in the same order; `what` names the bytes in errors. */
export class ByteReader {
  private at = 0;
  private readonly bytes: Uint8Array;
  private readonly what: string;
  private readonly view: DataView;
  private readonly decoder = new TextDecoder();

  constructor(bytes: Uint8Array, what: string) {
    this.bytes = bytes;
    this.what = what;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  byte(): number {
    if (this.at >= this.bytes.length) throw new Error(`${this.what} cut short`);
    return this.bytes[this.at++] as number;
  }

  unsigned(): number {
    const bytes = this.bytes;
    let byte = bytes[this.at++] as number;
    if (byte < 128) return byte;
    let value = byte - 128;
    let factor = 128;
    for (;;) {
      if (this.at >= bytes.length) throw new Error(`${this.what} cut short`);
      byte = bytes[this.at++] as number;
      if (byte < 128) return value + byte * factor;
      value += (byte - 128) * factor;
      factor *= 128;
    }
  }

  signed(): number {
    const code = this.unsigned();
    return code % 2 === 0 ? code / 2 : -(code + 1) / 2;
  }

  text(length: number): string {
    const value = this.decoder.decode(this.bytes.subarray(this.at, this.at + length));
    this.at += length;
    return value;
  }

  /** An `ascii` text, after its length. */
  ascii(): string {
    const length = this.unsigned();
    const value = String.fromCharCode.apply(
      null,
      this.bytes.subarray(this.at, this.at + length) as unknown as number[],
    );
    this.at += length;
    return value;
  }

  double(): number {
    const value = this.view.getFloat64(this.at, true);
    this.at += 8;
    return value;
  }

  /** Throws if a read went past the end. */
  check() {
    if (this.at > this.bytes.length) throw new Error(`${this.what} cut short`);
  }

  /** Throws unless every byte was read. */
  end() {
    this.check();
    if (this.at !== this.bytes.length) throw new Error(`${this.what} with bytes left over`);
  }
}
