import { matchInvestmentDuplicates, securityKey } from '@strata/core/statements/dedup-investments';
import type { TSecurityId, TSecurityKind, TStatement, TStatementFile } from '@strata/core/statements/model';
import type { Database } from '@strata/db/schema';
import type { LinkedBalancesTable, LinkedPositionsTable } from '@strata/db/schema-linked-investments';
import type { Insertable, Kysely } from 'kysely';
import { insertLinkedTransactions } from './linked-data.repository.ts';
import {
  investmentDedupRowsOf,
  type TUpsertCounts,
  upsertBalances,
  upsertPositions,
  upsertSecurities,
} from './linked-investments.repository.ts';

// The manual loader's investment part: securities of the file, then per statement its investment
// transactions (as linked transactions), positions and balances. Called inside the loader's transaction.

type TDb = Kysely<Database>;

export interface TStoredSecurity {
  id: string;
  security: TSecurityId;
  /** What a trade shows as its counterparty: the security's name, else its ticker, else its id. */
  label: string;
}

/**
 * Upserts every security the file names — its SECLIST, and any a trade or position refers to without a
 * SECLIST entry (kind 'other', no name) — and answers them by `securityKey`.
 */
export async function storeSecurities(
  db: TDb,
  repositoryId: string,
  file: Pick<TStatementFile, 'securities'> & {
    statements: readonly Pick<TStatement, 'positions' | 'investmentTransactions'>[];
  },
): Promise<Map<string, TStoredSecurity>> {
  const wanted = new Map<
    string,
    {
      unique_id: string;
      id_type: string;
      kind: TSecurityKind;
      name: string | null;
      ticker: string | null;
      unit_price: string | null;
      currency: string | null;
    }
  >();
  const referenced = (security: { uniqueId: string; idType: string | null } | null, kind: TSecurityKind) => {
    if (security === null || wanted.has(securityKey(security))) return;
    wanted.set(securityKey(security), {
      unique_id: security.uniqueId,
      id_type: security.idType ?? '',
      kind,
      name: null,
      ticker: null,
      unit_price: null,
      currency: null,
    });
  };
  for (const security of file.securities) {
    wanted.set(securityKey(security.id), {
      unique_id: security.id.uniqueId,
      id_type: security.id.idType ?? '',
      kind: security.kind,
      name: security.name,
      ticker: security.ticker,
      unit_price: security.unitPrice,
      currency: security.currency,
    });
  }
  for (const statement of file.statements) {
    for (const position of statement.positions) referenced(position.security, position.securityKind);
    for (const trade of statement.investmentTransactions) referenced(trade.security, 'other');
  }
  const rows = [...wanted.values()].map((row) => ({ repository_id: repositoryId, ...row }));
  const refs = await upsertSecurities(db, rows);
  const stored = new Map<string, TStoredSecurity>();
  for (const ref of refs) {
    const security = { uniqueId: ref.unique_id, idType: ref.id_type === '' ? null : ref.id_type };
    stored.set(securityKey(security), {
      id: ref.id,
      security,
      label: ref.name ?? ref.ticker ?? ref.unique_id,
    });
  }
  return stored;
}

export interface TInvestmentLoad {
  added: number;
  skipped_duplicate: number;
  positions: TUpsertCounts;
  balances: TUpsertCounts;
}

interface TStatementTarget {
  repositoryId: string;
  linkedAccountId: string;
  syncEventId: string;
  /** The import's calendar day: the as-of date of a position or balance the file does not date. */
  importDay: string;
}

