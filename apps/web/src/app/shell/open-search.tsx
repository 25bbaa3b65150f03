import { Text } from '@mantine/core';
import { useCurrentRepository } from '../../features/repositories/index.ts';
import { SearchDialog } from '../../features/search/index.ts';
import { modals } from '../../shared/modals/modal-store.ts';

export const SEARCH_MODAL_ID = 'global-search';

function CurrentRepositorySearch({ onClose }: { onClose: () => void }) {
  const { repository } = useCurrentRepository();
  if (!repository) {
    return (
      <Text size="sm" c="dimmed">
        Create or pick a repository in the header first.
      </Text>
    );
  }
  // Keyed by repository: a switch starts a fresh search.
  return <SearchDialog key={repository.id} repositoryId={repository.id} onClose={onClose} />;
}

/** Meta+K / Ctrl+K and 'Find anything': global search over the current repository. */
export function openSearch(): void {
  modals.open({
    id: SEARCH_MODAL_ID,
    kind: 'dialog',
    title: 'Search',
    size: 'lg',
    render: (controls) => <CurrentRepositorySearch onClose={() => void controls.close()} />,
  });
}
