import { ActionIcon, Autocomplete, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import type { TFieldTable } from '@strata/core/filters/field-kinds';
import { FILTER_LOGICS, type TFilterLogic } from '@strata/core/filters/filter-model';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { TLoadFilterOptions } from '../../../shared/data-list/api/filter-options.ts';
import { ValueEditor } from '../../../shared/data-list/filter-builder.tsx';
import {
  addGroup,
  addParam,
  comparisonOptions,
  fieldLabel,
  removeGroup,
  removeParam,
  setGroupLogic,
  type TFilterDraft,
  updateParam,
  valueEditorOf,
} from '../../../shared/data-list/filter-draft.ts';
import { LAST_DAY_COUNTS } from '../lib/rule-draft.ts';

const LOGIC_DATA = FILTER_LOGICS.map((logic) => ({ value: logic, label: logic }));

/**
 * The rule's criteria: each one field, with one or more comparisons combined by its AND/OR; all criteria must
 * hold. Names and codes may load their values (autocomplete for equals / does not equal).
 */
export function CriteriaEditor({
  fields,
  value,
  onChange,
  isReadOnly,
  loadOptions,
}: {
  fields: TFieldTable;
  value: TFilterDraft;
  onChange: (draft: TFilterDraft) => void;
  isReadOnly: boolean;
  loadOptions?: TLoadFilterOptions;
}) {
  const fieldData = Object.keys(fields).map((field) => ({ value: field, label: fieldLabel(fields, field) }));
  return (
    <Stack gap="xs" data-testid="rule-criteria">
      {value.groups.length === 0 && (
        <Text size="sm" c="dimmed">
          Add a criterion: the rule acts on the linked transactions that match every criterion.
        </Text>
      )}
      {value.groups.map((group, index) => {
        const field = group.params[0]?.field ?? '';
        const definition = fields[field];
        return (
          <Paper key={group.key} withBorder p="xs" role="group" aria-label={`Criterion ${index + 1}`}>
            <Stack gap={6}>
              <Group gap="xs" wrap="wrap">
                <NativeSelect
                  aria-label="Criterion"
                  data={fieldData}
                  value={field}
                  disabled={isReadOnly}
                  onChange={(event) => {
                    const next = event.currentTarget.value;
                    onChange(
                      group.params.reduce(
                        (draft, param) => updateParam(draft, group.key, param.key, { field: next }, fields),
                        value,
                      ),
                    );
                  }}
                />
                {group.params.length > 1 && (
                  <NativeSelect
                    w={90}
                    aria-label="Combine values with"
                    data={LOGIC_DATA}
                    value={group.logic}
                    disabled={isReadOnly}
                    onChange={(event) =>
                      onChange(setGroupLogic(value, group.key, event.currentTarget.value as TFilterLogic))
                    }
                  />
                )}
                {!isReadOnly && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => onChange(removeGroup(value, group.key))}
                  >
                    Remove criterion
                  </Button>
                )}
              </Group>
              {group.params.map((param) => {
                const editor = definition
                  ? valueEditorOf(
                      definition,
                      param.comparison,
                      Boolean(loadOptions) && definition.kind === 'simple',
                    )
                  : 'text';
                const setValue = (next: typeof param.value) =>
                  onChange(updateParam(value, group.key, param.key, { value: next }, fields));
                return (
                  <Group key={param.key} gap="xs" wrap="wrap" role="group" aria-label="Condition">
                    <NativeSelect
                      aria-label="Comparison"
                      data={definition ? comparisonOptions(definition) : []}
                      value={param.comparison}
                      disabled={isReadOnly}
                      onChange={(event) =>
                        onChange(
                          updateParam(
                            value,
                            group.key,
                            param.key,
                            { comparison: event.currentTarget.value as typeof param.comparison },
                            fields,
                          ),
                        )
                      }
                    />
                    {editor === 'days' ? (
                      <Autocomplete
                        w={130}
                        aria-label="Days"
                        data={[...LAST_DAY_COUNTS]}
                        value={typeof param.value === 'string' ? param.value : ''}
                        disabled={isReadOnly}
                        rightSection={<Text size="xs">days</Text>}
                        onChange={setValue}
                      />
                    ) : (
                      <ValueEditor
                        editor={editor}
                        field={field}
                        value={param.value}
                        invalid={false}
                        loadOptions={loadOptions}
                        onChange={setValue}
                      />
                    )}
                    {!isReadOnly && group.params.length > 1 && (
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label="Remove condition"
                        onClick={() => onChange(removeParam(value, group.key, param.key))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                );
              })}
              {!isReadOnly && (
                <Group>
                  <Button
                    size="compact-xs"
                    variant="light"
                    leftSection={<IconPlus size={12} />}
                    onClick={() => {
                      const added = addParam(value, group.key, fields);
                      const last = added.groups
                        .find((candidate) => candidate.key === group.key)
                        ?.params.at(-1);
                      onChange(last ? updateParam(added, group.key, last.key, { field }, fields) : added);
                    }}
                  >
                    Add value
                  </Button>
                </Group>
              )}
            </Stack>
          </Paper>
        );
      })}
      {!isReadOnly && (
        <Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange(addGroup(value, fields))}
          >
            Add criterion
          </Button>
        </Group>
      )}
    </Stack>
  );
}
