// The one pivot every pivot widget uses: group rows by a row key and a column key, add up a value, and
// keep a filter. A missing value (null) makes its cell and totals null, so a sum never hides a gap as 0.

/** A field rows can be grouped or filtered by: its text, and what orders its keys (periods by index). */
export interface TPivotField<TRow> {
  label: string;
  key: (row: TRow) => string;
  order?: (row: TRow) => number | string;
}

/** A number a pivot adds up. `additive: false` (returns, ratios) leaves totals out. */
export interface TPivotMeasure<TRow> {
  label: string;
  value: (row: TRow) => number | null;
  additive?: boolean;
  format?: 'money' | 'percent' | 'multiple';
}

export interface TPivotSpec<TRow> {
  rows: TPivotField<TRow>;
  columns: TPivotField<TRow>;
  measure: TPivotMeasure<TRow>;
  /** Keep a row when it passes (all rows otherwise). */
  filter?: (row: TRow) => boolean;
}

/** undefined: no row fell in the cell; null: a row did, and its value is missing. */
export type TPivotCell = number | null | undefined;

export interface TPivotTable {
  rowKeys: string[];
  columnKeys: string[];
  /** cells[row][column]. */
  cells: TPivotCell[][];
  /** null for a non-additive measure. */
  rowTotals: TPivotCell[] | null;
  columnTotals: TPivotCell[] | null;
  total: TPivotCell;
  format: 'money' | 'percent' | 'multiple';
}

function add(total: TPivotCell, value: TPivotCell): TPivotCell {
  if (value === undefined) return total;
  if (total === null || value === null) return null;
  return (total ?? 0) + value;
}

function orderedKeys<TRow>(rows: readonly TRow[], field: TPivotField<TRow>): string[] {
  const first = new Map<string, number | string>();
  for (const row of rows) {
    const key = field.key(row);
    if (!first.has(key)) first.set(key, field.order ? field.order(row) : key);
  }
  return [...first.entries()]
    .sort(([keyA, a], [keyB, b]) =>
      a < b ? -1 : a > b ? 1 : keyA.localeCompare(keyB, undefined, { numeric: true }),
    )
    .map(([key]) => key);
}

export function pivot<TRow>(rows: readonly TRow[], spec: TPivotSpec<TRow>): TPivotTable {
  const kept = spec.filter ? rows.filter(spec.filter) : [...rows];
  const rowKeys = orderedKeys(kept, spec.rows);
  const columnKeys = orderedKeys(kept, spec.columns);
  const rowIndex = new Map(rowKeys.map((key, index) => [key, index]));
  const columnIndex = new Map(columnKeys.map((key, index) => [key, index]));
  const cells: TPivotCell[][] = rowKeys.map(() => columnKeys.map(() => undefined));
  for (const row of kept) {
    const r = rowIndex.get(spec.rows.key(row)) as number;
    const c = columnIndex.get(spec.columns.key(row)) as number;
    const line = cells[r] as TPivotCell[];
    line[c] = add(line[c], spec.measure.value(row));
  }
  const additive = spec.measure.additive !== false;
  const sumOf = (values: readonly TPivotCell[]) => values.reduce<TPivotCell>(add, undefined);
  const rowTotals = additive ? cells.map(sumOf) : null;
  const columnTotals = additive ? columnKeys.map((_, c) => sumOf(cells.map((line) => line[c]))) : null;
  return {
    rowKeys,
    columnKeys,
    cells,
    rowTotals,
    columnTotals,
    total: rowTotals ? sumOf(rowTotals) : undefined,
    format: spec.measure.format ?? 'money',
  };
}

/** The values a filter can pick from: each key of `field` among the rows, in order. */
export function fieldValues<TRow>(rows: readonly TRow[], field: TPivotField<TRow>): string[] {
  return orderedKeys(rows, field);
}

/**
 * A pivot from saved settings: field and measure names looked up in a dataset's catalogue; unknown names
 * fall back to the catalogue's first entries so a stale setting still draws something sensible.
 */
export function pivotBySettings<TRow>(
  rows: readonly TRow[],
  catalogue: {
    fields: Readonly<Record<string, TPivotField<TRow>>>;
    measures: Readonly<Record<string, TPivotMeasure<TRow>>>;
  },
  settings: {
    rows: string;
    columns: string;
    value: string;
    filter?: { field: string; values: readonly string[] } | null;
  },
  baseFilter?: (row: TRow) => boolean,
): TPivotTable {
  const fieldNames = Object.keys(catalogue.fields);
  const pick = (name: string, fallback: string) =>
    (catalogue.fields[name] ?? catalogue.fields[fallback]) as TPivotField<TRow>;
  const measure = (catalogue.measures[settings.value] ??
    Object.values(catalogue.measures)[0]) as TPivotMeasure<TRow>;
  const filterField = settings.filter ? catalogue.fields[settings.filter.field] : undefined;
  const allowed = new Set(settings.filter?.values ?? []);
  return pivot(rows, {
    rows: pick(settings.rows, fieldNames[0] as string),
    columns: pick(settings.columns, fieldNames[1] as string),
    measure,
    filter: (row) =>
      (baseFilter ? baseFilter(row) : true) &&
      (!filterField || allowed.size === 0 || allowed.has(filterField.key(row))),
  });
}
