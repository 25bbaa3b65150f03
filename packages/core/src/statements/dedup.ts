// Which incoming statement transactions an account already has. Modelled on Actual's reconciliation
// (imported id first, then the same amount within a few days, preferring a similar payee) and Firefly III's
// importer (duplicate = same account, amount, date and description): pure, one-to-one, deterministic.
//
// 1. FITID: an incoming transaction whose FITID an existing one of the same account carries is that one.
// 2. Fuzzy, for the rest: same amount, dates at most `dateWindowDays` apart, and payees that do not
//    contradict each other (similarity ≥ `minPayeeSimilarity` when both have one). Two transactions that
//    both carry FITIDs, different ones, are never matched: the bank says they differ.
// Each existing transaction absorbs at most one incoming one, so a statement with two identical coffees
// imported over one that had a single coffee adds the second. Among candidates the best pair wins:
// higher payee similarity, then nearer date, then earlier position (stable across runs).

import { toEpochDay } from '../dates/epoch-day.ts';
import { toDecimal } from '../money/decimal.ts';

export interface TDedupExisting {
  id: string;
  fitId: string | null;
  date: string;
  amount: string;
  payee: string | null;
}

export interface TDedupIncoming {
  fitId: string | null;
  date: string;
  amount: string;
  payee: string | null;
}

/** The default largest distance in days between the dates of a fuzzy match: weekend plus a posting lag. */
export const DEDUP_DATE_WINDOW_DAYS = 3;

export interface TDedupOptions {
  /** Largest distance in days between the dates of a fuzzy match (default DEDUP_DATE_WINDOW_DAYS). */
  dateWindowDays?: number;
  /** 0..1; payees below this similarity do not match when both are present (default 0.5). */
  minPayeeSimilarity?: number;
}

export interface TDuplicate {
  /** Index into the incoming list. */
  index: number;
  existingId: string;
  matchedBy: 'fitid' | 'fuzzy';
}

export interface TDedupResult {
  /** Indexes of the incoming transactions to add, in their order. */
  added: number[];
  duplicates: TDuplicate[];
}

export function matchDuplicates(
  existing: readonly TDedupExisting[],
  incoming: readonly TDedupIncoming[],
  options: TDedupOptions = {},
): TDedupResult {
  const window = options.dateWindowDays ?? DEDUP_DATE_WINDOW_DAYS;
  const minSimilarity = options.minPayeeSimilarity ?? 0.5;
  const isTaken = new Array<boolean>(existing.length).fill(false);
  const matchOf = new Array<TDuplicate | undefined>(incoming.length);

  const byFitId = new Map<string, number[]>();
  existing.forEach((row, position) => {
    if (row.fitId === null) return;
    const list = byFitId.get(row.fitId);
    if (list === undefined) byFitId.set(row.fitId, [position]);
    else list.push(position);
  });
  incoming.forEach((row, index) => {
    if (row.fitId === null) return;
    const position = byFitId.get(row.fitId)?.find((candidate) => !isTaken[candidate]);
    if (position === undefined) return;
    isTaken[position] = true;
    matchOf[index] = { index, existingId: existing[position]!.id, matchedBy: 'fitid' };
  });

  // Fuzzy candidates: grouped by amount and sorted by day, so each incoming row looks only at the rows
  // of its amount inside its date window (a monthly -9.99 over years stays cheap).
  const days = existing.map((row) => toEpochDay(row.date));
  const byAmount = new Map<string, number[]>();
  existing.forEach((row, position) => {
    if (isTaken[position]) return;
    const key = amountKey(row.amount);
    const list = byAmount.get(key);
    if (list === undefined) byAmount.set(key, [position]);
    else list.push(position);
  });
  for (const list of byAmount.values()) list.sort((a, b) => days[a]! - days[b]! || a - b);
  const pairs: { index: number; position: number; similarity: number; distance: number }[] = [];
  const profiles = new PayeeProfiles();
  incoming.forEach((row, index) => {
    if (matchOf[index] !== undefined) return;
    const list = byAmount.get(amountKey(row.amount));
    if (list === undefined) return;
    const day = toEpochDay(row.date);
    for (let at = firstOnOrAfter(list, days, day - window); at < list.length; at++) {
      const position = list[at]!;
      const distance = Math.abs(days[position]! - day);
      if (days[position]! > day + window) break;
      const candidate = existing[position]!;
      if (row.fitId !== null && candidate.fitId !== null && row.fitId !== candidate.fitId) continue;
      const similarity = profiles.similarity(row.payee, candidate.payee);
      if (similarity !== null && similarity < minSimilarity) continue;
      pairs.push({ index, position, similarity: similarity ?? minSimilarity, distance });
    }
  });
  pairs.sort(
    (a, b) =>
      b.similarity - a.similarity || a.distance - b.distance || a.index - b.index || a.position - b.position,
  );
  for (const pair of pairs) {
    if (matchOf[pair.index] !== undefined || isTaken[pair.position]) continue;
    isTaken[pair.position] = true;
    matchOf[pair.index] = { index: pair.index, existingId: existing[pair.position]!.id, matchedBy: 'fuzzy' };
  }

  const added: number[] = [];
  const duplicates: TDuplicate[] = [];
  matchOf.length = incoming.length;
  for (let index = 0; index < incoming.length; index++) {
    const match = matchOf[index];
    if (match === undefined) added.push(index);
    else duplicates.push(match);
  }
  return { added, duplicates };
}

