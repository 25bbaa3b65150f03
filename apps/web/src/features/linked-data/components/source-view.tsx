import { Alert, Center, Code, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { modals } from '../../../shared/modals/modal-store.ts';
import { useLinkedTransactionSource } from '../api/linked-transactions.ts';

/** Linked seed §2/§8: the source view's texts. */
export const SOURCE_VIEW_TEXTS = {
  TITLE: 'JSON data',
  LOADING: 'Loading JSON data...',
  FAILED: 'Failed to load JSON data',
} as const;

/** What a source query answers: the record's JSON as the statement gave it. */
export interface TSourceQuery {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data?: { source: unknown };
}

/** The 'JSON data' panel's body for any linked record's source query: loading, failure, or the JSON. */
export function JsonSourceBody({ source }: { source: TSourceQuery }) {
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
        {source.error?.message}
      </Alert>
    );
  }
  return (
    <ScrollArea.Autosize mah="calc(100vh - 120px)">
      <Code block data-testid="json-data">
        {JSON.stringify(source.data?.source, null, 2)}
      </Code>
    </ScrollArea.Autosize>
  );
}

/** Opens one 'JSON data' side panel per modal id (another row replaces it). */
export function openJsonSourcePanel(id: string, render: () => ReactNode): void {
  modals.open({ id, kind: 'slidepanel', size: 'md', title: SOURCE_VIEW_TEXTS.TITLE, render });
}

/** The row's JSON source, as the statement file gave it (`GET linked_data/transactions/{id}`). */
export function SourceView({ transactionId }: { transactionId: string }) {
  return <JsonSourceBody source={useLinkedTransactionSource(transactionId)} />;
}

/** Opens the 'JSON data' side panel over whatever is on screen (one at a time: a new row replaces it). */
export function openSourceView(transactionId: string): void {
  openJsonSourcePanel('linked-source-view', () => (
    <SourceView key={transactionId} transactionId={transactionId} />
  ));
}
