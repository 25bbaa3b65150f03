import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { TFieldTable } from '@strata/core/filters/field-kinds';
import { FILTER_LOGICS, type TFilter, type TFilterLogic } from '@strata/core/filters/filter-model';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { DateField } from '../forms/date-field.tsx';
import type { TFilterOption, TLoadFilterOptions } from './api/filter-options.ts';
import {
  addGroup,
  addParam,
  applyDraft,
  comparisonOptions,
  draftFromFilter,
  emptyDraft,
  fieldLabel,
  removeGroup,
  removeParam,
  setDraftLogic,
  setGroupLogic,
  type TDraftParam,
  type TDraftValue,
  type TFilterDraft,
  type TParamPatch,
  type TValueEditor,
  updateParam,
  valueEditorOf,
} from './filter-draft.ts';

export interface TFilterBuilderProps {
  /** The fields the list can be filtered by (e.g. core's TRANSACTION_FILTER_FIELDS); table order is menu order. */
  fields: TFieldTable;
  /** The filter in use; the builder edits a copy and hands the result to `onApply`. */
  value: TFilter;
  /** Called with the parsed filter: rows without a value dropped (EMPTY/NOTEMPTY kept). */
  onApply: (filter: TFilter) => void;
  /** Shows a Cancel button (e.g. in a popover or drawer). */
  onCancel?: () => void;
  /** Loads a `simple` field's values (GET /api/filter_options); see `filterOptionsLoader`. */
  loadOptions?: TLoadFilterOptions;
  /** The simple fields `loadOptions` serves; default every simple field. Others get a text box. */
  optionFields?: readonly string[];
}

const LOGIC_DATA = FILTER_LOGICS.map((logic) => ({ value: logic, label: logic }));

/**
 * Edits a list filter: groups of conditions (field, comparison, value) combined by AND or OR, the groups
 * combined by AND or OR too. Comparisons are those of the field's kind (core); bad values are shown on their
 * row and keep the filter from applying.
 */
export function FilterBuilder({
  fields,
  value,
  onApply,
  onCancel,
  loadOptions,
  optionFields,
}: TFilterBuilderProps) {
  const [draft, setDraft] = useState<TFilterDraft>(() => draftFromFilter(value));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setDraft(draftFromFilter(value));
    setErrors({});
  }, [value]);

  const fieldData = useMemo(
    () => Object.keys(fields).map((field) => ({ value: field, label: fieldLabel(fields, field) })),
    [fields],
  );
  const hasOptions = (field: string) =>
    Boolean(loadOptions) &&
    fields[field]?.kind === 'simple' &&
    (optionFields === undefined || optionFields.includes(field));

  const edit = (next: TFilterDraft) => {
    setDraft(next);
    setErrors({});
  };
  const apply = () => {
    const result = applyDraft(draft, fields);
    if (result.ok) onApply(result.filter);
    else setErrors(result.errors);
  };

  return (
    <Stack gap="sm" data-testid="filter-builder">
      {draft.groups.length === 0 && (
        <Text size="sm" c="dimmed">
          No conditions: every row is shown.
        </Text>
      )}
      {draft.groups.map((group, groupIndex) => (
        <Stack key={group.key} gap="xs">
          {groupIndex > 0 && (
            <NativeSelect
              w={90}
              size="xs"
              aria-label="Combine groups with"
              data={LOGIC_DATA}
              value={draft.logic}
              onChange={(event) => edit(setDraftLogic(draft, event.currentTarget.value as TFilterLogic))}
            />
          )}
          <Paper withBorder p="sm" role="group" aria-label={`Group ${groupIndex + 1}`}>
            <Stack gap="xs">
              <Group justify="space-between">
                <Group gap="xs">
                  <Text size="sm">Match</Text>
                  <NativeSelect
                    w={90}
                    size="xs"
                    aria-label="Combine conditions with"
                    data={LOGIC_DATA}
                    value={group.logic}
                    onChange={(event) =>
                      edit(setGroupLogic(draft, group.key, event.currentTarget.value as TFilterLogic))
                    }
                  />
                </Group>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => edit(removeGroup(draft, group.key))}
                >
                  Remove group
                </Button>
              </Group>
              {group.params.map((param) => (
                <ConditionRow
                  key={param.key}
                  param={param}
                  fields={fields}
                  fieldData={fieldData}
                  error={errors[param.key]}
                  withOptions={hasOptions(param.field)}
                  loadOptions={loadOptions}
                  onChange={(patch) => edit(updateParam(draft, group.key, param.key, patch, fields))}
                  onRemove={() => edit(removeParam(draft, group.key, param.key))}
                />
              ))}
              <Group>
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => edit(addParam(draft, group.key, fields))}
                >
                  Add condition
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Stack>
      ))}
      {errors[''] && (
        <Text size="sm" c="red">
          {errors['']}
        </Text>
      )}
      <Group justify="space-between">
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconPlus size={14} />}
            onClick={() => edit(addGroup(draft, fields))}
          >
            Add group
          </Button>
          {draft.groups.length > 0 && (
            <Button variant="subtle" onClick={() => edit(emptyDraft())}>
              Clear all
            </Button>
          )}
        </Group>
        <Group gap="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button onClick={apply}>Apply</Button>
        </Group>
      </Group>
    </Stack>
  );
}

