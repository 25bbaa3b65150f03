// The pivot of an analytics page: rows, columns, values and a filter picked from the dataset's catalogue
// (the dashboards' pivot.ts does the arithmetic; missing stays '—').
import { Group, MultiSelect, Select, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { TPivotField, TPivotMeasure, TWidgetDisplay } from '../../dashboards/index.ts';
import { PivotTableWidget, pivotBySettings } from '../../dashboards/index.ts';

export interface TPivotCatalogue<TRow> {
  fields: Readonly<Record<string, TPivotField<TRow>>>;
  measures: Readonly<Record<string, TPivotMeasure<TRow>>>;
}

export function AnalyticsPivot<TRow>({
  rows,
  catalogue,
  initial,
  display,
}: {
  rows: readonly TRow[];
  catalogue: TPivotCatalogue<TRow>;
  initial: { rows: string; columns: string; value: string };
  display: Omit<TWidgetDisplay, 'code' | 'label'>;
}) {
  const [spec, setSpec] = useState(initial);
  const [filterField, setFilterField] = useState<string | null>(null);
  const [filterValues, setFilterValues] = useState<string[]>([]);
  const fieldOptions = Object.entries(catalogue.fields).map(([value, field]) => ({
    value,
    label: field.label,
  }));
  const measureOptions = Object.entries(catalogue.measures).map(([value, measure]) => ({
    value,
    label: measure.label,
  }));
  const filterChoices = useMemo(() => {
    const field = filterField ? catalogue.fields[filterField] : undefined;
    return field ? [...new Set(rows.map((row) => field.key(row)))].sort() : [];
  }, [rows, catalogue, filterField]);
  const table = pivotBySettings(rows, catalogue, {
    ...spec,
    filter: filterField && filterValues.length > 0 ? { field: filterField, values: filterValues } : null,
  });
  const corner = catalogue.measures[spec.value]?.label ?? '';
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Pivot
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          size="xs"
          w={140}
          label="Rows"
          data={fieldOptions}
          value={spec.rows}
          allowDeselect={false}
          onChange={(next) => next && setSpec({ ...spec, rows: next })}
        />
        <Select
          size="xs"
          w={140}
          label="Columns"
          data={fieldOptions}
          value={spec.columns}
          allowDeselect={false}
          onChange={(next) => next && setSpec({ ...spec, columns: next })}
        />
        <Select
          size="xs"
          w={160}
          label="Values"
          data={measureOptions}
          value={spec.value}
          allowDeselect={false}
          onChange={(next) => next && setSpec({ ...spec, value: next })}
        />
        <Select
          size="xs"
          w={140}
          label="Filter by"
          placeholder="No filter"
          clearable
          data={fieldOptions}
          value={filterField}
          onChange={(next) => {
            setFilterField(next);
            setFilterValues([]);
          }}
        />
        {filterField && (
          <MultiSelect
            size="xs"
            miw={200}
            label="Keep"
            placeholder="All"
            searchable
            data={filterChoices}
            value={filterValues}
            onChange={setFilterValues}
          />
        )}
      </Group>
      <PivotTableWidget
        data={{ table, corner }}
        display={{ ...display, code: 'analytics-pivot', label: 'Pivot' }}
      />
    </Stack>
  );
}
