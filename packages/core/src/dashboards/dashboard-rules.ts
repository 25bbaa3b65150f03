// Dashboard view rules: a name, a slug unique among the user's dashboards of one type and repository, and
// widgets of known kinds whose layout fits the grid. Overlaps are allowed (the web's grid packs them).
import { isBlank, requiredText } from '../validation/field-rules.ts';
import { MESSAGES } from '../validation/messages.ts';
import { findWidgetKind, GRID_COLUMNS, type TDashboardType } from './widget-kinds.ts';
import { validateWidgetSettings } from './widget-settings.ts';

export const MAX_WIDGETS = 60;
/** Rows a widget or a dashboard may reach: far beyond any real layout, short of a runaway one. */
export const MAX_WIDGET_HEIGHT = 40;
export const MAX_GRID_ROW = 1000;

export interface TWidget {
  id: string;
  kind: string;
  layout: { x: number; y: number; w: number; h: number };
  settings: Record<string, unknown>;
}

export interface TFieldError {
  field: string;
  message: string;
}

/** 'My Overview!' → 'my-overview'; never empty. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'dashboard';
}

/** The first of slug, slug-2, slug-3 … not in `taken`. */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

const isWhole = (value: unknown, min: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min;

export function validateName(name: unknown): TFieldError[] {
  const result = requiredText(name);
  return result.ok ? [] : [{ field: 'name', message: result.message }];
}

/** Widgets of known kinds, unique ids, layouts inside the grid of `type`, settings of the schema. */
export function validateWidgets(widgets: readonly TWidget[], type: TDashboardType): TFieldError[] {
  const errors: TFieldError[] = [];
  if (widgets.length > MAX_WIDGETS)
    errors.push({ field: 'widgets', message: `At most ${MAX_WIDGETS} widgets` });
  const columns = GRID_COLUMNS[type];
  const ids = new Set<string>();
  widgets.forEach((widget, index) => {
    const at = `widgets.${index}`;
    if (isBlank(widget.id)) errors.push({ field: `${at}.id`, message: MESSAGES.REQUIRED });
    else if (ids.has(widget.id)) errors.push({ field: `${at}.id`, message: 'Widget ids must be unique' });
    ids.add(widget.id);
    if (!findWidgetKind(widget.kind))
      errors.push({ field: `${at}.kind`, message: `Unknown widget kind: ${widget.kind}` });
    const { x, y, w, h } = widget.layout;
    if (!isWhole(x, 0) || !isWhole(y, 0) || !isWhole(w, 1) || !isWhole(h, 1)) {
      errors.push({ field: `${at}.layout`, message: 'x and y must be whole numbers from 0, w and h from 1' });
    } else if (x + w > columns) {
      errors.push({
        field: `${at}.layout`,
        message: `Must fit the ${columns} columns of a ${type} dashboard (x + w at most ${columns})`,
      });
    } else if (h > MAX_WIDGET_HEIGHT || y + h > MAX_GRID_ROW) {
      errors.push({
        field: `${at}.layout`,
        message: `h must be at most ${MAX_WIDGET_HEIGHT} and y + h at most ${MAX_GRID_ROW}`,
      });
    }
    for (const problem of validateWidgetSettings(widget.settings))
      errors.push({
        field: problem.path ? `${at}.settings.${problem.path}` : `${at}.settings`,
        message: problem.message,
      });
  });
  return errors;
}