function firstOnOrAfter(list: readonly number[], days: readonly number[], day: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (days[list[middle]!]! < day) low = middle + 1;
    else high = middle;
  }
  return low;
}

// Amounts compare as numbers ('-4.50' is '-4.5'); plain decimals are folded by text, which is much cheaper
// than a Decimal per row on a 100k import, anything else (an exponent) by Decimal.
function amountKey(amount: string): string {
  const match = /^\s*([+-]?)0*(\d*)(?:\.(\d*?)0*)?\s*$/.exec(amount);
  if (match === null) return toDecimal(amount).toFixed();
  const whole = match[2] === '' ? '0' : match[2]!;
  const fraction = match[3] ?? '';
  if (whole === '0' && fraction === '') return '0';
  return `${match[1] === '-' ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

/**
 * Dice similarity of the payees' letter pairs after folding case, accents and punctuation (so
 * 'MCDONALD'S #112' and 'McDonalds 112' score high); null when either side has no payee.
 */
export function payeeSimilarity(left: string | null, right: string | null): number | null {
  return new PayeeProfiles().similarity(left, right);
}

// A statement repeats a few dozen payees thousands of times: each payee's letter pairs are computed once.
class PayeeProfiles {
  private readonly cache = new Map<string, { pairs: Map<string, number>; size: number }>();

  similarity(left: string | null, right: string | null): number | null {
    if (left === null || right === null) return null;
    const a = this.profile(left);
    const b = this.profile(right);
    if (a.size === 0 || b.size === 0) return null;
    let shared = 0;
    for (const [pair, count] of b.pairs) shared += Math.min(count, a.pairs.get(pair) ?? 0);
    return (2 * shared) / (a.size + b.size);
  }

  private profile(payee: string): { pairs: Map<string, number>; size: number } {
    let profile = this.cache.get(payee);
    if (profile === undefined) {
      const pairs = bigrams(normalizePayee(payee));
      let size = 0;
      for (const count of pairs.values()) size += count;
      profile = { pairs, size };
      this.cache.set(payee, profile);
    }
    return profile;
  }
}

function normalizePayee(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

function bigrams(text: string): Map<string, number> {
  const pairs = new Map<string, number>();
  if (text.length === 1) pairs.set(text, 1);
  for (let index = 0; index < text.length - 1; index++) {
    const pair = text.slice(index, index + 2);
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  return pairs;
}
