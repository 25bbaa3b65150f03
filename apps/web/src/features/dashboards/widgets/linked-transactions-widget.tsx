import { LinkedTransactionsPreview } from '../../linked-data/index.ts';
import { EmptyState, type TWidgetViewProps, WidgetRoot } from './widget-parts.tsx';

/**
 * Linked Transactions: the repository's newest linked transactions and a link to the list. Linked data is
 * not part of the analytics result, so the widget asks the linked transactions API itself.
 */
export function LinkedTransactionsWidget({
  data,
  display,
}: TWidgetViewProps<{ repositoryId: string | null }>) {
  return (
    <WidgetRoot display={display} values={null}>
      {data.repositoryId ? (
        <LinkedTransactionsPreview repositoryId={data.repositoryId} />
      ) : (
        <EmptyState>No repository</EmptyState>
      )}
    </WidgetRoot>
  );
}
