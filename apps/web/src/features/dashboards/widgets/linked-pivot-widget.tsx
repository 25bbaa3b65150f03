import type { TPivotSettings } from '@strata/core/dashboards/widget-settings';
import { LinkedPivotResult } from '../../linked-data/index.ts';
import { EmptyState, type TWidgetViewProps, WidgetRoot } from './widget-parts.tsx';

/**
 * Linked Transactions Pivot: the linked transactions pivot of the saved rows, columns, value and filter,
 * computed by the server (`GET linked_data/transactions_pivot`), excluded rows left out.
 */
export function LinkedPivotWidget({
  data,
  display,
}: TWidgetViewProps<{ repositoryId: string | null; pivot: TPivotSettings }>) {
  return (
    <WidgetRoot display={display} values={null}>
      {data.repositoryId ? (
        <LinkedPivotResult repositoryId={data.repositoryId} settings={data.pivot} />
      ) : (
        <EmptyState>No repository</EmptyState>
      )}
    </WidgetRoot>
  );
}
