// The plan gate of dashboards: a plan's `dashboard_widgets` ('all' or a list of kinds) decides which kinds a
// user may put on a dashboard. A widget already saved on the view keeps its place after a downgrade (the
// user can still move, resize or delete it); only kinds being added are refused.
import type { TWidget } from './dashboard-rules.ts';
import { allowedWidgetKinds } from './widget-kinds.ts';

export interface TWidgetPlan {
  id: string;
  name: string;
  dashboard_widgets: 'all' | readonly string[];
}

/** Kinds of `widgets` outside the plan, each once, except widgets already saved (same id and kind). */
export function refusedWidgetKinds(
  widgets: readonly Pick<TWidget, 'id' | 'kind'>[],
  planWidgets: TWidgetPlan['dashboard_widgets'],
  saved: readonly Pick<TWidget, 'id' | 'kind'>[] = [],
): string[] {
  const allowed = new Set(allowedWidgetKinds(planWidgets));
  const kept = new Set(saved.map((widget) => `${widget.id}\u0000${widget.kind}`));
  const refused = widgets
    .filter((widget) => !allowed.has(widget.kind) && !kept.has(`${widget.id}\u0000${widget.kind}`))
    .map((widget) => widget.kind);
  return [...new Set(refused)];
}

/** The plan to offer: the one allowing all of `kinds` with the fewest kinds in all (the smallest step up). */
export function upgradePlanForKinds<T extends TWidgetPlan>(
  plans: readonly T[],
  kinds: readonly string[],
): T | undefined {
  const size = (plan: T) => allowedWidgetKinds(plan.dashboard_widgets).length;
  return plans
    .filter((plan) => {
      const allowed = allowedWidgetKinds(plan.dashboard_widgets);
      return kinds.every((kind) => allowed.includes(kind));
    })
    .sort((a, b) => size(a) - size(b))[0];
}

export function widgetsNotInPlanMessage(kinds: readonly string[]): string {
  return kinds.length === 1
    ? `${kinds[0]} is not available on your plan`
    : `${kinds.join(', ')} are not available on your plan`;
}

export function upgradeForWidgetsMessage(planName: string): string {
  return `These widgets are available on the ${planName} plan.`;
}
