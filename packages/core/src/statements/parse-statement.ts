// The one entry point the importer calls: recognises the format from the bytes (never from the file name
// alone, which users rename) and hands them to its parser. A CSV needs its mapping profile; formats we
// recognise but do not read (MT940, ISO 20022 camt) are refused by name rather than as "not a statement".

import { parseCsv, type TCsvProfile } from './csv.ts';
import { bomEncoding, peekAscii } from './decode.ts';
import type { TStatementResult } from './model.ts';
import { looksLikeOfx, parseOfx } from './ofx.ts';
import { looksLikeQif, parseQif, type TQifOptions } from './qif.ts';

export interface TParseStatementOptions {
  /** Needed to read a CSV file; without it a CSV is refused with a message asking for one. */
  csvProfile?: TCsvProfile;
  qif?: TQifOptions;
}

export type TDetectedFormat = 'ofx' | 'qif' | 'csv' | 'mt940' | 'camt' | 'unknown';

export function detectStatementFormat(bytes: Uint8Array): TDetectedFormat {
  let head = peekAscii(bytes);
  if (bomEncoding(bytes) !== null) head = head.replace(/^(?:ï»¿|ÿþ|þÿ)/, '');
  if (looksLikeOfx(head)) return 'ofx';
  if (/urn:iso:std:iso:20022:tech:xsd:camt\./i.test(head)) return 'camt';
  if (/^\s*\{1:F01/.test(head) || /^\s*:20:/m.test(head)) return 'mt940';
  if (looksLikeQif(head)) return 'qif';
  if (head.trim() === '') return 'unknown';
  // Anything else with a separator on its first line is taken for CSV; the profile then checks its columns.
  const firstLine = head.split(/\r?\n/, 1)[0] ?? '';
  return /[,;\t|]/.test(firstLine) && !head.trimStart().startsWith('<') ? 'csv' : 'unknown';
}

export function parseStatement(bytes: Uint8Array, options: TParseStatementOptions = {}): TStatementResult {
  const format = detectStatementFormat(bytes);
  switch (format) {
    case 'ofx':
      return parseOfx(bytes);
    case 'qif':
      return parseQif(bytes, options.qif);
    case 'csv':
      if (options.csvProfile === undefined) {
        return refuse(
          'INVALID_PROFILE',
          'This looks like a CSV file: map its columns in a CSV profile to import it',
        );
      }
      return parseCsv(bytes, options.csvProfile);
    case 'mt940':
      return refuse(
        'UNSUPPORTED_FORMAT',
        'SWIFT MT940 statements are not supported yet; export the account as OFX, QFX, QIF or CSV',
      );
    case 'camt':
      return refuse(
        'UNSUPPORTED_FORMAT',
        'ISO 20022 camt statements are not supported yet; export the account as OFX, QFX, QIF or CSV',
      );
    default:
      return refuse(
        'NOT_A_STATEMENT',
        bytes.length === 0 ? 'The file is empty' : 'This file is not an OFX, QFX, QIF or CSV statement',
      );
  }
}

function refuse(
  code: Extract<TStatementResult, { ok: false }>['error']['code'],
  message: string,
): TStatementResult {
  return { ok: false, error: { code, message } };
}