/** A statement's investment transactions (deduplicated), positions and balances. */
export async function storeInvestmentStatement(
  db: TDb,
  target: TStatementTarget,
  // Its cash transactions are not needed here (and arrive in batches: linked-cash-transactions-load.ts).
  statement: Omit<TStatement, 'transactions'>,
  securities: ReadonlyMap<string, TStoredSecurity>,
): Promise<TInvestmentLoad> {
  const { repositoryId, linkedAccountId, syncEventId, importDay } = target;
  const incoming = statement.investmentTransactions;
  let added = 0;
  if (incoming.length > 0) {
    const dates = incoming.map((trade) => trade.date).sort();
    const span = { from: dates[0] as string, to: dates.at(-1) as string };
    const fitIds = incoming.flatMap((trade) => (trade.fitId === null ? [] : [trade.fitId]));
    // A stored trade of a security this file does not name cannot be any of its trades: its key stays apart.
    const byId = new Map([...securities.values()].map((stored) => [stored.id, stored.security]));
    const existing = (await investmentDedupRowsOf(db, linkedAccountId, span, fitIds)).map((row) => ({
      ...row,
      security:
        row.securityId === null
          ? null
          : (byId.get(row.securityId) ?? { uniqueId: row.securityId, idType: 'id' }),
    }));
    const { added: indexes } = matchInvestmentDuplicates(existing, incoming);
    added = await insertLinkedTransactions(
      db,
      indexes.map((index) => {
        const trade = incoming[index]!;
        const security = trade.security ? securities.get(securityKey(trade.security)) : undefined;
        return {
          repository_id: repositoryId,
          linked_account_id: linkedAccountId,
          sync_event_id: syncEventId,
          fitid: trade.fitId,
          date: trade.date,
          // A transfer of shares moves no cash: its amount is 0, its units say what moved.
          amount: trade.total ?? '0',
          currency: trade.currency ?? statement.currency,
          counterparty: security?.label ?? null,
          description: trade.memo,
          type: trade.ofxType,
          investment_kind: trade.kind,
          security_id: security?.id ?? null,
          quantity: trade.units,
          unit_price: trade.unitPrice,
          source: trade,
        };
      }),
    );
  }

  const fallbackDay = statement.asOfDate ?? statement.endDate ?? importDay;
  // A statement may list the same holding twice (vanguard.ofx): each line keeps its rank among equal lines,
  // so both are kept and the same statement again replaces them line for line.
  const positions: Insertable<LinkedPositionsTable>[] = [];
  const seen = new Map<string, number>();
  for (const position of statement.positions) {
    const security = securities.get(securityKey(position.security));
    if (!security) continue;
    const asOf = statement.asOfDate ?? position.priceDate ?? fallbackDay;
    const heldIn = position.heldIn ?? '';
    const key = `${security.id}|${asOf}|${heldIn}`;
    const seq = seen.get(key) ?? 0;
    seen.set(key, seq + 1);
    positions.push({
      seq,
      repository_id: repositoryId,
      linked_account_id: linkedAccountId,
      sync_event_id: syncEventId,
      security_id: security.id,
      as_of_date: asOf,
      held_in: heldIn,
      position_type: position.positionType,
      quantity: position.units,
      price: position.unitPrice,
      value: position.marketValue,
      price_date: position.priceDate,
      currency: position.currency ?? statement.currency,
      source: JSON.stringify(position),
    });
  }

  const balances = new Map<string, Insertable<LinkedBalancesTable>>();
  const balanceKinds = [
    ['ledger', statement.ledgerBalance],
    ['available', statement.availableBalance],
    ['cash', statement.cashBalance],
  ] as const;
  for (const [kind, balance] of balanceKinds) {
    if (balance === null) continue;
    const asOf = balance.date ?? fallbackDay;
    balances.set(`${kind}|${asOf}`, {
      repository_id: repositoryId,
      linked_account_id: linkedAccountId,
      sync_event_id: syncEventId,
      kind,
      amount: balance.amount,
      as_of_date: asOf,
      currency: statement.currency,
    });
  }

  return {
    added,
    skipped_duplicate: incoming.length - added,
    positions: await upsertPositions(db, positions),
    balances: await upsertBalances(db, [...balances.values()]),
  };
}
