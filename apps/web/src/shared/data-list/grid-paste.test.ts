import { describe, expect, it } from 'vitest';
import { pasteRowIndexes } from './grid-paste.ts';

describe('where a paste lands in a grid', () => {
  it('on the ticked rows, in order, when the focused cell is one of them', () => {
    expect(pasteRowIndexes(7, [12, 3, 7], 1)).toEqual([3, 7, 12]);
    expect(pasteRowIndexes(3, [3, 7], 5)).toEqual([3, 7]);
  });

  it('from the focused cell down, one row a line, when its row is not ticked', () => {
    expect(pasteRowIndexes(4, [], 3)).toEqual([4, 5, 6]);
    expect(pasteRowIndexes(4, [1, 2], 1)).toEqual([4]);
  });
});
