// Which scope kinds a dashboard asks the analytics for. Without `scopes` the server answers rows for every
// kind: at 100k transactions over 1,000 assets, every asset and every position each month is hundreds of MiB
// that no widget reads, where a board's own kinds come to a few MiB.
import { DEFAULT_IRR_SCOPE_KINDS, SCOPE_KINDS, type TScopeKind } from '../analytics/analytics-types.ts';
import type { TWidgetKind } from './widget-kinds.ts';
import type { TWidgetSettings } from './widget-settings.ts';

/** Kinds read whatever the settings say: Accounts By Type adds up the holding accounts. */
const FIXED_SCOPE_KINDS: Readonly<Record<string, readonly TScopeKind[]>> = {
  'Accounts By Type': ['account'],
};

/** What a grouping spreads over: holding accounts, assets, or the values of one tag. */
const GROUPING_SCOPE_KINDS: Readonly<Record<TWidgetSettings['grouping'], TScopeKind>> = {
  account: 'account',
  asset: 'asset',
  tag: 'tag',
};

/**
 * While a widget's settings are edited, its scope field offers every scope of the result but positions
 * (widget-registry's scopeOptions), so the board asks for all of those.
 */
export const EDITING_SCOPE_KINDS: readonly TScopeKind[] = SCOPE_KINDS.filter((kind) => kind !== 'position');

/**
 * The scope kinds a widget reads: the repository (every board's totals), the kind of its chosen scope when it
 * has a scope setting, the kind its grouping spreads over when it has a grouping setting, and any fixed ones.
 */
export function widgetScopeKinds(
  kind: TWidgetKind,
  settings: Pick<TWidgetSettings, 'scope_kind' | 'grouping'>,
): TScopeKind[] {
  const kinds = new Set<TScopeKind>(['repository', ...(FIXED_SCOPE_KINDS[kind.kind] ?? [])]);
  if (kind.datasets.length === 0) return ['repository'];
  if (kind.settings.includes('scope_id')) kinds.add(settings.scope_kind);
  if (kind.settings.includes('grouping')) kinds.add(GROUPING_SCOPE_KINDS[settings.grouping]);
  return SCOPE_KINDS.filter((scope) => kinds.has(scope));
}

/** The union over a board's widgets, in SCOPE_KINDS order, so equal boards make equal requests. */
export function boardScopeKinds(
  widgets: ReadonlyArray<{ kind: TWidgetKind; settings: Pick<TWidgetSettings, 'scope_kind' | 'grouping'> }>,
): TScopeKind[] {
  const kinds = new Set<TScopeKind>(['repository']);
  for (const widget of widgets)
    for (const scope of widgetScopeKinds(widget.kind, widget.settings)) kinds.add(scope);
  return SCOPE_KINDS.filter((scope) => kinds.has(scope));
}

/**
 * The scope kinds whose IRR a board asks to be solved (issue 18): null — the server's default, repository,
 * account and tag — unless an IRR and MOIC widget groups by asset, which adds the asset IRRs (each costs a
 * solve, so only a board that shows them asks).
 */
export function boardIrrScopeKinds(
  widgets: ReadonlyArray<{ kind: TWidgetKind; settings: Pick<TWidgetSettings, 'grouping'> }>,
): TScopeKind[] | null {
  const isByAsset = widgets.some(
    (widget) => widget.kind.kind === 'IRR and MOIC' && widget.settings.grouping === 'asset',
  );
  if (!isByAsset) return null;
  return SCOPE_KINDS.filter((kind) => kind === 'asset' || DEFAULT_IRR_SCOPE_KINDS.includes(kind));
}
