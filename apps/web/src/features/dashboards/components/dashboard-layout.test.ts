import { describe, expect, it } from 'vitest';
import type { TDashboardWidget } from '../api/dashboard-views.ts';
import {
  addWidget,
  flowLayout,
  moveWidget,
  orderedWidgets,
  removeWidget,
  resizeWidget,
} from './dashboard-layout.ts';

const widget = (id: string, w: number, h: number, x = 0, y = 0): TDashboardWidget => ({
  id,
  kind: 'Value Table',
  layout: { x, y, w, h },
  settings: {},
});

const places = (widgets: TDashboardWidget[]) =>
  widgets.map((item) => [item.id, item.layout.x, item.layout.y, item.layout.w, item.layout.h]);

describe('dashboard layout', () => {
  it('flows widgets left to right and starts a row when the next does not fit', () => {
    expect(places(flowLayout([widget('a', 4, 3), widget('b', 8, 4), widget('c', 6, 2)], 'desktop'))).toEqual([
      ['a', 0, 0, 4, 3],
      ['b', 4, 0, 8, 4],
      ['c', 0, 4, 6, 2],
    ]);
  });

  it('clamps widths to the grid (a phone has 4 columns)', () => {
    expect(places(flowLayout([widget('a', 12, 3), widget('b', 2, 1)], 'mobile'))).toEqual([
      ['a', 0, 0, 4, 3],
      ['b', 0, 3, 2, 1],
    ]);
  });

  it('orders by row, then column', () => {
    const list = [widget('late', 4, 1, 0, 5), widget('right', 4, 1, 6, 0), widget('left', 4, 1, 0, 0)];
    expect(orderedWidgets(list).map((item) => item.id)).toEqual(['left', 'right', 'late']);
  });

  it('adds a kind at its starting size, full width on a phone', () => {
    const desktop = addWidget([widget('a', 12, 2)], 'Value Pie', 'desktop');
    expect(desktop[1]?.kind).toBe('Value Pie');
    expect(desktop[1]?.layout).toEqual({ x: 0, y: 2, w: 4, h: 4 });
    expect(desktop[1]?.id).not.toBe('a');
    const mobile = addWidget([], 'Value Pie', 'mobile');
    expect(mobile[0]?.layout).toEqual({ x: 0, y: 0, w: 4, h: 4 });
  });

  it('moves, resizes and removes, keeping the layout flowed', () => {
    const list = flowLayout([widget('a', 6, 2), widget('b', 6, 3), widget('c', 12, 1)], 'desktop');
    expect(places(moveWidget(list, 'c', -1, 'desktop'))).toEqual([
      ['a', 0, 0, 6, 2],
      ['c', 0, 2, 12, 1],
      ['b', 0, 3, 6, 3],
    ]);
    expect(moveWidget(list, 'a', -1, 'desktop').map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(places(resizeWidget(list, 'a', { w: 12 }, 'desktop')).slice(0, 2)).toEqual([
      ['a', 0, 0, 12, 2],
      ['b', 0, 2, 6, 3],
    ]);
    expect(places(removeWidget(list, 'a', 'desktop'))).toEqual([
      ['b', 0, 0, 6, 3],
      ['c', 0, 3, 12, 1],
    ]);
  });
});
