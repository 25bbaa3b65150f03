// Which incoming investment transactions (trades, income, reinvestments, transfers) an account already has.
// FITID first, as for cash (dedup.ts). Without ids (QIF investment lists) a trade is the same trade only
// when everything that makes it one is equal: day, kind, security, units and cash. The cash matcher's
// fuzzy window and payee similarity are for bank descriptions that vary between exports; a broker writes
// the same trade with the same units and total every time, and two buys of the same fund in one week are
// two buys. One to one, like the cash matcher: a file with two equal trades over a store holding one adds one.
import type { TInvestmentTransaction, TSecurityId } from './model.ts';

export interface TInvestmentDedupExisting {
  id: string;
  fitId: string | null;
  date: string;
  kind: string;
  security: TSecurityId | null;
  units: string | null;
  /** The cash effect as stored (a transfer of shares has none). */
  total: string | null;
}

export type TInvestmentDedupIncoming = Pick<
  TInvestmentTransaction,
  'fitId' | 'date' | 'kind' | 'security' | 'units' | 'total'
>;

export interface TInvestmentDuplicate {
  index: number;
  existingId: string;
  matchedBy: 'fitid' | 'exact';
}

/** The text that identifies a security within a repository: its id type and id. */
export function securityKey(security: TSecurityId | null): string {
  return security === null ? '' : `${security.idType ?? ''}:${security.uniqueId}`;
}

/**
 * A decimal's canonical text without decimal.js ('+008.50' → '8.5', '-0' → '0'): the key is built for every
 * stored and incoming trade, 200k of them on a 100k re-import, on the thread that answers requests.
 */
export function canonicalDecimal(value: string | null): string {
  if (value === null) return '0';
  let text = value.trim();
  let sign = '';
  if (text.startsWith('-') || text.startsWith('+')) {
    sign = text.startsWith('-') ? '-' : '';
    text = text.slice(1);
  }
  const point = text.indexOf('.');
  let whole = point === -1 ? text : text.slice(0, point);
  let fraction = point === -1 ? '' : text.slice(point + 1);
  let start = 0;
  while (start < whole.length - 1 && whole[start] === '0') start += 1;
  whole = whole.slice(start) || '0';
  let end = fraction.length;
  while (end > 0 && fraction[end - 1] === '0') end -= 1;
  fraction = fraction.slice(0, end);
  const body = fraction === '' ? whole : `${whole}.${fraction}`;
  return body === '0' ? '0' : `${sign}${body}`;
}

const number = canonicalDecimal;

/** Equal for the same trade written twice; '1.50' and '1.5' are the same units. */
export function investmentKey(row: TInvestmentDedupIncoming | TInvestmentDedupExisting): string {
  return [row.date, row.kind, securityKey(row.security), number(row.units), number(row.total)].join('|');
}

export function matchInvestmentDuplicates(
  existing: readonly TInvestmentDedupExisting[],
  incoming: readonly TInvestmentDedupIncoming[],
): { added: number[]; duplicates: TInvestmentDuplicate[] } {
  const byFitId = new Map<string, string>();
  for (const row of existing) if (row.fitId !== null) byFitId.set(row.fitId, row.id);
  // Candidates for the exact match, in stored order; each is used once.
  const byKey = new Map<string, TInvestmentDedupExisting[]>();
  for (const row of existing) {
    const key = investmentKey(row);
    const list = byKey.get(key);
    if (list) list.push(row);
    else byKey.set(key, [row]);
  }
  const taken = new Set<string>();
  const added: number[] = [];
  const duplicates: TInvestmentDuplicate[] = [];
  incoming.forEach((row, index) => {
    const sameId = row.fitId === null ? undefined : byFitId.get(row.fitId);
    if (sameId !== undefined && !taken.has(sameId)) {
      taken.add(sameId);
      duplicates.push({ index, existingId: sameId, matchedBy: 'fitid' });
      return;
    }
    // Two rows that both carry FITIDs, different ones, are two transactions whatever else they share.
    const candidate = byKey
      .get(investmentKey(row))
      ?.find((stored) => !taken.has(stored.id) && (stored.fitId === null || row.fitId === null));
    if (candidate) {
      taken.add(candidate.id);
      duplicates.push({ index, existingId: candidate.id, matchedBy: 'exact' });
      return;
    }
    added.push(index);
  });
  return { added, duplicates };
}
