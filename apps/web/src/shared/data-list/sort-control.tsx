import { ActionIcon, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import type { TFieldTable } from '@strata/core/filters/field-kinds';
import type { TSort } from '@strata/core/filters/sort-model';
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconChevronUp,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { fieldLabel } from './filter-draft.ts';
import {
  addSortItem,
  moveSortItem,
  removeSortItem,
  SORT_DIRECTION_LABELS,
  setSortField,
  sortFieldChoices,
  toggleSortDirection,
} from './sort-draft.ts';

export interface TSortControlProps {
  /** The list's fields; only those marked `isSortable` are offered. */
  fields: TFieldTable;
  /** The sort in use, first item first in precedence. */
  value: TSort;
  /** Called on every change (the list re-queries; `useListSettings` saves it debounced). */
  onChange: (sort: TSort) => void;
}

/**
 * Edits a list sort: add a field (one already used is not offered again), toggle its direction, move it up
 * or down in precedence, remove it.
 */
export function SortControl({ fields, value, onChange }: TSortControlProps) {
  const canAdd = sortFieldChoices(value, fields).length > 0;
  return (
    <Stack gap="xs" data-testid="sort-control">
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          Default order
        </Text>
      )}
      {value.map((item, index) => {
        const label = fieldLabel(fields, item.field);
        const direction = SORT_DIRECTION_LABELS[item.sortDirection];
        return (
          <Group key={item.field} gap="xs" wrap="nowrap" role="group" aria-label={`Sort by ${label}`}>
            <Text size="xs" c="dimmed" w={16}>
              {index + 1}.
            </Text>
            <NativeSelect
              aria-label="Sort field"
              data={sortFieldChoices(value, fields, index).map((field) => ({
                value: field,
                label: fieldLabel(fields, field),
              }))}
              value={item.field}
              onChange={(event) => onChange(setSortField(value, index, event.currentTarget.value, fields))}
            />
            <Button
              variant="default"
              size="sm"
              aria-label={`${direction}, change direction`}
              leftSection={
                item.sortDirection === 'ascending' ? <IconArrowUp size={14} /> : <IconArrowDown size={14} />
              }
              onClick={() => onChange(toggleSortDirection(value, index))}
            >
              {direction}
            </Button>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Move up"
              disabled={index === 0}
              onClick={() => onChange(moveSortItem(value, index, index - 1))}
            >
              <IconChevronUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Move down"
              disabled={index === value.length - 1}
              onClick={() => onChange(moveSortItem(value, index, index + 1))}
            >
              <IconChevronDown size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Remove sort"
              onClick={() => onChange(removeSortItem(value, index))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      <Group>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={!canAdd}
          onClick={() => onChange(addSortItem(value, fields))}
        >
          Add sort
        </Button>
      </Group>
    </Stack>
  );
}
