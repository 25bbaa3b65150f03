import { describe, expect, it } from 'vitest';
import {
  refusedWidgetKinds,
  upgradeForWidgetsMessage,
  upgradePlanForKinds,
  widgetsNotInPlanMessage,
} from './dashboard-plan.ts';
import { starterWidgets } from './starter-dashboards.ts';
import { GRID_COLUMNS } from './widget-kinds.ts';

const PLANS = [
  { id: 'professional', name: 'PRO', dashboard_widgets: 'all' as const },
  { id: 'standard', name: 'Standard', dashboard_widgets: ['Value Pie', 'Value Table', 'IRR and MOIC'] },
  { id: 'collaborator', name: 'Collaborator', dashboard_widgets: ['Value Table'] },
];

describe('dashboard plan gate', () => {
  it('refuses kinds outside the plan, once each, but keeps widgets already saved', () => {
    const widgets = [
      { id: 'a', kind: 'Value Table' },
      { id: 'b', kind: 'Value Pie' },
      { id: 'c', kind: 'Value Pie' },
      { id: 'd', kind: 'Commitments' },
    ];
    expect(refusedWidgetKinds(widgets, ['Value Table'])).toEqual(['Value Pie', 'Commitments']);
    expect(refusedWidgetKinds(widgets, 'all')).toEqual([]);
    // b was saved before a downgrade; c is a new Value Pie; d was saved as another kind.
    expect(
      refusedWidgetKinds(
        widgets,
        ['Value Table'],
        [
          { id: 'b', kind: 'Value Pie' },
          { id: 'd', kind: 'Value Pie' },
        ],
      ),
    ).toEqual(['Value Pie', 'Commitments']);
    expect(
      refusedWidgetKinds(widgets.slice(0, 2), ['Value Table'], [{ id: 'b', kind: 'Value Pie' }]),
    ).toEqual([]);
  });

  it('offers the smallest plan that allows every refused kind', () => {
    expect(upgradePlanForKinds(PLANS, ['Value Pie'])?.id).toBe('standard');
    expect(upgradePlanForKinds(PLANS, ['Value Pie', 'Commitments'])?.id).toBe('professional');
    expect(upgradePlanForKinds(PLANS.slice(1), ['Commitments'])).toBeUndefined();
    expect(widgetsNotInPlanMessage(['Value Pie'])).toBe('Value Pie is not available on your plan');
    expect(widgetsNotInPlanMessage(['A', 'B'])).toBe('A, B are not available on your plan');
    expect(upgradeForWidgetsMessage('PRO')).toBe('These widgets are available on the PRO plan.');
  });
});

describe('starter dashboards', () => {
  it('lays the overview out on the desktop grid and stacks it on a phone', () => {
    const desktop = starterWidgets('desktop', 'all');
    expect(desktop.map((w) => [w.kind, w.layout.x, w.layout.y, w.layout.w])).toEqual([
      ['Value Change Snapshot', 0, 0, 4],
      ['Value Pie', 4, 0, 4],
      ['IRR and MOIC', 8, 0, 4],
      ['Value History Bars', 0, 5, 8],
      ['Income Table', 8, 5, 4],
    ]);
    const mobile = starterWidgets('mobile', 'all');
    expect(mobile.every((w) => w.layout.x === 0 && w.layout.w === GRID_COLUMNS.mobile)).toBe(true);
    expect(mobile.map((w) => w.layout.y)).toEqual([0, 5, 10, 15, 19]);
  });

  it("keeps to the plan's kinds and gives a small plan its table", () => {
    const small = starterWidgets('desktop', [
      'Value Table',
      'Value Pie',
      'Income Table',
      'Section Delimiter',
    ]);
    expect(small.map((w) => w.kind)).toEqual(['Value Pie', 'Income Table', 'Value Table']);
    expect(small[2]?.layout).toEqual({ x: 0, y: 5, w: 12, h: 4 });
    expect(small[0]?.settings).toMatchObject({ precision: 0, grouping: 'account' });
  });
});
