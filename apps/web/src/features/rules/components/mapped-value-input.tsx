import {
  ActionIcon,
  Checkbox,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TMappedDraft } from '../lib/rule-draft.ts';

/**
 * One value of a mapped transaction: fixed (the `fixed` editor), read from the linked transaction's source by
 * a JSON path (typed, or picked in the JSON modal), or — for an account — the context account.
 */
export function MappedValueInput({
  label,
  value,
  onChange,
  fixed,
  onPickPath,
  withContextAccount = false,
  isReadOnly,
}: {
  label: string;
  value: TMappedDraft;
  onChange: (value: TMappedDraft) => void;
  fixed: ReactNode;
  onPickPath: () => Promise<string | null>;
  withContextAccount?: boolean;
  isReadOnly: boolean;
}) {
  const isContext = withContextAccount && value.useContextAccount === true;
  return (
    <Stack gap={4} role="group" aria-label={label}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Group gap="xs">
          {withContextAccount && (
            <Checkbox
              size="xs"
              label="Context account"
              checked={isContext}
              disabled={isReadOnly}
              onChange={(event) =>
                onChange({
                  isMappedFromJson: false,
                  value: '',
                  useContextAccount: event.currentTarget.checked,
                })
              }
            />
          )}
          {!isContext && (
            <SegmentedControl
              size="xs"
              aria-label={`${label}: source`}
              disabled={isReadOnly}
              data={[
                { value: 'fixed', label: 'Fixed' },
                { value: 'json', label: 'From JSON' },
              ]}
              value={value.isMappedFromJson ? 'json' : 'fixed'}
              onChange={(mode) => onChange({ isMappedFromJson: mode === 'json', value: '' })}
            />
          )}
        </Group>
      </Group>
      {isContext ? (
        <Text size="xs" c="dimmed">
          The repository account the linked account is mapped to.
        </Text>
      ) : value.isMappedFromJson ? (
        <TextInput
          aria-label={`${label}: JSON path`}
          placeholder="$.memo"
          value={value.value}
          disabled={isReadOnly}
          onChange={(event) => onChange({ ...value, value: event.currentTarget.value })}
          rightSection={
            <Tooltip label="Pick from the source">
              <ActionIcon
                variant="subtle"
                aria-label={`${label}: pick from JSON`}
                disabled={isReadOnly}
                onClick={async () => {
                  const path = await onPickPath();
                  if (path) onChange({ ...value, value: path });
                }}
              >
                <IconBraces size={16} />
              </ActionIcon>
            </Tooltip>
          }
        />
      ) : (
        fixed
      )}
    </Stack>
  );
}
