import type { TDashboardView } from '@strata/contracts/dashboards';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/api-client.ts';
import { saveDashboardWidgets, type TDashboardWidget } from './dashboard-views.ts';

const view: TDashboardView = {
  id: 'v1',
  repository_id: 'r1',
  type: 'desktop',
  name: 'Overview',
  slug: 'overview',
  position: 0,
  widgets: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  version: 5,
};
const widget = (id: string): TDashboardWidget => ({
  id,
  kind: 'value',
  layout: { x: 0, y: 0, w: 4, h: 3 },
  settings: {},
});

afterEach(() => configureApiClient({ fetch: (...args) => globalThis.fetch(...args) }));

describe('saveDashboardWidgets', () => {
  it('sends the version the view was loaded at, and a save queued behind another the version its answer carried', async () => {
    const sent: unknown[] = [];
    let version = 5;
    configureApiClient({
      logError: () => {},
      fetch: (async (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        version += 1;
        return new Response(JSON.stringify({ ...view, widgets: body.widgets, version }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }) as typeof fetch,
    });
    const queryClient = new QueryClient();
    // Two quick edits of the same loaded view: the second goes out after the first's answer.
    const first = saveDashboardWidgets(queryClient, view, [widget('a')]);
    const second = saveDashboardWidgets(queryClient, view, [widget('a'), widget('b')]);
    expect((await first).version).toBe(6);
    expect((await second).version).toBe(7);
    expect(sent).toEqual([
      { widgets: [widget('a')], version: 5 },
      { widgets: [widget('a'), widget('b')], version: 6 },
    ]);
  });
});
