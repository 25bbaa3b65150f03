import { ActionIcon, Box, Card, Group, NativeSelect, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { TDashboardType } from '@strata/core/dashboards/widget-kinds';
import { IconArrowDown, IconArrowUp, IconSettings, IconTrash } from '@tabler/icons-react';
import type { TDashboardWidget } from '../api/dashboard-views.ts';
import { WidgetRenderer } from '../widgets/widget-renderer.tsx';
import type { TWidgetInput } from '../widgets/widget-settings.ts';
import { HEIGHT_CHOICES, WIDTH_CHOICES } from './dashboard-layout.ts';

/** Grid row height in pixels; a widget's `h` counts these (rows grow when the content needs more). */
export const ROW_HEIGHT = 56;

export interface TWidgetEditActions {
  onMove: (delta: -1 | 1) => void;
  onResize: (size: { w?: number; h?: number }) => void;
  onRemove: () => void;
  onSettings: () => void;
  isFirst: boolean;
  isLast: boolean;
}

function EditBar({
  widget,
  title,
  type,
  actions,
}: {
  widget: TDashboardWidget;
  title: string;
  type: TDashboardType;
  actions: TWidgetEditActions;
}) {
  return (
    <Group gap={4} wrap="nowrap" role="toolbar" aria-label={`Edit ${title}`}>
      <Tooltip label="Move up">
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={`Move ${title} up`}
          disabled={actions.isFirst}
          onClick={() => actions.onMove(-1)}
        >
          <IconArrowUp size={14} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Move down">
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={`Move ${title} down`}
          disabled={actions.isLast}
          onClick={() => actions.onMove(1)}
        >
          <IconArrowDown size={14} />
        </ActionIcon>
      </Tooltip>
      <NativeSelect
        size="xs"
        w={64}
        aria-label={`Width of ${title}`}
        value={String(widget.layout.w)}
        data={[...new Set([...WIDTH_CHOICES[type], widget.layout.w])]
          .sort((a, b) => a - b)
          .map((w) => ({ value: String(w), label: `${w}/${type === 'desktop' ? 12 : 4}` }))}
        onChange={(event) => actions.onResize({ w: Number(event.currentTarget.value) })}
      />
      <NativeSelect
        size="xs"
        w={56}
        aria-label={`Height of ${title}`}
        value={String(widget.layout.h)}
        data={[...new Set([...HEIGHT_CHOICES, widget.layout.h])]
          .sort((a, b) => a - b)
          .map((h) => ({ value: String(h), label: `${h}` }))}
        onChange={(event) => actions.onResize({ h: Number(event.currentTarget.value) })}
      />
      <Tooltip label="Settings">
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={`Settings of ${title}`}
          onClick={actions.onSettings}
        >
          <IconSettings size={14} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Remove">
        <ActionIcon
          variant="subtle"
          color="red"
          size="sm"
          aria-label={`Remove ${title}`}
          onClick={actions.onRemove}
        >
          <IconTrash size={14} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** One cell of the dashboard grid: the title, in edit mode the widget's tools, and the widget. */
export function WidgetCard({
  widget,
  type,
  input,
  precision,
  edit,
}: {
  widget: TDashboardWidget;
  type: TDashboardType;
  input: TWidgetInput;
  precision: number;
  /** Present in edit mode. */
  edit?: TWidgetEditActions;
}) {
  const title =
    typeof widget.settings.title === 'string' && widget.settings.title ? widget.settings.title : widget.kind;
  const isDelimiter = widget.kind === 'Section Delimiter';
  // The widget's own precision wins when it has one; else the timeline's.
  const hasOwnPrecision = typeof widget.settings.precision === 'number';
  return (
    <Card
      withBorder={!isDelimiter || Boolean(edit)}
      padding="sm"
      data-widget-id={widget.id}
      data-widget-kind={widget.kind}
      style={{
        gridColumn: `${widget.layout.x + 1} / span ${widget.layout.w}`,
        gridRow: `${widget.layout.y + 1} / span ${widget.layout.h}`,
        minWidth: 0,
        background: isDelimiter && !edit ? 'transparent' : undefined,
      }}
    >
      <Stack gap="xs" h="100%">
        {(!isDelimiter || edit) && (
          // The title is never cut ('Val…' in edit mode, issue 18): it wraps, and the edit tools go under
          // it when both do not fit on one line.
          <Group justify="space-between" wrap="wrap" gap="xs">
            {!isDelimiter ? (
              <Title order={2} size="h5" style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Title>
            ) : (
              <Text size="xs" c="dimmed">
                Section Delimiter
              </Text>
            )}
            {edit && <EditBar widget={widget} title={title} type={type} actions={edit} />}
          </Group>
        )}
        <Box style={{ flex: 1, overflow: 'auto', minHeight: 0 }}>
          <WidgetRenderer
            kind={widget.kind}
            settings={widget.settings}
            input={input}
            precision={hasOwnPrecision ? undefined : precision}
          />
        </Box>
      </Stack>
    </Card>
  );
}
