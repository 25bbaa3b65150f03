import { Loader, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useCurrentRepository } from '../../features/repositories/index.ts';
import { modals } from '../../shared/modals/modal-store.ts';

// Loaded with the first search, not with the shell every page starts from (docs/benchmarks.md, issue 23).
const SearchDialog = lazy(async () => ({
  default: (await import('../../features/search/index.ts')).SearchDialog,
}));

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
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading search" />}>
      <SearchDialog key={repository.id} repositoryId={repository.id} onClose={onClose} />
    </Suspense>
  );
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
