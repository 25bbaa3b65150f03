import { Group, Stack, Text, Title } from '@mantine/core';
import type { TSort } from '@strata/core/filters/sort-model';
import { useListSettings } from '../../../shared/data-list/use-list-settings.ts';
import { useCurrentRepository } from '../../repositories/index.ts';
import { LinkedTransactionsGrid } from '../components/linked-transactions-grid.tsx';
import { linkedSortFields } from '../linked-columns.ts';

const DEFAULT_SORT: TSort = [{ field: 'date', sortDirection: 'descending' }];

/** /linked-transactions (linked seed §2): every linked transaction of the current repository. */
export function Component() {
  const { repository, permissions } = useCurrentRepository();
  const settings = useListSettings({
    repository,
    listKey: 'linked-transactions',
    fields: linkedSortFields,
    defaults: { sort: DEFAULT_SORT },
  });
  return (
    <Stack p="md" gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h3">
          Linked transactions
        </Title>
      </Group>
      {repository ? (
        <LinkedTransactionsGrid
          key={repository.id}
          repositoryId={repository.id}
          view="list"
          sort={settings.sort}
          onSortChange={settings.setSort}
          canWrite={Boolean(permissions?.canWrite)}
        />
      ) : (
        <Text c="dimmed">Create or pick a repository in the header first.</Text>
      )}
    </Stack>
  );
}
