import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import type { TPriceSource } from '@strata/contracts/repositories';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { useState } from 'react';

/** Moves the item at `from` to `to` (indices in the original list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

const SOURCE_LABELS: Record<TPriceSource, string> = {
  override: 'Override',
  manual: 'Manual',
  csv: 'CSV file',
  connector: 'Connector',
  'security master adjusted': 'Security master adjusted',
  'security master': 'Security master',
};

/**
 * The order in which price sources win, highest first. The owner reorders by dragging (or with the
 * arrow buttons, for keyboards); everyone else sees the order only.
 */
export function PriceSourcePrecedence({
  value,
  onChange,
  isEditable,
}: {
  value: readonly TPriceSource[];
  onChange: (next: TPriceSource[]) => void;
  isEditable: boolean;
}) {
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  return (
    <Stack gap={4} aria-label="Price source precedence">
      <Text size="sm" fw={500}>
        Price source precedence
      </Text>
      <Text size="xs" c="dimmed">
        When several prices exist for one day, the source higher in this list wins.
      </Text>
      {value.map((source, index) => (
        <Paper
          key={source}
          withBorder
          px="xs"
          py={4}
          draggable={isEditable}
          data-testid={`price-source-${index}`}
          onDragStart={() => setDragIndex(index)}
          onDragOver={(event) => {
            if (isEditable && dragIndex !== null) event.preventDefault();
          }}
          onDrop={(event) => {
            event.preventDefault();
            if (dragIndex !== null) onChange(moveItem(value, dragIndex, index));
            setDragIndex(null);
          }}
          onDragEnd={() => setDragIndex(null)}
          style={{
            cursor: isEditable ? 'grab' : undefined,
            opacity: dragIndex === index ? 0.5 : 1,
            transition: 'opacity 200ms',
          }}
        >
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              {isEditable && <IconGripVertical size={14} aria-hidden />}
              <Text size="sm">
                {index + 1}. {SOURCE_LABELS[source]}
              </Text>
            </Group>
            {isEditable && (
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={`Move ${SOURCE_LABELS[source]} up`}
                  disabled={index === 0}
                  onClick={() => onChange(moveItem(value, index, index - 1))}
                >
                  <IconArrowUp size={14} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={`Move ${SOURCE_LABELS[source]} down`}
                  disabled={index === value.length - 1}
                  onClick={() => onChange(moveItem(value, index, index + 1))}
                >
                  <IconArrowDown size={14} />
                </ActionIcon>
              </Group>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
