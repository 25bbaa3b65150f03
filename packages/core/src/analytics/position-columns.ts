// What valuing a day needs of every position, as parallel typed arrays indexed by position index: the
// ledger pass values a thousand positions on thousands of days, and a loop over flat arrays does that
// several times faster than one chasing position objects (and allocates nothing).

export class PositionColumns {
  size = 0;
  /** Units held, as a float (kept in step with the cost state). */
  units = new Float64Array(64);
  /** Column in the day price matrix, −1 when the asset is not quoted there. */
  column = new Int32Array(64);
  /** Index of the quote currency's rate in the day's rate list. */
  rateSlot = new Int32Array(64);
  /** 1: value through the careful path (marks, splits, currencies, missing data). */
  isCareful = new Uint8Array(64);
  /** Cost basis (kept in step with the cost state, like `units`). */
  cost = new Float64Array(64);
  /** 1: the holding's currency is not the reporting currency (it has an FX effect). */
  isForeign = new Uint8Array(64);
  /** Value of each position on the day last valued. */
  value = new Float64Array(64);
  /** Scope indices of position p: members[offsets[p] … offsets[p + 1]). */
  offsets = new Int32Array(65);
  members = new Int32Array(256);

  add(column: number, rateSlot: number, isCareful: boolean, scopes: Int32Array, isForeign = false): number {
    const p = this.size;
    if (p + 1 >= this.units.length) this.growPositions();
    this.units[p] = 0;
    this.cost[p] = 0;
    this.isForeign[p] = isForeign ? 1 : 0;
    this.column[p] = column;
    this.rateSlot[p] = rateSlot;
    this.isCareful[p] = isCareful ? 1 : 0;
    const start = this.offsets[p]!;
    const end = start + scopes.length;
    if (end > this.members.length) {
      const members = new Int32Array(Math.max(end, this.members.length * 2));
      members.set(this.members);
      this.members = members;
    }
    this.members.set(scopes, start);
    this.offsets[p + 1] = end;
    this.size++;
    return p;
  }

  private growPositions(): void {
    const capacity = this.units.length * 2;
    const grow = <T extends Float64Array | Int32Array | Uint8Array>(from: T, to: T): T => {
      to.set(from);
      return to;
    };
    this.units = grow(this.units, new Float64Array(capacity));
    this.column = grow(this.column, new Int32Array(capacity));
    this.rateSlot = grow(this.rateSlot, new Int32Array(capacity));
    this.isCareful = grow(this.isCareful, new Uint8Array(capacity));
    this.cost = grow(this.cost, new Float64Array(capacity));
    this.isForeign = grow(this.isForeign, new Uint8Array(capacity));
    this.value = grow(this.value, new Float64Array(capacity));
    this.offsets = grow(this.offsets, new Int32Array(capacity + 1));
  }
}
