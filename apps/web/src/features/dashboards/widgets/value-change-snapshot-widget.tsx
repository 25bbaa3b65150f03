import { Group, Stack, Text } from '@mantine/core';
import type { TSnapshot } from './value-widgets.ts';
import { EmptyState, NumberText, type TWidgetViewProps, WidgetRoot } from './widget-parts.tsx';

/** Value Change Snapshot: opening value, what moved it, closing value. */
export function ValueChangeSnapshotWidget({ data, display }: TWidgetViewProps<TSnapshot | null>) {
  const values = Object.fromEntries(data?.lines.map((line) => [line.key, line.value]) ?? []);
  return (
    <WidgetRoot display={display} values={values}>
      {data === null ? (
        <EmptyState>No value in this timeline</EmptyState>
      ) : (
        <Stack gap={4}>
          {data.lines.map((line) => (
            <Group
              key={line.key}
              justify="space-between"
              wrap="nowrap"
              pl={line.isTotal ? 0 : line.isPart ? 'xl' : 'md'}
              data-line={line.key}
            >
              <Text size="sm" fw={line.isTotal ? 700 : 400} c={line.isPart ? 'dimmed' : undefined}>
                {line.label}
              </Text>
              <NumberText
                value={line.value}
                view={display}
                fw={line.isTotal ? 700 : 400}
                c={line.isPart ? 'dimmed' : undefined}
              />
            </Group>
          ))}
        </Stack>
      )}
    </WidgetRoot>
  );
}
