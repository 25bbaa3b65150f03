import { archSync } from '@strata/contracts/linked-authorizations';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
import { modals } from '../../../shared/modals/modal-store.ts';
import { KeyPairLink } from './key-pair-link.tsx';

/** Arch: the user's API client id and secret (POST linked_data/arch_sync, linked seed §7). */
export function ArchLink({ repositoryId, onClose }: { repositoryId: string; onClose: () => void }) {
  return (
    <KeyPairLink
      repositoryId={repositoryId}
      onClose={onClose}
      intro={
        'Make an API client in Arch (Settings → API access). This server reads your funds’ holdings and ' +
        'activities — capital calls, distributions — with it; it is kept sealed and never shown again.'
      }
      defaultName="Arch"
      keyLabel="Client ID"
      secretLabel="Client secret"
      send={(pair) =>
        callEndpoint(archSync, {
          body: {
            repository_id: repositoryId,
            client_id: pair.key,
            client_secret: pair.secret,
            name: pair.name,
          },
        })
      }
    />
  );
}

export function openArchLink(repositoryId: string): void {
  modals.open({
    id: 'connect-arch',
    kind: 'dialog',
    size: 'md',
    title: 'Connect Arch',
    render: ({ close }) => <ArchLink repositoryId={repositoryId} onClose={() => void close()} />,
  });
}
