import { Alert, Checkbox, Group, Loader, MultiSelect, Select, Stack, Text } from '@mantine/core';
import {
  LINKED_OPTION_FIELDS,
  LINKED_TRANSACTION_FIELDS,
  type TLinkedOptionField,
  type TLinkedPivotAggregate,
} from '@strata/core/linked-data/linked-transaction-fields';
import { useMemo } from 'react';
import { useLinkedOptions, useLinkedPivot } from '../api/linked-pivot.ts';
import {
  LINKED_PIVOT_TEXTS,
  normalizePivot,
  PIVOT_AGGREGATE_OPTIONS,
  PIVOT_DIMENSION_OPTIONS,
  pivotGrid,
  type TLinkedPivotSettings,
} from '../linked-pivot.ts';
import { LinkedPivotTable } from './linked-pivot-table.tsx';

// Two pickers a row on a phone, one fixed width from the small breakpoint up.
const PICKER_WIDTH = { base: 'calc(50% - 5px)', sm: 170 };

const FILTER_FIELD_OPTIONS = PIVOT_DIMENSION_OPTIONS.filter((option) =>
  (LINKED_OPTION_FIELDS as readonly string[]).includes(option.value),
);

/** The pivot's rows, columns, values and filter pickers (linked seed §2). */
export function LinkedPivotControls({
  repositoryId,
  value,
  onChange,
}: {
  repositoryId: string;
  value: TLinkedPivotSettings;
  onChange: (next: TLinkedPivotSettings) => void;
}) {
  const filterField = (value.filter?.field ?? null) as TLinkedOptionField | null;
  const options = useLinkedOptions(repositoryId, filterField);
  const set = (patch: Partial<TLinkedPivotSettings>) => onChange({ ...value, ...patch });
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        label={LINKED_PIVOT_TEXTS.ROWS}
        data={PIVOT_DIMENSION_OPTIONS as never}
        value={value.rows || null}
        onChange={(rows) => set({ rows: rows ?? '' })}
        clearable
        placeholder={LINKED_PIVOT_TEXTS.NONE}
        w={PICKER_WIDTH}
      />
      <Select
        label={LINKED_PIVOT_TEXTS.COLUMNS}
        data={PIVOT_DIMENSION_OPTIONS.filter((option) => option.value !== value.rows) as never}
        value={value.columns && value.columns !== value.rows ? value.columns : null}
        onChange={(columns) => set({ columns: columns ?? '' })}
        clearable
        placeholder={LINKED_PIVOT_TEXTS.NONE}
        w={PICKER_WIDTH}
      />
      <Select
        label={LINKED_PIVOT_TEXTS.VALUES}
        data={PIVOT_AGGREGATE_OPTIONS as never}
        value={normalizePivot(value).value}
        onChange={(aggregate) => set({ value: aggregate ?? 'sum' })}
        allowDeselect={false}
        w={PICKER_WIDTH}
      />
      <Select
        label={LINKED_PIVOT_TEXTS.FILTER}
        data={FILTER_FIELD_OPTIONS as never}
        value={filterField}
        onChange={(field) => set({ filter: field ? { field, values: [] } : null })}
        clearable
        placeholder={LINKED_PIVOT_TEXTS.NONE}
        w={PICKER_WIDTH}
      />
      {value.filter && (
        <MultiSelect
          label={LINKED_PIVOT_TEXTS.FILTER_VALUES}
          data={(options.data ?? []).map((option) => ({ value: option.value, label: option.label }))}
          value={[...value.filter.values]}
          onChange={(values) => set({ filter: value.filter ? { field: value.filter.field, values } : null })}
          searchable
          clearable
          placeholder={options.isPending ? 'Loading…' : 'Any'}
          w={{ base: '100%', sm: 240 }}
        />
      )}
      <Checkbox
        label={LINKED_PIVOT_TEXTS.INCLUDE_EXCLUDED}
        checked={value.includeExcluded === true}
        onChange={(event) => set({ includeExcluded: event.currentTarget.checked })}
        mb={8}
      />
    </Group>
  );
}

/** The pivot's answer as a table: loading, the server's refusal, or the rows × columns. */
export function LinkedPivotResult({
  repositoryId,
  settings,
}: {
  repositoryId: string;
  settings: TLinkedPivotSettings;
}) {
  const pivot = useLinkedPivot(repositoryId, settings);
  const normalized = normalizePivot(settings);
  const aggregate: TLinkedPivotAggregate = normalized.value;
  const grid = useMemo(() => (pivot.data ? pivotGrid(pivot.data, aggregate) : null), [pivot.data, aggregate]);
  if (pivot.isError) {
    return (
      <Alert color="red" title="The pivot could not be computed">
        {pivot.error.message}
      </Alert>
    );
  }
  if (!grid) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {LINKED_PIVOT_TEXTS.LOADING}
        </Text>
      </Group>
    );
  }
  const corner = normalized.rows ? LINKED_TRANSACTION_FIELDS[normalized.rows].label : '';
  return (
    <Stack gap={4} style={{ opacity: pivot.isPlaceholderData ? 0.6 : 1 }} aria-busy={pivot.isFetching}>
      <LinkedPivotTable grid={grid} aggregate={aggregate} corner={corner} />
    </Stack>
  );
}

/** The pivot view of the linked transactions page: the pickers over the table. */
export function LinkedPivotView({
  repositoryId,
  value,
  onChange,
}: {
  repositoryId: string;
  value: TLinkedPivotSettings;
  onChange: (next: TLinkedPivotSettings) => void;
}) {
  return (
    <Stack gap="sm">
      <LinkedPivotControls repositoryId={repositoryId} value={value} onChange={onChange} />
      <LinkedPivotResult repositoryId={repositoryId} settings={value} />
    </Stack>
  );
}
