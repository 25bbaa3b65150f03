import { Alert, Center, Code, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { modals } from '../../../shared/modals/modal-store.ts';
import { useLinkedTransactionSource } from '../api/linked-transactions.ts';

/** Linked seed §2/§8: the source view's texts. */
export const SOURCE_VIEW_TEXTS = {
  TITLE: 'JSON data',
  LOADING: 'Loading JSON data...',
  FAILED: 'Failed to load JSON data',
} as const;

/** The row's JSON source, as the statement file gave it (`GET linked_data/transactions/{id}`). */
export function SourceView({ transactionId }: { transactionId: string }) {
  const source = useLinkedTransactionSource(transactionId);
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

/** Opens the 'JSON data' side panel over whatever is on screen (one at a time: a new row replaces it). */
export function openSourceView(transactionId: string): void {
  modals.open({
    id: 'linked-source-view',
    kind: 'slidepanel',
    size: 'md',
    title: SOURCE_VIEW_TEXTS.TITLE,
    render: () => <SourceView key={transactionId} transactionId={transactionId} />,
  });
}
