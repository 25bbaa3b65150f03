import { krakenSync } from '@strata/contracts/linked-authorizations';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
import { modals } from '../../../shared/modals/modal-store.ts';
import { KeyPairLink } from './key-pair-link.tsx';

/** Kraken: a read-only API key and its private key (POST linked_data/kraken_sync). */
export function KrakenLink({ repositoryId, onClose }: { repositoryId: string; onClose: () => void }) {
  return (
    <KeyPairLink
      repositoryId={repositoryId}
      onClose={onClose}
      intro={
        'Make an API key in Kraken (Settings → API) with only Query Funds, Query Ledger Entries and Query ' +
        'Closed Orders & Trades. This server reads your balances and ledger with it; it is kept sealed and never ' +
        'shown again.'
      }
      defaultName="Kraken"
      keyLabel="API key"
      secretLabel="Private key"
      send={(pair) =>
        callEndpoint(krakenSync, {
          body: { repository_id: repositoryId, api_key: pair.key, api_secret: pair.secret, name: pair.name },
        })
      }
    />
  );
}

export function openKrakenLink(repositoryId: string): void {
  modals.open({
    id: 'connect-kraken',
    kind: 'dialog',
    size: 'md',
    title: 'Connect Kraken',
    render: ({ close }) => <KrakenLink repositoryId={repositoryId} onClose={() => void close()} />,
  });
}
