import { Box, Code, Stack, Text, UnstyledButton } from '@mantine/core';
import { childPath } from '@strata/core/rules/json-path';

/** The linked transaction's source as a tree; clicking a node picks its JSON path (seed §2 'JSON modal'). */
export function JsonPathPicker({ sample, onPick }: { sample: unknown; onPick: (path: string) => void }) {
  if (sample === null || sample === undefined) {
    return <Text c="dimmed">No linked transaction to read a source from yet: type the path instead.</Text>;
  }
  return (
    <Stack gap={2} data-testid="json-path-picker" style={{ fontFamily: 'monospace', fontSize: 13 }}>
      <JsonNode name="$" path="$" value={sample} onPick={onPick} depth={0} />
    </Stack>
  );
}

function JsonNode({
  name,
  path,
  value,
  onPick,
  depth,
}: {
  name: string;
  path: string;
  value: unknown;
  onPick: (path: string) => void;
  depth: number;
}) {
  const isBranch = value !== null && typeof value === 'object';
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : isBranch
      ? Object.entries(value as Record<string, unknown>)
      : [];
  return (
    <Box pl={depth === 0 ? 0 : 16}>
      <UnstyledButton onClick={() => onPick(path)} aria-label={`Pick ${path}`}>
        <Text span fw={600} size="sm">
          {name}
        </Text>
        {!isBranch && (
          <Text span size="sm">
            : <Code>{JSON.stringify(value)}</Code>
          </Text>
        )}
      </UnstyledButton>
      {entries.map(([key, child]) => (
        <JsonNode
          key={String(key)}
          name={String(key)}
          path={childPath(path, key)}
          value={child}
          onPick={onPick}
          depth={depth + 1}
        />
      ))}
    </Box>
  );
}
