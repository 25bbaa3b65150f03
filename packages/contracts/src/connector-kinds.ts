// The kinds of connector (linked seed §1: aggregator-based bank and brokerage links, a cap-table provider link, a
// crypto exchange link, an OFX or QFX file import and a manual file-upload loader; issue #24 adds Arch's
// alternative-investment sync). One list, so the server's provider registry, the messages that name what was
// linked and the web's chooser say the same kinds in the same order. docs/connectors.md, "The connector kinds".

/** What a live connector links, as its messages name it ('This cap table link…', '…reconnect this connector to the exchange'). */
export interface TLiveConnectorKind {
  id: 'plaid' | 'simplefin' | 'gocardless' | 'arch' | 'cap_table' | 'kraken';
  /** The provider's name; the cap table's is the operator's (CAP_TABLE_NAME). */
  name: string;
  /** The seed's kind of link: bank (and brokerage) aggregators, the cap table, the crypto exchange, a fund platform. */
  link: 'bank' | 'cap table' | 'exchange' | 'fund platform';
  /** Who the user reconnects to after 'login required'. */
  party: string;
  flow: 'overlay' | 'token' | 'redirect' | 'credentials';
  /** Served from our own origin (apps/web/public/connector-logos): the page's img-src needs nothing more. */
  logo: string;
}

export const LIVE_CONNECTOR_KINDS = [
  {
    id: 'plaid',
    name: 'Plaid',
    link: 'bank',
    party: 'bank',
    flow: 'overlay',
    logo: '/connector-logos/plaid.svg',
  },
  {
    id: 'simplefin',
    name: 'SimpleFIN',
    link: 'bank',
    party: 'bank',
    flow: 'token',
    logo: '/connector-logos/simplefin.svg',
  },
  {
    id: 'gocardless',
    name: 'GoCardless',
    link: 'bank',
    party: 'bank',
    flow: 'redirect',
    logo: '/connector-logos/gocardless.svg',
  },
  {
    id: 'arch',
    name: 'Arch',
    link: 'fund platform',
    party: 'fund platform',
    flow: 'credentials',
    logo: '/connector-logos/arch.svg',
  },
  {
    id: 'cap_table',
    name: 'Cap table',
    link: 'cap table',
    party: 'cap table provider',
    flow: 'redirect',
    logo: '/connector-logos/cap-table.svg',
  },
  {
    id: 'kraken',
    name: 'Kraken',
    link: 'exchange',
    party: 'exchange',
    flow: 'credentials',
    logo: '/connector-logos/kraken.svg',
  },
] as const satisfies readonly TLiveConnectorKind[];

export type TLiveConnectorId = (typeof LIVE_CONNECTOR_KINDS)[number]['id'];

/**
 * The file kinds, offered after the live ones (the import dialog's modes): the seed's OFX/QFX import and its
 * manual loader (any of its formats). Both make a connector of kind `manual`.
 */
export const FILE_CONNECTOR_KINDS = [
  { mode: 'ofx', name: 'OFX/QFX file', formats: ['ofx', 'qfx'] },
  { mode: 'manual', name: 'Load a file', formats: ['ofx', 'qfx', 'qif', 'csv'] },
] as const;

export function liveConnectorKind(id: TLiveConnectorId): TLiveConnectorKind {
  return LIVE_CONNECTOR_KINDS.find((kind) => kind.id === id) as TLiveConnectorKind;
}

/** A connector's logo: its live kind's; a file connector has none. */
export function connectorLogo(kind: string): string | null {
  return LIVE_CONNECTOR_KINDS.find((live) => live.id === kind)?.logo ?? null;
}
