// Per-period sums of every scope during the ledger pass, laid out period by period (row = period,
// column = scope). The pass works through one period at a time and each transaction touches a handful
// of scopes: with one row per period those writes stay in a few cache lines, where one array per scope
// would scatter them over thousands. `columnSeries` hands each scope its own series at the end.

export class ScopeMatrix {
  readonly rows: number;
  private capacity: number;
  private columns = 0;
  data: Float64Array;

  constructor(rows: number, capacity = 256) {
    this.rows = rows;
    this.capacity = capacity;
    this.data = new Float64Array(rows * capacity);
  }

  /** Index of (row, column) in `data`; valid until the next `ensureColumns` that grows. */
  at(row: number, column: number): number {
    return row * this.capacity + column;
  }

  ensureColumns(count: number): void {
    if (count <= this.capacity) {
      this.columns = Math.max(this.columns, count);
      return;
    }
    const capacity = Math.max(count, this.capacity * 2);
    const data = new Float64Array(this.rows * capacity);
    for (let r = 0; r < this.rows; r++) {
      data.set(this.data.subarray(r * this.capacity, r * this.capacity + this.columns), r * capacity);
    }
    this.data = data;
    this.capacity = capacity;
    this.columns = count;
  }

  /** The row as a view, for writing a whole period's values at once. */
  row(row: number): Float64Array {
    return this.data.subarray(row * this.capacity, (row + 1) * this.capacity);
  }

  /** Columns 0 … count − 1, each as its own series: views into one new column-major buffer. */
  columnSeries(count: number): Float64Array[] {
    const { data, capacity, rows } = this;
    const buffer = new Float64Array(count * rows);
    for (let r = 0; r < rows; r++) {
      const from = r * capacity;
      for (let c = 0, to = r; c < count; c++, to += rows) buffer[to] = data[from + c]!;
    }
    const series: Float64Array[] = [];
    for (let c = 0; c < count; c++) series.push(buffer.subarray(c * rows, (c + 1) * rows));
    return series;
  }
}
