import { Stack, Text, Title } from '@mantine/core';
import type { TSort } from '@strata/core/filters/sort-model';
import { useListSettings } from '../../../shared/data-list/use-list-settings.ts';
import { useCurrentRepository } from '../../repositories/index.ts';
import { LinkedPositionsGrid } from '../components/linked-positions-grid.tsx';
import { positionSortFields } from '../linked-position-columns.ts';

// The server's own order when none is sent: newest as-of date first (then the security's name).
const DEFAULT_SORT: TSort = [{ field: 'as_of_date', sortDirection: 'descending' }];

/** /linked-positions (linked seed §2): every linked position of the current repository. */
export function Component() {
  const { repository } = useCurrentRepository();
  const settings = useListSettings({
    repository,
    listKey: 'linked-positions',
    fields: positionSortFields,
    defaults: { sort: DEFAULT_SORT },
  });
  return (
    <Stack p="md" gap="sm">
      <Title order={1} size="h3">
        Linked positions
      </Title>
      {repository ? (
        <LinkedPositionsGrid
          key={repository.id}
          repositoryId={repository.id}
          view="list"
          sort={settings.sort}
          onSortChange={settings.setSort}
        />
      ) : (
        <Text c="dimmed">Create or pick a repository in the header first.</Text>
      )}
    </Stack>
  );
}
