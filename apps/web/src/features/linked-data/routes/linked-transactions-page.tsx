import { Center, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { TSort } from '@strata/core/filters/sort-model';
import { LINKED_TRANSACTION_FIELDS } from '@strata/core/linked-data/linked-transaction-fields';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useListSettings } from '../../../shared/data-list/use-list-settings.ts';
import { useCurrentRepository } from '../../repositories/index.ts';
import { LinkedTransactionsGrid } from '../components/linked-transactions-grid.tsx';

const DEFAULT_SORT: TSort = [{ field: 'date', sortDirection: 'descending' }];

// The pivot view loads when asked for: the list's route does not carry it.
const LinkedPivotSection = lazy(() =>
  import('../components/linked-pivot-section.tsx').then((m) => ({ default: m.LinkedPivotSection })),
);

/**
 * /linked-transactions (linked seed §2): every linked transaction of the current repository, as a list
 * or a pivot; the list's sort and filter are kept in the user's settings of the repository.
 */
export function Component() {
  const { repository, permissions } = useCurrentRepository();
  const [search, setSearch] = useSearchParams();
  const view = search.get('view') === 'pivot' ? 'pivot' : 'list';
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
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(next) => {
            const params = new URLSearchParams(search);
            if (next === 'pivot') params.set('view', 'pivot');
            else params.delete('view');
            setSearch(params);
          }}
          data={[
            { value: 'list', label: 'List' },
            { value: 'pivot', label: 'Pivot' },
          ]}
        />
      </Group>
      {!repository ? (
        <Text c="dimmed">Create or pick a repository in the header first.</Text>
      ) : view === 'pivot' ? (
        <Suspense
          fallback={
            <Center h={120}>
              <Loader size="sm" />
            </Center>
          }
        >
          <LinkedPivotSection key={repository.id} repositoryId={repository.id} />
        </Suspense>
      ) : (
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
      )}
    </Stack>
  );
}
