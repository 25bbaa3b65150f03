import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { type TUpsertCounts, upsertPositions, upsertSecurities } from '../linked-investments.repository.ts';
import type { THolding } from './provider-port.ts';

/**
 * A provider's holdings as linked positions (the positions list of linked seed §2), through the same writes as
 * an OFX file's positions: securities upserted per repository (id type = the provider), positions as of the
 * holding's price date (else the sync's day), replacing the stored one of the same account, security and date.
 */
export async function storeHoldings(
  trx: Kysely<Database>,
  input: {
    repositoryId: string;
    provider: string;
    day: string;
    holdings: readonly THolding[];
    accounts: ReadonlyMap<string, { id: string; repository_id: string; event_id: string }>;
  },
): Promise<TUpsertCounts> {
  const mine = input.holdings.filter((holding) => input.accounts.has(holding.accountExternalId));
  if (mine.length === 0) return { added: 0, replaced: 0 };
  const bySecurity = new Map(mine.map((holding) => [holding.securityId, holding]));
  const refs = await upsertSecurities(
    trx,
    [...bySecurity.values()].map((holding) => ({
      repository_id: input.repositoryId,
      id_type: input.provider,
      unique_id: holding.securityId,
      kind: holding.kind,
      name: holding.name,
      ticker: holding.ticker,
      unit_price: holding.price,
      currency: holding.currency,
    })),
  );
  const securityIds = new Map(refs.map((ref) => [ref.unique_id, ref.id]));
  const seen = new Map<string, number>();
  return upsertPositions(
    trx,
    mine.map((holding) => {
      const account = input.accounts.get(holding.accountExternalId) as {
        id: string;
        repository_id: string;
        event_id: string;
      };
      const asOf = holding.date ?? input.day;
      // Two lots of one security on one day stay two positions, in the provider's order.
      const key = `${account.id} ${holding.securityId} ${asOf}`;
      const seq = seen.get(key) ?? 0;
      seen.set(key, seq + 1);
      return {
        repository_id: account.repository_id,
        linked_account_id: account.id,
        sync_event_id: account.event_id,
        security_id: securityIds.get(holding.securityId) as string,
        as_of_date: asOf,
        held_in: '',
        seq,
        position_type: 'long',
        quantity: holding.quantity,
        price: holding.price,
        value: holding.value,
        price_date: holding.date,
        currency: holding.currency,
        source: JSON.stringify(holding.source),
      };
    }),
  );
}
