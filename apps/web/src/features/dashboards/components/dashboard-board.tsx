import {
  Alert,
  Box,
  Card,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TDashboardView } from '@strata/contracts/dashboards';
import type { TAnalyticsResult } from '@strata/core/analytics/analytics-types';
import { findWidgetKind, GRID_COLUMNS } from '@strata/core/dashboards/widget-kinds';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentRepository } from '../../repositories/use-current-repository.ts';
import { type TTimeline, useAnalytics } from '../api/analytics.ts';
import { useDashboardViews } from '../api/dashboard-views.ts';
import { WidgetView } from './widget-view.tsx';

/** Grid row height in pixels; a widget's `h` counts these. */
const ROW_HEIGHT = 56;
const TIMELINES: Record<string, TTimeline> = {
  '12 months': { periods: 12, freq: 'month' },
  '8 quarters': { periods: 8, freq: 'quarter' },
  '5 years': { periods: 5, freq: 'year' },
};

function Board({
  view,
  timeline,
  currency,
  repositoryId,
}: {
  view: TDashboardView;
  timeline: TTimeline;
  currency: string;
  repositoryId: string;
}) {
  const datasets = view.widgets.flatMap((widget) => findWidgetKind(widget.kind)?.datasets ?? []);
  const analytics = useAnalytics(repositoryId, timeline, datasets);
  const columns = GRID_COLUMNS[view.type];
  if (analytics.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Computing analytics" />
      </Center>
    );
  }
  if (analytics.isError) return <Alert color="red">{analytics.error.message}</Alert>;
  const answer = analytics.data;
  if (answer.status !== 'done' || !answer.result) {
    return <Alert color={answer.status === 'error' ? 'red' : 'blue'}>{answer.message}</Alert>;
  }
  const result = answer.result as unknown as TAnalyticsResult;
  return (
    <Stack gap="xs">
      {answer.total_compute_time > 5 && (
        <Text size="xs" c="dimmed">
          Analytics calculated in {Math.round(answer.total_compute_time)} sec
        </Text>
      )}
      <Box
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          gridAutoRows: ROW_HEIGHT,
          gap: 12,
        }}
      >
        {view.widgets.map((widget) => (
          <Card
            key={widget.id}
            withBorder={widget.kind !== 'Section Delimiter'}
            padding="sm"
            aria-label={widget.kind}
            data-testid={`widget-${widget.id}`}
            style={{
              gridColumn: `${widget.layout.x + 1} / span ${widget.layout.w}`,
              gridRow: `${widget.layout.y + 1} / span ${widget.layout.h}`,
              overflow: 'hidden',
            }}
          >
            <WidgetView widget={widget} result={result} currency={result.currency ?? currency} />
          </Card>
        ))}
      </Box>
    </Stack>
  );
}

/**
 * The dashboards of the current repository: phone and tablet widths show the mobile layouts, wider screens
 * the desktop ones (seed §2). `slug` picks the dashboard; the first one otherwise.
 */
export function DashboardBoard({ slug }: { slug?: string }) {
  const navigate = useNavigate();
  const isMobile = useMediaQuery('(max-width: 62em)') ?? false;
  const { repository, isLoading } = useCurrentRepository();
  const views = useDashboardViews(repository?.id);
  const [timelineName, setTimelineName] = useState('12 months');
  if (isLoading || (repository && views.isPending)) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading dashboards" />
      </Center>
    );
  }
  if (!repository) {
    return (
      <Stack p="md" align="center">
        <Title order={1} size="h3">
          Dashboards
        </Title>
        <Text c="dimmed">Create or pick a repository in the header to see its dashboards.</Text>
      </Stack>
    );
  }
  if (views.isError) return <Alert color="red">{views.error.message}</Alert>;
  const mine = (views.data ?? []).filter((view) => view.type === (isMobile ? 'mobile' : 'desktop'));
  const current = mine.find((view) => view.slug === slug) ?? mine[0];
  const timeline = TIMELINES[timelineName] as TTimeline;
  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={1} size="h3">
          {repository.name}
        </Title>
        <SegmentedControl
          size="xs"
          aria-label="Timeline"
          value={timelineName}
          onChange={setTimelineName}
          data={Object.keys(TIMELINES)}
        />
      </Group>
      {mine.length > 1 && (
        <Tabs value={current?.slug ?? null} onChange={(value) => value && navigate(`/dashboards/${value}`)}>
          <Tabs.List>
            {mine.map((view) => (
              <Tabs.Tab key={view.id} value={view.slug}>
                {view.name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}
      {current ? (
        <Board
          view={current}
          timeline={timeline}
          currency={repository.currency}
          repositoryId={repository.id}
        />
      ) : (
        <Text c="dimmed">No dashboard yet.</Text>
      )}
    </Stack>
  );
}
