import { Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { modals } from '../../shared/modals/modal-store.ts';

export const SEARCH_MODAL_ID = 'global-search';

/** Meta+K. The search index arrives with the data features; the dialog says so rather than pretending. */
export function openSearch(): void {
  modals.open({
    id: SEARCH_MODAL_ID,
    kind: 'dialog',
    title: 'Search',
    size: 'lg',
    render: () => (
      <>
        <TextInput
          data-autofocus
          aria-label="Search"
          placeholder="Search assets, transactions, tags…"
          leftSection={<IconSearch size={16} />}
          disabled
        />
        <Text size="sm" c="dimmed" mt="sm">
          Search arrives with the assets and transactions features.
        </Text>
      </>
    ),
  });
}
