import { Alert, Box, Button, Center, Group, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import type { TDashboardView } from '@strata/contracts/dashboards';
import type { TDataset, TScopeKind } from '@strata/core/analytics/analytics-types';
import { findWidgetKind, GRID_COLUMNS } from '@strata/core/dashboards/widget-kinds';
import {
  boardIrrScopeKinds,
  boardScopeKinds,
  EDITING_SCOPE_KINDS,
} from '@strata/core/dashboards/widget-scopes';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { analyticsResult } from '../../../shared/api/analytics-result.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { type TDashboardAnalytics, useDashboardAnalytics } from '../api/analytics.ts';
import { saveDashboardWidgets, type TDashboardWidget } from '../api/dashboard-views.ts';
import type { TTimelineSettings } from '../timeline/timeline-rules.ts';
import { findWidgetDefinition } from '../widgets/widget-registry.ts';
import { readWidgetSettings, type TWidgetInput } from '../widgets/widget-settings.ts';
import {
  addWidget,
  moveWidget,
  orderedWidgets,
  removeWidget,
  resizeWidget,
  setWidgetSettings,
} from './dashboard-layout.ts';
import { ROW_HEIGHT, WidgetCard } from './widget-card.tsx';

// Editing tools load when the user edits, not with the route.
const AddWidgetPicker = lazy(() =>
  import('./add-widget-picker.tsx').then((m) => ({ default: m.AddWidgetPicker })),
);
const WidgetSettingsForm = lazy(() =>
  import('./widget-settings-form.tsx').then((m) => ({ default: m.WidgetSettingsForm })),
);

/** 'Analytics calculated in N sec' appears when a compute took longer than this (seed). */
const SLOW_COMPUTE_SEC = 5;

/** The union of the widgets' datasets; a board of delimiters still asks for values (scopes, currency). */
export function datasetsOf(widgets: readonly TDashboardWidget[]): TDataset[] {
  const datasets = new Set<TDataset>();
  for (const widget of widgets)
    for (const dataset of findWidgetKind(widget.kind)?.datasets ?? []) datasets.add(dataset);
  if (datasets.size === 0) datasets.add('value_view');
  return [...datasets].sort();
}

/**
 * The scope kinds the board's widgets read (core's boardScopeKinds). While editing, every kind a scope
 * setting may offer, so the settings form can list them all.
 */
export function scopeKindsOf(
  widgets: readonly TDashboardWidget[],
  isEditing: boolean,
): readonly TScopeKind[] {
  if (isEditing) return EDITING_SCOPE_KINDS;
  return boardScopeKinds(
    widgets.flatMap((widget) => {
      const kind = findWidgetKind(widget.kind);
      if (!kind) return [];
      const defaults = findWidgetDefinition(widget.kind)?.defaultSettings;
      return [{ kind, settings: readWidgetSettings(widget.settings, defaults) }];
    }),
  );
}

function ComputeStatus({ analytics }: { analytics: TDashboardAnalytics }) {
  const { progress, isPending, response } = analytics;
  if (isPending) {
    const percent = progress ? Math.round(progress.progress * 100) : null;
    return (
      <Stack gap={2} role="status" aria-label="Analytics progress">
        <Text size="xs" c="dimmed">
          {progress
            ? `Computing analytics: ${progress.stage}${progress.transactions !== undefined ? ` (${progress.transactions} transactions)` : ''}`
            : 'Computing analytics…'}
        </Text>
        <Progress value={percent ?? 100} animated={percent === null} striped={percent === null} size="xs" />
      </Stack>
    );
  }
  if (response && response.total_compute_time > SLOW_COMPUTE_SEC) {
    return (
      <Text size="xs" c="dimmed">
        Analytics calculated in {Math.round(response.total_compute_time)} sec
      </Text>
    );
  }
  return null;
}

/** The scope kinds whose IRR the board needs solved (core's boardIrrScopeKinds; null: the default). */
export function irrScopeKindsOf(widgets: readonly TDashboardWidget[]): readonly TScopeKind[] | null {
  return boardIrrScopeKinds(
    widgets.flatMap((widget) => {
      const kind = findWidgetKind(widget.kind);
      if (!kind) return [];
      const defaults = findWidgetDefinition(widget.kind)?.defaultSettings;
      return [{ kind, settings: readWidgetSettings(widget.settings, defaults) }];
    }),
  );
}

export interface TBoardFacts {
  accountTypes: Record<string, string>;
  assetNames: Record<string, string>;
}

/** One dashboard: the analytics its widgets read, the grid, and in edit mode the tools that change it. */
export function DashboardGrid({
  view,
  timeline,
  isEditing,
  facts,
}: {
  view: TDashboardView;
  timeline: TTimelineSettings;
  isEditing: boolean;
  facts: TBoardFacts;
}) {
  const queryClient = useQueryClient();
  const datasets = datasetsOf(view.widgets);
  const scopes = scopeKindsOf(view.widgets, isEditing);
  const irrScopes = irrScopeKindsOf(view.widgets);
  const analytics = useDashboardAnalytics(view.repository_id, timeline, datasets, scopes, irrScopes);
  const [isAdding, setIsAdding] = useState(false);
  const [settingsOf, setSettingsOf] = useState<string | null>(null);
  const type = view.type;
  const widgets = orderedWidgets(view.widgets);
  const response = analytics.response;
  const result = response?.status === 'done' ? analyticsResult(response) : null;
  const input = useMemo<TWidgetInput | null>(
    () =>
      result
        ? {
            result,
            accountTypes: facts.accountTypes,
            assetNames: facts.assetNames,
            repositoryId: view.repository_id,
          }
        : null,
    [result, facts, view.repository_id],
  );

  const save = (next: TDashboardWidget[]) => {
    saveDashboardWidgets(queryClient, view, next).catch((error: unknown) => notifyError(error));
  };
  const editing = settingsOf ? view.widgets.find((widget) => widget.id === settingsOf) : undefined;
  const editingDefinition = editing ? findWidgetDefinition(editing.kind) : undefined;

  const renderGrid = (shown: readonly TDashboardWidget[], gridInput: TWidgetInput) => (
    <Box
      data-testid="dashboard-grid"
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(${GRID_COLUMNS[type]}, minmax(0, 1fr))`,
        gridAutoRows: `minmax(${ROW_HEIGHT}px, auto)`,
        gap: 12,
      }}
    >
      {shown.map((widget, index) => (
        <WidgetCard
          key={widget.id}
          widget={widget}
          type={type}
          input={gridInput}
          precision={timeline.precision}
          edit={
            isEditing
              ? {
                  isFirst: index === 0,
                  isLast: index === shown.length - 1,
                  onMove: (delta) => save(moveWidget(widgets, widget.id, delta, type)),
                  onResize: (size) => save(resizeWidget(widgets, widget.id, size, type)),
                  onRemove: () => {
                    save(removeWidget(widgets, widget.id, type));
                    notifications.success(`${widget.kind} removed`);
                  },
                  onSettings: () => setSettingsOf(widget.id),
                }
              : undefined
          }
        />
      ))}
    </Box>
  );
  // A repository without smart transactions has no analytics ('empty'), yet the widgets that read none (the
  // linked ones, delimiters) have something to show: they are drawn under the message.
  const isEmpty = response?.status === 'empty';
  const emptyInput = useMemo<TWidgetInput | null>(
    () =>
      isEmpty
        ? { result: { currency: '', periods: [], missing: [] }, repositoryId: view.repository_id }
        : null,
    [isEmpty, view.repository_id],
  );

  let body: React.ReactNode;
  if (!response && analytics.error) {
    body = <Alert color="red">{analytics.error}</Alert>;
  } else if (!response) {
    body = (
      <Center py="xl">
        <Loader aria-label="Computing analytics" />
      </Center>
    );
  } else if (!input) {
    const alert = <Alert color={response.status === 'error' ? 'red' : 'blue'}>{response.message}</Alert>;
    const independent = widgets.filter((widget) => findWidgetKind(widget.kind)?.datasets.length === 0);
    body =
      emptyInput && independent.length > 0 ? (
        <Stack gap="xs">
          {alert}
          {renderGrid(independent, emptyInput)}
        </Stack>
      ) : (
        alert
      );
  } else if (widgets.length === 0) {
    body = (
      <Text c="dimmed">No widgets yet. {isEditing ? 'Add one.' : 'Edit the dashboard to add some.'}</Text>
    );
  } else {
    body = renderGrid(widgets, input);
  }

  return (
    <Stack gap="xs" data-analytics-transport={analytics.transport}>
      <ComputeStatus analytics={analytics} />
      {analytics.error && response && <Alert color="red">{analytics.error}</Alert>}
      {isEditing && (
        <Group>
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setIsAdding(true)}>
            Add widget
          </Button>
        </Group>
      )}
      {body}
      <Modal opened={isAdding} onClose={() => setIsAdding(false)} title="Add widget" size="lg">
        <Suspense fallback={<Loader size="sm" aria-label="Loading widget kinds" />}>
          <AddWidgetPicker
            onPick={(kind) => {
              setIsAdding(false);
              save(addWidget(widgets, kind, type));
            }}
          />
        </Suspense>
      </Modal>
      <Modal
        opened={Boolean(editing && editingDefinition)}
        onClose={() => setSettingsOf(null)}
        title={editing ? `Settings: ${editing.kind}` : ''}
      >
        {editing && editingDefinition && (
          <Suspense fallback={<Loader size="sm" aria-label="Loading settings" />}>
            <WidgetSettingsForm
              definition={editingDefinition}
              settings={editing.settings}
              input={input}
              onCancel={() => setSettingsOf(null)}
              onSave={(settings) => {
                setSettingsOf(null);
                save(setWidgetSettings(view.widgets, editing.id, { ...settings }));
              }}
            />
          </Suspense>
        )}
      </Modal>
    </Stack>
  );
}
