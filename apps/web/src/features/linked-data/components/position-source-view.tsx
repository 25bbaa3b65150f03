import { Alert, Center, Code, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { modals } from '../../../shared/modals/modal-store.ts';
import { useLinkedPositionSource } from '../api/linked-positions.ts';
import { SOURCE_VIEW_TEXTS } from './source-view.tsx';

/** The position's JSON source as the statement gave it (`GET linked_data/positions/{id}`); seed §2, §8 texts. */
export function PositionSourceView({
  positionId,
  repositoryId,
}: {
  positionId: string;
  repositoryId: string;
}) {
  const source = useLinkedPositionSource(positionId, repositoryId);
  if (source.isPending) {
    return (
      <Center h={160}>
        <Stack align="center" gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {SOURCE_VIEW_TEXTS.LOADING}
          </Text>
        </Stack>
      </Center>
    );
  }
  if (source.isError) {
    return (
      <Alert color="red" title={SOURCE_VIEW_TEXTS.FAILED}>
        {source.error.message}
      </Alert>
    );
  }
  return (
    <ScrollArea.Autosize mah="calc(100vh - 120px)">
      <Code block data-testid="json-data">
        {JSON.stringify(source.data.source, null, 2)}
      </Code>
    </ScrollArea.Autosize>
  );
}

/** Opens the 'JSON data' side panel for a position (one at a time: another row replaces it). */
export function openPositionSourceView(positionId: string, repositoryId: string): void {
  modals.open({
    id: 'linked-position-source-view',
    kind: 'slidepanel',
    size: 'md',
    title: SOURCE_VIEW_TEXTS.TITLE,
    render: () => <PositionSourceView key={positionId} positionId={positionId} repositoryId={repositoryId} />,
  });
}
