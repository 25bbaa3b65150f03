// The settings a dashboard widget saves (scope, grouping, period, precision, pivot, title) and their check.
// One schema serves every kind — the web saves the whole settings object whatever the kind — and each kind
// lists the fields its form shows (widget-kinds.ts). Keys outside the schema are refused so a typo does not
// quietly become a setting that nothing reads.
import { SCOPE_KINDS } from '../analytics/analytics-types.ts';

export const GROUPINGS = ['account', 'asset', 'tag'] as const;
/** 'timeline': the whole timeline added up; 'last': the last period only. */
export const PERIOD_MODES = ['timeline', 'last'] as const;
export const MAX_PRECISION = 8;
const MAX_SETTING_TEXT = 200;
const MAX_FILTER_VALUES = 200;

export interface TPivotSettings {
  rows: string;
  columns: string;
  value: string;
  filter: { field: string; values: string[] } | null;
}

export interface TWidgetSettings {
  title: string;
  scope_kind: (typeof SCOPE_KINDS)[number];
  /** 'repository', an account or asset id, or 'Name=Value' for a tag. */
  scope_id: string;
  grouping: (typeof GROUPINGS)[number];
  /** The tag whose values a 'tag' grouping uses. */
  tag_name: string;
  period: (typeof PERIOD_MODES)[number];
  /** Decimal places of amounts (seed §9: default 0). */
  precision: number;
  pivot: TPivotSettings;
}

export type TSettingName = keyof TWidgetSettings;

export const BASE_SETTINGS: TWidgetSettings = {
  title: '',
  scope_kind: 'repository',
  scope_id: 'repository',
  grouping: 'account',
  tag_name: 'Category',
  period: 'timeline',
  precision: 0,
  pivot: { rows: 'scope', columns: 'period', value: 'value_end', filter: null },
};

export interface TSettingError {
  /** Path inside the settings object: 'precision', 'pivot.rows'. */
  path: string;
  message: string;
}

const oneOf = (list: readonly string[]) => `Must be one of: ${list.join(', ')}`;

function text(value: unknown, path: string, errors: TSettingError[], isRequired = false): void {
  if (typeof value !== 'string') errors.push({ path, message: 'Must be text' });
  else if (value.length > MAX_SETTING_TEXT)
    errors.push({ path, message: `At most ${MAX_SETTING_TEXT} characters` });
  else if (isRequired && value.trim() === '') errors.push({ path, message: 'Field is required' });
}

function choice(value: unknown, list: readonly string[], path: string, errors: TSettingError[]): void {
  if (typeof value !== 'string' || !list.includes(value)) errors.push({ path, message: oneOf(list) });
}

function checkPivot(raw: unknown, errors: TSettingError[]): void {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    errors.push({ path: 'pivot', message: 'Must be an object with rows, columns and value' });
    return;
  }
  const pivot = raw as Record<string, unknown>;
  for (const key of Object.keys(pivot))
    if (!['rows', 'columns', 'value', 'filter'].includes(key))
      errors.push({ path: `pivot.${key}`, message: 'Unknown setting' });
  for (const key of ['rows', 'columns', 'value'] as const)
    if (key in pivot) text(pivot[key], `pivot.${key}`, errors, true);
  const filter = pivot.filter;
  if (filter === undefined || filter === null) return;
  const shape = filter as { field?: unknown; values?: unknown };
  if (typeof filter !== 'object' || Array.isArray(filter)) {
    errors.push({ path: 'pivot.filter', message: 'Must be null or { field, values }' });
    return;
  }
  text(shape.field, 'pivot.filter.field', errors, true);
  if (
    !Array.isArray(shape.values) ||
    shape.values.length > MAX_FILTER_VALUES ||
    !shape.values.every((value) => typeof value === 'string' && value.length <= MAX_SETTING_TEXT)
  ) {
    errors.push({
      path: 'pivot.filter.values',
      message: `Must be a list of at most ${MAX_FILTER_VALUES} texts`,
    });
  }
}

/** Every problem of a widget's settings; a partial object is fine (missing keys take the kind's defaults). */
export function validateWidgetSettings(raw: unknown): TSettingError[] {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return [{ path: '', message: 'Settings must be an object' }];
  const settings = raw as Record<string, unknown>;
  const errors: TSettingError[] = [];
  for (const [key, value] of Object.entries(settings)) {
    switch (key as TSettingName) {
      case 'title':
        text(value, key, errors);
        break;
      case 'scope_id':
      case 'tag_name':
        text(value, key, errors, true);
        break;
      case 'scope_kind':
        choice(value, SCOPE_KINDS, key, errors);
        break;
      case 'grouping':
        choice(value, GROUPINGS, key, errors);
        break;
      case 'period':
        choice(value, PERIOD_MODES, key, errors);
        break;
      case 'precision':
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_PRECISION)
          errors.push({ path: key, message: `Must be a whole number from 0 to ${MAX_PRECISION}` });
        break;
      case 'pivot':
        checkPivot(value, errors);
        break;
      default:
        errors.push({ path: key, message: 'Unknown setting' });
    }
  }
  return errors;
}
