import {
  Alert,
  Box,
  Button,
  Center,
  Collapse,
  Group,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TDashboardType } from '@strata/core/dashboards/widget-kinds';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { useAssets } from '../../assets/index.ts';
import { useSession } from '../../auth/index.ts';
import { useCurrentRepository } from '../../repositories/index.ts';
import { saveUserSettings, useUserSettings, webToday } from '../../session/index.ts';
import { createDashboardView, useDashboardViews } from '../api/dashboard-views.ts';
import { TimelineControls } from '../timeline/timeline-controls.tsx';
import { TIMELINE_PANEL_ID, TimelineSummary } from '../timeline/timeline-summary.tsx';
import { useTimelineSettings } from '../timeline/use-timeline-settings.ts';
import { DashboardGrid, type TBoardFacts } from './dashboard-grid.tsx';

const NewDashboardForm = lazy(() =>
  import('./new-dashboard-form.tsx').then((m) => ({ default: m.NewDashboardForm })),
);

/** Seed §2: an aggregator's callback lands here with these; they are dropped on first load. */
const CALLBACK_PARAMS = ['code', 'state'];

/** 'investment account' → 'Investment account'. */
const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function useStripCallbackParams() {
  const [params, setParams] = useSearchParams();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first load is stripped.
  useEffect(() => {
    if (CALLBACK_PARAMS.some((name) => params.has(name))) {
      const next = new URLSearchParams(params);
      for (const name of CALLBACK_PARAMS) next.delete(name);
      setParams(next, { replace: true });
    }
  }, []);
}

/**
 * The timeline's full controls under its one-line summary: the user's click this visit wins; else folded on a
 * phone, and on wide screens as the user left them (`timelineOpened`, seed §3, open by default).
 */
export function isTimelineOpenFor(input: {
  choice: boolean | null;
  isPhone: boolean;
  timelineOpened: boolean | undefined;
}): boolean {
  return input.choice ?? (!input.isPhone && (input.timelineOpened ?? true));
}

/**
 * The dashboards of the current repository: phone and tablet widths show the mobile layouts, wider screens
 * the desktop ones (seed §2); while editing, either layout can be picked. `slug` picks the dashboard; the
 * first one otherwise.
 */
export function DashboardBoard({ slug }: { slug?: string }) {
  useStripCallbackParams();
  const navigate = useNavigate();
  const isPhone = useMediaQuery('(max-width: 62em)') ?? false;
  const { repository, isLoading } = useCurrentRepository();
  const views = useDashboardViews(repository?.id);
  const assets = useAssets(repository?.id);
  const { timeline, setTimeline } = useTimelineSettings(repository);
  const [isEditing, setIsEditing] = useState(false);
  const [pickedType, setPickedType] = useState<TDashboardType | null>(null);
  // Folded on a phone; on wide screens as the user left it (the `timelineOpened` user setting, seed §3).
  const [timelineChoice, setTimelineChoice] = useState<boolean | null>(null);
  const userId = useSession().data?.user.id;
  const userSettings = useUserSettings(userId);
  const today = webToday(userSettings.data?.timeZone);
  const [isCreating, setIsCreating] = useState(false);
  const queryClient = useQueryClient();
  const facts = useMemo<TBoardFacts>(() => {
    const live = (assets.data ?? []).filter((asset) => !asset.deleted_at);
    return {
      accountTypes: Object.fromEntries(live.map((asset) => [asset.id, sentenceCase(asset.type)])),
      assetNames: Object.fromEntries(live.map((asset) => [asset.id, asset.name])),
    };
  }, [assets.data]);
  const currencies = useMemo(
    () =>
      (assets.data ?? [])
        .filter((asset) => asset.type === 'currency' && !asset.deleted_at && asset.ticker)
        .map((asset) => asset.ticker as string)
        .sort(),
    [assets.data],
  );

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
  const isTimelineOpen = isTimelineOpenFor({
    choice: timelineChoice,
    isPhone,
    timelineOpened: userSettings.data?.timelineOpened,
  });
  const toggleTimeline = () => {
    const next = !isTimelineOpen;
    setTimelineChoice(next);
    // Remembered for wide screens only: a phone folds it anyway.
    if (userId && !isPhone) {
      void saveUserSettings(queryClient, userId, (current) =>
        current.timelineOpened === next ? current : { ...current, timelineOpened: next },
      ).catch(notifyError);
    }
  };
  const type: TDashboardType = (isEditing && pickedType) || (isPhone ? 'mobile' : 'desktop');
  const mine = (views.data ?? []).filter((view) => view.type === type);
  const current = mine.find((view) => view.slug === slug) ?? mine[0];
  // Editing the phone layout on a wide screen shows it at phone width.
  const isNarrow = type === 'mobile' && !isPhone;
  return (
    <Stack p="md" gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} size="h3">
          {repository.name}
        </Title>
        <Group gap="xs">
          {isEditing && (
            <Button size="xs" variant="default" onClick={() => setIsCreating(true)}>
              New dashboard
            </Button>
          )}
          {isEditing && (
            <SegmentedControl
              size="xs"
              aria-label="Layout"
              value={type}
              onChange={(value) => setPickedType(value as TDashboardType)}
              data={[
                { value: 'desktop', label: 'Desktop' },
                { value: 'mobile', label: 'Mobile' },
              ]}
            />
          )}
          <Button
            size="xs"
            variant={isEditing ? 'filled' : 'default'}
            onClick={() => {
              setIsEditing((editing) => !editing);
              setPickedType(null);
            }}
          >
            {isEditing ? 'Done' : 'Edit dashboard'}
          </Button>
        </Group>
      </Group>
      <Stack gap={4}>
        <TimelineSummary
          value={timeline}
          onChange={setTimeline}
          repositoryCurrency={repository.currency}
          isOpen={isTimelineOpen}
          onToggle={toggleTimeline}
        />
        <Collapse expanded={isTimelineOpen} id={TIMELINE_PANEL_ID}>
          <Paper withBorder p="sm">
            <TimelineControls
              value={timeline}
              onChange={setTimeline}
              currencies={currencies}
              repositoryCurrency={repository.currency}
              today={today}
            />
          </Paper>
        </Collapse>
      </Stack>
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
      <Modal opened={isCreating} onClose={() => setIsCreating(false)} title={`New ${type} dashboard`}>
        <Suspense fallback={<Loader size="sm" aria-label="Loading" />}>
          <NewDashboardForm
            onCancel={() => setIsCreating(false)}
            onCreate={(name) => {
              setIsCreating(false);
              createDashboardView(queryClient, { repository_id: repository.id, type, name })
                .then((created) => navigate(`/dashboards/${created.slug}`))
                .catch((error: unknown) => notifyError(error));
            }}
          />
        </Suspense>
      </Modal>
      {current ? (
        <Box maw={isNarrow ? 420 : undefined} w="100%" mx={isNarrow ? 'auto' : undefined}>
          <DashboardGrid view={current} timeline={timeline} isEditing={isEditing} facts={facts} />
        </Box>
      ) : (
        <Text c="dimmed">No dashboard yet.</Text>
      )}
    </Stack>
  );
}
