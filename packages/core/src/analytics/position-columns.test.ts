import { describe, expect, it } from 'vitest';
import { PositionColumns } from './position-columns.ts';

describe('position columns', () => {
  it('keeps each position’s fields and scope list through growth', () => {
    const columns = new PositionColumns();
    for (let p = 0; p < 200; p++) {
      const index = columns.add(
        p % 7,
        p % 3,
        p % 5 === 0,
        Int32Array.from({ length: 1 + (p % 4) }, (_, k) => p + k),
        p % 2 === 1,
      );
      expect(index).toBe(p);
      columns.units[p] = p / 2;
      columns.cost[p] = p * 3;
    }
    expect(columns.size).toBe(200);
    for (let p = 0; p < 200; p++) {
      expect([
        columns.column[p],
        columns.rateSlot[p],
        columns.isCareful[p],
        columns.isForeign[p],
        columns.units[p],
        columns.cost[p],
      ]).toEqual([p % 7, p % 3, p % 5 === 0 ? 1 : 0, p % 2, p / 2, p * 3]);
      const members = [...columns.members.subarray(columns.offsets[p]!, columns.offsets[p + 1]!)];
      expect(members).toEqual(Array.from({ length: 1 + (p % 4) }, (_, k) => p + k));
    }
  });
});
