import { Group, Stack, Text, Title } from '@mantine/core';
import type { TSort } from '@strata/core/filters/sort-model';
import { LINKED_TRANSACTION_FIELDS } from '@strata/core/linked-data/linked-transaction-fields';
import { useListSettings } from '../../../shared/data-list/use-list-settings.ts';
import { useCurrentRepository } from '../../repositories/index.ts';
import { LinkedTransactionsGrid } from '../components/linked-transactions-grid.tsx';

const DEFAULT_SORT: TSort = [{ field: 'date', sortDirection: 'descending' }];

/**
 * /linked-transactions (linked seed §2): every linked transaction of the current repository; the sort and the
 * filter are kept in the user's settings of the repository.
 */
export function Component() {
  const { repository, permissions } = useCurrentRepository();
  const settings = useListSettings({
    repository,
    listKey: 'linked-transactions',
    fields: LINKED_TRANSACTION_FIELDS,
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
          filter={settings.filter}
          onFilterChange={settings.setFilter}
          canWrite={Boolean(permissions?.canWrite)}
        />
      ) : (
        <Text c="dimmed">Create or pick a repository in the header first.</Text>
      )}
    </Stack>
  );
}
