// The public entry of this feature: what other features may use. Everything else is its own business.
import { lazy } from 'react';

export { useDashboardAnalytics } from './api/analytics.ts';
export { TimelineControls } from './timeline/timeline-controls.tsx';
export { useTimelineSettings } from './timeline/use-timeline-settings.ts';
export type { THistoryBars } from './widgets/history-bars-widget.tsx';
export { INCOME_PIVOT_CATALOGUE } from './widgets/income-widgets.ts';
export { formatMoney, formatMultiple, formatPercent } from './widgets/number-format.ts';
export { pivotBySettings, type TPivotField, type TPivotMeasure } from './widgets/pivot.ts';
export { PivotTableWidget } from './widgets/pivot-table-widget.tsx';
export { irrReasonText, PERIOD_RETURN_CAPTION } from './widgets/return-widgets.ts';
export { VALUE_PIVOT_CATALOGUE } from './widgets/value-widgets.ts';
export type { TWidgetDisplay } from './widgets/widget-parts.tsx';

// The chart loads @mantine/charts: only when a page shows it, so the entry hands it out lazily.
export const HistoryBarsWidget = lazy(() =>
  import('./widgets/history-bars-widget.tsx').then((m) => ({ default: m.HistoryBarsWidget })),
);
