import type { TLinkedData } from './return-widgets.ts';
import { EmptyState, type TWidgetViewProps, WidgetRoot } from './widget-parts.tsx';

/**
 * Linked Transactions and Linked Transactions Pivot: linked data comes with connectors (seed 001); until a
 * connector has brought some in, the widget says so.
 */
export function LinkedTransactionsWidget({ data, display }: TWidgetViewProps<TLinkedData>) {
  return (
    <WidgetRoot display={display} values={null}>
      <EmptyState>{data.emptyMessage ?? 'Linked transactions arrive with connectors'}</EmptyState>
    </WidgetRoot>
  );
}
