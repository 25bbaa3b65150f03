// A CSV file of prices (date, ticker or asset, close, optional currency) read and matched to a repository's
// assets, all in memory: the server writes the plan only when it has no problem (all or nothing), and the
// preview shows the same plan. papaparse does the CSV syntax; this file does the columns and the rules.
import Papa from 'papaparse';
import { numeric, requiredDate } from '../validation/field-rules.ts';
import { MESSAGES } from '../validation/messages.ts';
import { majorCurrencyOf, toMajorUnits } from './minor-units.ts';

/** The source CSV prices are stored under: apart from manual, so the precedence ranks them on their own. */
export const CSV_PRICE_SOURCE = 'csv';

/** Rows one file may hold (about 40 years of daily closes for 5 securities). */
export const MAX_PRICE_CSV_ROWS = 50_000;

export const PRICE_CSV_MESSAGES = {
  HEADER: 'The first line must name the columns: date, close, and ticker or asset (currency is optional)',
  EMPTY: 'The file has no prices',
  TOO_MANY: `At most ${MAX_PRICE_CSV_ROWS} prices in one file`,
} as const;

export const priceCsvMessages = {
  unknownAsset: (key: string) => `No asset has the ticker or name '${key}'`,
  ambiguousAsset: (key: string) => `More than one asset has the ticker or name '${key}'`,
  currency: (currency: string, expected: string) =>
    `The price is in ${currency} but the asset is in ${expected}`,
  repeated: (line: number) => `The same asset and day as line ${line}`,
};

const COLUMN_NAMES = {
  date: ['date', 'day'],
  key: ['ticker', 'asset', 'symbol'],
  close: ['close', 'price'],
  currency: ['currency'],
} as const;

export interface TPriceCsvProblem {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  field: 'file' | 'date' | 'ticker' | 'close' | 'currency';
  message: string;
}

export interface TPriceCsvAsset {
  id: string;
  name: string;
  ticker: string | null;
  currency: string | null;
}

export interface TPlannedPrice {
  line: number;
  asset_id: string;
  date: string;
  /** Decimal text in the asset's (major) currency. */
  close: string;
}

export interface TPriceCsvPlan {
  prices: TPlannedPrice[];
  problems: TPriceCsvProblem[];
}

/** Trimmed, lower-cased header names → the column each names. */
function columnsOf(header: readonly string[]) {
  const find = (names: readonly string[]) =>
    header.findIndex((cell) => names.includes(cell.trim().toLowerCase()));
  return {
    date: find(COLUMN_NAMES.date),
    key: find(COLUMN_NAMES.key),
    close: find(COLUMN_NAMES.close),
    currency: find(COLUMN_NAMES.currency),
  };
}

/**
 * Reads `text` and matches each row to an asset: by ticker, else by name (both case-insensitive); with
 * `onlyAsset` (the file loaded from one asset's prices) the ticker column may be left out. A currency given
 * in a minor unit (GBp, GBX) is divided into its major one, which must be the asset's currency.
 */
export function planPriceCsv(
  text: string,
  assets: readonly TPriceCsvAsset[],
  onlyAsset?: TPriceCsvAsset,
): TPriceCsvPlan {
  const problems: TPriceCsvProblem[] = [];
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...rows] = parsed.data;
  const columns = columnsOf(header ?? []);
  if (columns.date < 0 || columns.close < 0 || (columns.key < 0 && !onlyAsset)) {
    return { prices: [], problems: [{ line: 1, field: 'file', message: PRICE_CSV_MESSAGES.HEADER }] };
  }
  if (rows.length === 0)
    return { prices: [], problems: [{ line: 1, field: 'file', message: PRICE_CSV_MESSAGES.EMPTY }] };
  if (rows.length > MAX_PRICE_CSV_ROWS)
    return { prices: [], problems: [{ line: 1, field: 'file', message: PRICE_CSV_MESSAGES.TOO_MANY }] };

  // Every asset a key answers to, by its ticker or its name: tickers are unique per type only, and an
  // account's ticker is its name, so one key can name several assets — then no row guesses which.
  const byKey = new Map<string, TPriceCsvAsset[]>();
  const answer = (key: string, asset: TPriceCsvAsset) => {
    const found = byKey.get(key);
    if (!found) byKey.set(key, [asset]);
    else if (!found.includes(asset)) found.push(asset);
  };
  for (const asset of assets) {
    if (asset.ticker) answer(asset.ticker.toLowerCase(), asset);
    answer(asset.name.toLowerCase(), asset);
  }
  const prices: TPlannedPrice[] = [];
  const seen = new Map<string, number>();
  for (const [index, row] of rows.entries()) {
    const line = index + 2;
    const cell = (column: number) => (column < 0 ? '' : (row[column] ?? '').trim());
    const problem = (field: TPriceCsvProblem['field'], message: string) =>
      problems.push({ line, field, message });

    const key = cell(columns.key);
    let asset: TPriceCsvAsset | undefined = onlyAsset;
    if (!onlyAsset || key !== '') {
      if (key === '') problem('ticker', MESSAGES.REQUIRED);
      else {
        const candidates = byKey.get(key.toLowerCase()) ?? [];
        asset = onlyAsset
          ? candidates.find((candidate) => candidate.id === onlyAsset.id)
          : candidates.length === 1
            ? candidates[0]
            : undefined;
        if (!onlyAsset && candidates.length > 1) problem('ticker', priceCsvMessages.ambiguousAsset(key));
        else if (!asset) problem('ticker', priceCsvMessages.unknownAsset(key));
      }
    }
    const date = requiredDate(cell(columns.date));
    if (!date.ok) problem('date', date.message);
    const close = numeric(cell(columns.close));
    if (!close.ok) problem('close', close.message);

    const currency = cell(columns.currency);
    let toMajor = (value: string) => value;
    if (currency !== '' && asset) {
      const major = majorCurrencyOf(currency);
      if (asset.currency && major !== asset.currency.toUpperCase())
        problem('currency', priceCsvMessages.currency(major, asset.currency));
      else toMajor = toMajorUnits(currency);
    }
    if (!asset || !date.ok || !close.ok) continue;
    const dayKey = `${asset.id}\u0000${date.value}`;
    const earlier = seen.get(dayKey);
    if (earlier !== undefined) {
      problem('date', priceCsvMessages.repeated(earlier));
      continue;
    }
    seen.set(dayKey, line);
    prices.push({ line, asset_id: asset.id, date: date.value, close: toMajor(close.value) });
  }
  return { prices, problems };
}
