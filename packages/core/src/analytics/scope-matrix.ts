// Per-period sums of every scope during the ledger pass, laid out period by period (row = period,
// column = scope). The pass works through one period at a time and each transaction touches a handful
// of scopes: with one row per period those writes stay in a few cache lines, where one array per scope
// would scatter them over thousands. `copyInto` hands each scope its own series at the end.

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

  /** Column `column` into `target` (length ≥ rows). */
  copyInto(column: number, target: Float64Array): void {
    const { data, capacity } = this;
    for (let r = 0, i = column; r < this.rows; r++, i += capacity) target[r] = data[i]!;
  }
}
