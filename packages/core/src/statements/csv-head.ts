// The first rows of a CSV file as cells, before any mapping: what the manual loader's mapping form shows so a
// user can say which column is the date, the amount, the payee (linked seed §7, the CSV mapping profile).
import Papa from 'papaparse';
import { bomEncoding, normalizeCharset } from './decode.ts';

export interface TCsvHead {
  /** The first rows, each a list of cells as written (not trimmed). */
  rows: string[][];
  /** The delimiter papaparse used (the given one, or its guess among , ; tab |). */
  delimiter: string;
  /** Null when the bytes could be read in the named character set; else why not. */
  problem: string | null;
}

/**
 * Reads up to `maxRows` rows of the start of a CSV file. Only the bytes up to the last line break are read
 * when the start is cut from a bigger file, so a half row is never shown.
 */
export function csvHead(
  bytes: Uint8Array,
  options: { encoding: string; delimiter?: string; maxRows: number },
): TCsvHead {
  const encoding = bomEncoding(bytes) ?? normalizeCharset(options.encoding);
  if (encoding === null) {
    return {
      rows: [],
      delimiter: options.delimiter ?? ',',
      problem: `Unknown character set '${options.encoding}'`,
    };
  }
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return {
      rows: [],
      delimiter: options.delimiter ?? ',',
      problem: `This file is not valid ${encoding}; choose the character set the bank uses`,
    };
  }
  const parsed = Papa.parse<string[]>(text, {
    delimiter: options.delimiter ?? '',
    skipEmptyLines: 'greedy',
    preview: options.maxRows,
  });
  return { rows: parsed.data, delimiter: parsed.meta.delimiter, problem: null };
}

/** The start of a file up to (and with) its last line break within `maxBytes`; the whole file when smaller. */
export function wholeLinesPrefix(bytes: Uint8Array, maxBytes: number): Uint8Array {
  if (bytes.length <= maxBytes) return bytes;
  const cut = bytes.lastIndexOf(0x0a, maxBytes - 1);
  return cut === -1 ? bytes.subarray(0, maxBytes) : bytes.subarray(0, cut + 1);
}
