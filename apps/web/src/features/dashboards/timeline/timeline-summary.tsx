// The timeline folded to one line (issue 18): 'Last 12 months · monthly · USD' opens the full controls, so
// ten buttons, a year picker and six fields no longer sit above every dashboard. On a one-day timeline it
// says that every chart shows a single point and offers the last 12 months.
import { Button, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconCalendar, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import {
  isOneDayTimeline,
  LONGER_WINDOW,
  type TTimelineSettings,
  timelineSummary,
} from './timeline-rules.ts';

export const TIMELINE_PANEL_ID = 'dashboard-timeline-panel';

export function TimelineSummary({
  value,
  onChange,
  repositoryCurrency,
  isOpen,
  onToggle,
}: {
  value: TTimelineSettings;
  onChange: (next: TTimelineSettings) => void;
  repositoryCurrency: string;
  isOpen: boolean;
  onToggle: () => void;
}) {
  const summary = timelineSummary(value, repositoryCurrency);
  const Chevron = isOpen ? IconChevronUp : IconChevronDown;
  return (
    <Paper withBorder px="sm" py={6}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <UnstyledButton
          onClick={onToggle}
          aria-expanded={isOpen}
          aria-controls={TIMELINE_PANEL_ID}
          aria-label={`Timeline: ${summary}`}
        >
          <Group gap={6} wrap="nowrap">
            <IconCalendar size={16} aria-hidden="true" />
            <Text size="sm" fw={500} data-testid="timeline-summary">
              {summary}
            </Text>
            <Chevron size={14} aria-hidden="true" />
          </Group>
        </UnstyledButton>
        {isOneDayTimeline(value) && (
          <Group gap="xs" wrap="wrap" role="note" aria-label="One-day timeline">
            <Text size="xs" c="dimmed">
              A one-day timeline shows a single point in every chart.
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => onChange({ ...value, ...LONGER_WINDOW })}
            >
              Show the last 12 months
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
