import { ActionIcon, Button, Group, MultiSelect, NativeSelect, Stack, TextInput } from '@mantine/core';
import { TAGGING_ACTION_TYPES, type TTaggingActionType } from '@strata/core/rules/rule-model';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  newTaggingAction,
  SIGN_LABELS,
  TAGGING_ACTION_LABELS,
  type TTaggingActionDraft,
} from '../lib/rule-draft.ts';

const TYPE_DATA = TAGGING_ACTION_TYPES.map((type) => ({ value: type, label: TAGGING_ACTION_LABELS[type] }));
const SIGN_DATA = Object.entries(SIGN_LABELS).map(([value, label]) => ({ value, label }));

/** Tagging actions: add tags, set category / subcategory / counterparty, set the sign. */
export function TaggingActionsEditor({
  value,
  onChange,
  tagOptions,
  isReadOnly,
}: {
  value: TTaggingActionDraft[];
  onChange: (actions: TTaggingActionDraft[]) => void;
  tagOptions: { value: string; label: string }[];
  isReadOnly: boolean;
}) {
  const patch = (key: string, change: Partial<TTaggingActionDraft>) =>
    onChange(value.map((action) => (action.key === key ? { ...action, ...change } : action)));
  return (
    <Stack gap="xs" data-testid="rule-actions">
      {value.map((action) => (
        <Group key={action.key} gap="xs" wrap="wrap" role="group" aria-label="Action">
          <NativeSelect
            aria-label="Action"
            data={TYPE_DATA}
            value={action.type}
            disabled={isReadOnly}
            onChange={(event) => {
              const type = event.currentTarget.value as TTaggingActionType;
              patch(action.key, { type, tag_ids: [], value: type === 'set_sign' ? 'flip_sign' : '' });
            }}
          />
          {action.type === 'add_tag' ? (
            <MultiSelect
              aria-label="Tags"
              miw={220}
              searchable
              placeholder="Pick tags"
              nothingFoundMessage="No tags yet"
              data={tagOptions}
              value={action.tag_ids}
              disabled={isReadOnly}
              onChange={(tag_ids) => patch(action.key, { tag_ids })}
              comboboxProps={{ withinPortal: true }}
            />
          ) : action.type === 'set_sign' ? (
            <NativeSelect
              aria-label="Sign"
              data={SIGN_DATA}
              value={action.value}
              disabled={isReadOnly}
              onChange={(event) => patch(action.key, { value: event.currentTarget.value })}
            />
          ) : (
            <TextInput
              aria-label="Value"
              maxLength={255}
              value={action.value}
              disabled={isReadOnly}
              onChange={(event) => patch(action.key, { value: event.currentTarget.value })}
            />
          )}
          {!isReadOnly && (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Remove action"
              onClick={() => onChange(value.filter((candidate) => candidate.key !== action.key))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {!isReadOnly && (
        <Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...value, newTaggingAction()])}
          >
            Add action
          </Button>
        </Group>
      )}
    </Stack>
  );
}
