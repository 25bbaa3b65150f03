import { LIVE_CONNECTOR_KINDS, type TLiveConnectorId } from '@strata/contracts/connector-kinds';
import type { TConnector } from '@strata/contracts/linked-data';
import { LINKED_PROVIDER_MESSAGES } from '@strata/contracts/linked-providers';

// The rules of the live connectors' screens (issue #24 on the web; linked seed §2, §4), kept apart from React so
// they are tested alone.

/** The connectors a provider fetches (the rest are loaded from files): contracts' six live kinds. */
export const PROVIDER_METHODS: readonly TLiveConnectorId[] = LIVE_CONNECTOR_KINDS.map((kind) => kind.id);
export type TProviderMethod = TLiveConnectorId;

export function isProviderConnector(
  connector: Pick<TConnector, 'access_method'>,
): connector is { access_method: TProviderMethod } {
  return (PROVIDER_METHODS as readonly string[]).includes(connector.access_method);
}

/**
 * Linked seed §4's sync result 'login required', as the server leaves it on the connector: failed, with the
 * login message. Only Plaid has an update mode to re-link in; a SimpleFIN user makes a new setup token.
 */
export function needsReconnect(connector: Pick<TConnector, 'access_method' | 'status' | 'status_message'>) {
  return (
    connector.access_method === 'plaid' &&
    connector.status === 'failed' &&
    connector.status_message === LINKED_PROVIDER_MESSAGES.loginRequired('plaid')
  );
}

/**
 * Linked seed §2: "for one known connector source" the account panel shows 'Powered by' and the provider's
 * logo. The one is Plaid (its terms ask apps to say so); a connector's own `logo` wins when the server sends one.
 */
export const POWERED_BY: Partial<Record<TConnector['access_method'], { name: string; logo: string }>> = {
  // A plain wordmark drawn for this app (public/connector-logos), not Plaid's artwork.
  plaid: { name: 'Plaid', logo: '/connector-logos/plaid.svg' },
};

/** What each provider's link asks of the user, in the chooser (the server gives the name and availability). */
export const PROVIDER_DESCRIPTIONS: Record<string, string> = {
  plaid: 'US and Canadian banks and brokerages, through the Plaid Link window',
  simplefin: 'Banks through your SimpleFIN bridge: paste a setup token',
  gocardless: "European and UK banks: pick yours and agree at the bank's own pages",
  kraken: 'Your Kraken balances and ledger, with a read-only API key',
  arch: "Your private funds' holdings, capital calls and distributions, with an Arch API client",
  cap_table: "Your shares and options: sign in and allow access at the provider's own pages",
};

export interface TSyncProgressView {
  percent: number;
  label: string;
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The sync task's progress (server: fetching → fetched → written) as a bar and a line. */
export function syncProgressOf(task: {
  status: string;
  progress: Record<string, unknown> | null;
}): TSyncProgressView {
  const progress = task.progress ?? {};
  if (task.status === 'waiting') return { percent: 5, label: 'Waiting to sync…' };
  switch (progress.stage) {
    // A new connector's 'link account' task first lists the accounts it links, then fetches as a sync does.
    case 'linking':
      return { percent: 15, label: 'Linking accounts…' };
    case 'linked':
      return {
        percent: 25,
        label: `Linked ${plural(count(progress.accounts), 'account', 'accounts')}; fetching transactions…`,
      };
    case 'fetching':
      return { percent: 25, label: 'Fetching accounts and transactions…' };
    case 'fetched':
      return {
        percent: 70,
        label: `Fetched ${plural(count(progress.accounts), 'account', 'accounts')}, ${plural(
          count(progress.added) + count(progress.modified),
          'transaction',
          'transactions',
        )}; writing…`,
      };
    case 'written':
      return { percent: 100, label: 'Written' };
    default:
      return { percent: 10, label: 'Starting…' };
  }
}

/** The sync event's counts (linked seed §4), as the result line says them. */
export function syncCountsText(result: Record<string, unknown> | null | undefined): string {
  const value = result ?? {};
  const transactions = `${count(value.added)} added, ${count(value.updated)} updated, ${count(value.removed)} removed, ${count(
    value.skipped_duplicate,
  )} skipped as duplicates, ${count(value.failed)} failed`;
  // A cap table or an exchange's balances bring positions; a bank's sync says nothing of them.
  const positions = value.positions as { added?: unknown } | undefined;
  const positionsAdded = count(positions?.added);
  return positionsAdded > 0 ? `${transactions}; ${positionsAdded} positions` : transactions;
}