interface TConditionRowProps {
  param: TDraftParam;
  fields: TFieldTable;
  fieldData: { value: string; label: string }[];
  error: string | undefined;
  withOptions: boolean;
  loadOptions: TLoadFilterOptions | undefined;
  onChange: (patch: TParamPatch) => void;
  onRemove: () => void;
}

function ConditionRow({
  param,
  fields,
  fieldData,
  error,
  withOptions,
  loadOptions,
  onChange,
  onRemove,
}: TConditionRowProps) {
  const definition = fields[param.field];
  const comparisons = definition ? comparisonOptions(definition) : [];
  const editor = definition ? valueEditorOf(definition, param.comparison, withOptions) : 'text';
  return (
    <Stack gap={4} role="group" aria-label="Condition">
      {/* A phone's popover is narrower than field, comparison and value side by side: they wrap. */}
      <Group gap="xs" align="flex-start" wrap="wrap">
        <NativeSelect
          aria-label="Field"
          data={fieldData}
          value={param.field}
          onChange={(event) => onChange({ field: event.currentTarget.value })}
        />
        <NativeSelect
          aria-label="Comparison"
          data={comparisons}
          value={param.comparison}
          onChange={(event) =>
            onChange({ comparison: event.currentTarget.value as TDraftParam['comparison'] })
          }
        />
        <ValueEditor
          editor={editor}
          field={param.field}
          value={param.value}
          invalid={Boolean(error)}
          loadOptions={loadOptions}
          onChange={(value) => onChange({ value })}
        />
        <ActionIcon variant="subtle" color="gray" aria-label="Remove condition" onClick={onRemove} mt={4}>
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

export interface TValueEditorProps {
  editor: TValueEditor;
  field: string;
  value: TDraftValue;
  invalid: boolean;
  loadOptions: TLoadFilterOptions | undefined;
  onChange: (value: TDraftValue) => void;
}

const textOf = (value: TDraftValue): string => (typeof value === 'string' ? value : '');

/** One condition value, edited as its kind and comparison need; also the rule dialog's criteria values. */
export function ValueEditor({ editor, field, value, invalid, loadOptions, onChange }: TValueEditorProps) {
  switch (editor) {
    case 'none':
      return null;
    case 'date':
      return (
        <DateField
          aria-label="Value"
          error={invalid}
          value={textOf(value)}
          onChange={(next) => onChange(next)}
        />
      );
    case 'date-range': {
      const [from, to] = Array.isArray(value) ? value : ['', ''];
      return (
        <Group gap={4} wrap="nowrap">
          <DateField
            aria-label="From"
            error={invalid}
            value={from}
            onChange={(next) => onChange([next, to])}
          />
          <DateField aria-label="To" error={invalid} value={to} onChange={(next) => onChange([from, next])} />
        </Group>
      );
    }
    case 'days':
      return (
        <TextInput
          w={120}
          inputMode="numeric"
          aria-label="Days"
          rightSection={<Text size="xs">days</Text>}
          rightSectionWidth={40}
          error={invalid}
          value={textOf(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'amount':
      return (
        <TextInput
          inputMode="decimal"
          aria-label="Value"
          error={invalid}
          value={textOf(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'select':
      return loadOptions ? (
        <OptionsSelect
          field={field}
          value={textOf(value)}
          invalid={invalid}
          loadOptions={loadOptions}
          onChange={onChange}
        />
      ) : null;
    default:
      return (
        <TextInput
          aria-label="Value"
          error={invalid}
          value={textOf(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}

function OptionsSelect({
  field,
  value,
  invalid,
  loadOptions,
  onChange,
}: {
  field: string;
  value: string;
  invalid: boolean;
  loadOptions: TLoadFilterOptions;
  onChange: (value: string) => void;
}) {
  const [options, setOptions] = useState<readonly TFilterOption[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    setOptions(null);
    setFailed(false);
    loadOptions(field, controller.signal).then(
      (loaded) => {
        if (!controller.signal.aborted) setOptions(loaded);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [field, loadOptions]);

  // A stored value no longer offered (e.g. a deleted account) still shows, so it can be seen and changed.
  const data = useMemo(() => {
    const list = (options ?? []).map((option) => ({ value: option.value, label: option.label }));
    return value && !list.some((option) => option.value === value)
      ? [{ value, label: value }, ...list]
      : list;
  }, [options, value]);

  return (
    <Select
      aria-label="Value"
      searchable
      w={200}
      placeholder={failed ? 'Could not load values' : options === null ? 'Loading…' : 'Pick a value'}
      nothingFoundMessage="Nothing found"
      error={invalid}
      data={data}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
