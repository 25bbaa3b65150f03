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

export interface TDedupOptions {
  /** Largest distance in days between the dates of a fuzzy match (default 3: weekend plus a posting lag). */
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
  const window = options.dateWindowDays ?? 3;
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

  // Fuzzy candidates, grouped by amount so the work is proportional to rows sharing an amount.
  const byAmount = new Map<string, number[]>();
  existing.forEach((row, position) => {
    if (isTaken[position]) return;
    const key = amountKey(row.amount);
    const list = byAmount.get(key);
    if (list === undefined) byAmount.set(key, [position]);
    else list.push(position);
  });
  const pairs: { index: number; position: number; similarity: number; distance: number }[] = [];
  incoming.forEach((row, index) => {
    if (matchOf[index] !== undefined) return;
    const day = toEpochDay(row.date);
    for (const position of byAmount.get(amountKey(row.amount)) ?? []) {
      const candidate = existing[position]!;
      if (row.fitId !== null && candidate.fitId !== null && row.fitId !== candidate.fitId) continue;
      const distance = Math.abs(toEpochDay(candidate.date) - day);
      if (distance > window) continue;
      const similarity = payeeSimilarity(row.payee, candidate.payee);
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

function amountKey(amount: string): string {
  return toDecimal(amount).toFixed();
}

/**
 * Dice similarity of the payees' letter pairs after folding case, accents and punctuation (so
 * 'MCDONALD'S #112' and 'McDonalds 112' score high); null when either side has no payee.
 */
export function payeeSimilarity(left: string | null, right: string | null): number | null {
  if (left === null || right === null) return null;
  const a = bigrams(normalizePayee(left));
  const b = bigrams(normalizePayee(right));
  if (a.size === 0 || b.size === 0) return null;
  let shared = 0;
  let sizeA = 0;
  let sizeB = 0;
  for (const count of a.values()) sizeA += count;
  for (const [pair, count] of b) {
    sizeB += count;
    shared += Math.min(count, a.get(pair) ?? 0);
  }
  return (2 * shared) / (sizeA + sizeB);
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
