// Bytes to text in the character set a file declares. A byte-order mark wins over any declaration (it is
// the bytes themselves speaking); then the declaration; then UTF-8 if the bytes are valid UTF-8, else
// Windows-1252, the superset of ASCII and Latin-1 that OFX 1.x banks mean by 'USASCII' and '1252'.

export interface TDecoded {
  text: string;
  /** The WHATWG name of the decoder used ('utf-8', 'windows-1252', 'euc-jp', …). */
  encoding: string;
  /** Set when the declared charset could not be used, saying what was used instead. */
  warning: string | null;
}

const BOMS: { bytes: number[]; encoding: string }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

export function bomEncoding(bytes: Uint8Array): string | null {
  for (const bom of BOMS) {
    if (bom.bytes.every((byte, index) => bytes[index] === byte)) return bom.encoding;
  }
  return null;
}

/**
 * A WHATWG encoding name for a charset label as statement files write it, or null when it names none.
 * OFX 1.x writes code pages as bare numbers ('1252') and Latin-1 as '8859-1'; 'NONE' means unspecified.
 */
export function normalizeCharset(label: string | null | undefined): string | null {
  if (!label) return null;
  const text = label.trim().toLowerCase();
  if (text === '' || text === 'none') return null;
  if (text === 'usascii' || text === 'ascii' || text === 'us-ascii') return 'windows-1252';
  if (/^\d{3,4}$/.test(text)) return whatwgName(`windows-${text}`) ?? whatwgName(`cp${text}`);
  if (/^8859-\d{1,2}$/.test(text)) return whatwgName(`iso-${text}`);
  return whatwgName(text);
}

function whatwgName(label: string): string | null {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}

/**
 * Decodes with the declared charset (already normalised, or null). A declared UTF-8 that is not valid
 * UTF-8 falls back to Windows-1252 with a warning: real exports mislabel, and a readable payee with one
 * odd letter beats refusing the file.
 */
export function decodeDeclared(bytes: Uint8Array, declared: string | null): TDecoded {
  const bom = bomEncoding(bytes);
  if (bom !== null) return { text: new TextDecoder(bom).decode(bytes), encoding: bom, warning: null };
  if (declared !== null && declared !== 'utf-8') {
    return { text: new TextDecoder(declared).decode(bytes), encoding: declared, warning: null };
  }
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true }).decode(bytes),
      encoding: 'utf-8',
      warning: null,
    };
  } catch {
    return {
      text: new TextDecoder('windows-1252').decode(bytes),
      encoding: 'windows-1252',
      warning:
        declared === 'utf-8' ? 'The file says it is UTF-8 but is not; it was read as Windows-1252' : null,
    };
  }
}

/** The first bytes as Latin-1 text, to read a header's charset declaration before knowing the charset. */
export function peekAscii(bytes: Uint8Array, length = 4096): string {
  return new TextDecoder('windows-1252').decode(bytes.subarray(0, length));
}
